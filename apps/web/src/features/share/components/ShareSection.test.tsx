// @vitest-environment happy-dom
// The profile's "Share your travels" against a stubbed server: off with what it is, turned on to a link
// that copies (or is selected where the clipboard refuses), a new link only after saying the old one stops
// working, each choice saved at once and taken back with a message when the save fails, and turned off.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SHARE_MESSAGES, type CountriesSummary, type ShareSettings } from '@waymarks/shared';
import {
  answer,
  calledPaths,
  refuse,
  renderAt,
  serve,
  type RequestMock,
  type RequestOptions,
} from '../../../testing/render';
import { buildShareSettings, NEW_PAGE_PATH, PAGE_PATH, SHARE_OFF } from '../share.testing';
import { ShareSection } from './ShareSection';

const { request } = vi.hoisted(() => ({ request: vi.fn() as unknown as RequestMock }));
vi.mock('../../../app/auth/useAuth', () => ({ useAuth: () => ({ request }) }));

const COUNTRIES: CountriesSummary = {
  totalCountries: 2,
  totalPins: 3,
  totalMedia: 0,
  totalCities: 3,
  achievements: [],
  countries: [
    { countryCode: 'PT', countryName: 'Portugal', pinCount: 2, mediaCount: 0, totalSizeMB: 0 },
    { countryCode: 'FR', countryName: 'France', pinCount: 1, mediaCount: 0, totalSizeMB: 0 },
  ],
};

/** A server holding the settings: PUT /share merges what it is sent, as the real one does. */
function shareServer(
  initial: ShareSettings,
  routes: Record<string, (options?: RequestOptions) => Promise<unknown>> = {},
) {
  let settings = initial;
  const sent: unknown[] = [];
  serve(request, {
    'GET /share': () => Promise.resolve(settings),
    'GET /countries': answer(COUNTRIES),
    'PUT /share': (options) => {
      const body = options?.body as Partial<ShareSettings>;
      sent.push(body);
      settings = { ...settings, ...body };
      if (body.enabled === true && settings.url === null) settings.url = PAGE_PATH;
      if (body.enabled === false) settings.url = null;
      return Promise.resolve(settings);
    },
    ...routes,
  });
  return sent;
}

const link = (path: string) => `${window.location.origin}${path}`;
const section = () => screen.getByRole('region', { name: 'Share your travels' });
const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

function stubClipboard(writeText: (text: string) => Promise<void>) {
  const clipboard = { writeText: vi.fn(writeText) };
  vi.stubGlobal('navigator', { ...navigator, clipboard });
  return clipboard;
}

beforeEach(() => {
  vi.mocked(request).mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ShareSection', () => {
  it('is off at first, says what the page is, and turning it on shows its full link', async () => {
    const sent = shareServer(SHARE_OFF);
    renderAt(<ShareSection />, '/profile');

    const turnOn = await screen.findByRole('button', { name: 'Turn on my travel page' });
    expect(section().textContent).toContain('It stays private until you turn it on');
    expect(section().textContent).toContain(SHARE_MESSAGES.privacy);
    expect(screen.queryByRole('textbox')).toBeNull();

    fireEvent.click(turnOn);
    const field = (await screen.findByRole('textbox', {
      name: 'Link to your travel page',
    })) as HTMLInputElement;
    expect(field.value).toBe(link(PAGE_PATH));
    expect(field.readOnly).toBe(true);
    expect(sent).toEqual([{ enabled: true }]);
    expect(screen.getByRole('link', { name: /^Open page/ }).getAttribute('href')).toBe(link(PAGE_PATH));
    expect(checkbox('Let search engines list my page').checked).toBe(false);
    expect(section().textContent).toContain(SHARE_MESSAGES.privacy);
  });

  it('copies the link and says so aloud', async () => {
    shareServer(buildShareSettings());
    const clipboard = stubClipboard(() => Promise.resolve());
    renderAt(<ShareSection />, '/profile');

    fireEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(clipboard.writeText).toHaveBeenCalledWith(link(PAGE_PATH)));
    const status = await screen.findByText('Link copied');
    expect(status.getAttribute('aria-live')).toBe('polite');
  });

  it('selects the link for the traveller to copy where the clipboard refuses', async () => {
    shareServer(buildShareSettings());
    stubClipboard(() => Promise.reject(new Error('denied')));
    renderAt(<ShareSection />, '/profile');

    fireEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText(/The link is selected/)).toBeTruthy();
    const field = screen.getByRole('textbox', { name: 'Link to your travel page' }) as HTMLInputElement;
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, field.value.length]);
  });

  it('makes a new link only once the traveller has read that the old one stops working', async () => {
    shareServer(buildShareSettings(), { 'POST /share/regenerate': answer({ url: NEW_PAGE_PATH }) });
    renderAt(<ShareSection />, '/profile');

    fireEvent.click(await screen.findByRole('button', { name: 'Get a new link' }));
    let dialog = screen.getByRole('dialog', { name: 'Get a new link?' });
    expect(dialog.textContent).toContain('The old link stops working at once');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep this link' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calledPaths(request)).not.toContain('POST /share/regenerate');

    fireEvent.click(screen.getByRole('button', { name: 'Get a new link' }));
    dialog = screen.getByRole('dialog', { name: 'Get a new link?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Get a new link' }));
    await waitFor(() =>
      expect(
        (screen.getByRole('textbox', { name: 'Link to your travel page' }) as HTMLInputElement).value,
      ).toBe(link(NEW_PAGE_PATH)),
    );
    expect(calledPaths(request)).toContain('POST /share/regenerate');
    expect(await screen.findByText('Your page has a new link. The old one no longer works.')).toBeTruthy();
  });

  it('saves each section, the search engines choice and a hidden country with PUT as it is changed', async () => {
    const sent = shareServer(buildShareSettings());
    renderAt(<ShareSection />, '/profile');

    fireEvent.click(await screen.findByRole('checkbox', { name: 'Timeline by year' }));
    await waitFor(() => expect(checkbox('Timeline by year').checked).toBe(false));
    await waitFor(() => expect(sent).toEqual([{ enabled: true, showTimeline: false }]));

    fireEvent.click(checkbox('Let search engines list my page'));
    await waitFor(() => expect(sent).toContainEqual({ enabled: true, indexable: true }));

    // The traveller's countries, by name, none hidden until checked.
    const countries = within(await screen.findByRole('list', { name: 'Your countries' })).getAllByRole(
      'checkbox',
    );
    expect(countries.map((each) => each.closest('label')?.textContent)).toEqual(['France', 'Portugal']);
    fireEvent.click(checkbox('Portugal'));
    await waitFor(() => expect(sent).toContainEqual({ enabled: true, hiddenCountries: ['PT'] }));
    await waitFor(() => expect(checkbox('Portugal').checked).toBe(true));
    fireEvent.click(checkbox('France'));
    await waitFor(() => expect(sent).toContainEqual({ enabled: true, hiddenCountries: ['FR', 'PT'] }));
  });

  it('takes a change back and says so when the server refuses it', async () => {
    let fail: () => void = () => {};
    shareServer(buildShareSettings(), {
      'PUT /share': () =>
        new Promise((_, reject) => {
          fail = () => void refuse(500, 'The travel page could not be saved.')().catch(reject);
        }),
    });
    renderAt(<ShareSection />, '/profile');

    fireEvent.click(await screen.findByRole('checkbox', { name: 'World map with your pins' }));
    // Shown at once, while the server has not answered.
    await waitFor(() => expect(checkbox('World map with your pins').checked).toBe(false));
    fail();
    expect((await screen.findByRole('alert')).textContent).toBe('The travel page could not be saved.');
    expect(checkbox('World map with your pins').checked).toBe(true);
  });

  it('turns the page off after asking, and is off again', async () => {
    const sent = shareServer(buildShareSettings());
    renderAt(<ShareSection />, '/profile');

    fireEvent.click(await screen.findByRole('button', { name: 'Turn off' }));
    const dialog = screen.getByRole('dialog', { name: 'Turn off your travel page?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off my page' }));
    expect(await screen.findByRole('button', { name: 'Turn on my travel page' })).toBeTruthy();
    expect(sent).toEqual([{ enabled: false }]);
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('says when the settings cannot be loaded, and Try again loads them', async () => {
    let attempts = 0;
    serve(request, {
      'GET /share': () => (++attempts === 1 ? refuse(500, 'Down')() : Promise.resolve(buildShareSettings())),
    });
    renderAt(<ShareSection />, '/profile');

    expect(screen.getByRole('status').textContent).toContain('Loading your travel page settings');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your travel page settings could not be loaded.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'Link to your travel page' })).toBeTruthy();
  });
});
