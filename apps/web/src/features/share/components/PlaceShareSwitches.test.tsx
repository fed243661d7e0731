// @vitest-environment happy-dom
// A place's sharing switches against a stubbed server: one line to the profile while the page is off; while
// it is on, the two switches read from GET /share, saved with PUT /pins/:pinId, shown at once and taken
// back when the save fails.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ShareSettings } from '@waymarks/shared';
import { buildPin } from '@waymarks/shared/testing';
import { calledPaths, refuse, renderAt, serve, type RequestMock } from '../../../testing/render';
import { buildShareSettings, SHARE_OFF } from '../share.testing';
import { PlaceShareSwitches } from './PlaceShareSwitches';

const { request } = vi.hoisted(() => ({ request: vi.fn() as unknown as RequestMock }));
vi.mock('../../../app/auth/useAuth', () => ({ useAuth: () => ({ request }) }));

const PHOTOS = 'Show this place’s photos on my travel page';
const HIDDEN = 'Leave this place off my travel page';
const switchOf = (name: string) => screen.getByRole('switch', { name });

/** A server whose PUT /pins/pin-1 moves the pin in or out of photoPins and hiddenPins. */
function shareServer(initial: ShareSettings) {
  let settings = initial;
  const sent: unknown[] = [];
  serve(request, {
    'GET /share': () => Promise.resolve(settings),
    'PUT /pins/pin-1': (options) => {
      const body = options?.body as { sharePhotos?: boolean; hiddenFromShare?: boolean };
      sent.push(body);
      const move = (ids: string[], on: boolean | undefined) =>
        on === undefined ? ids : on ? [...ids, 'pin-1'] : ids.filter((id) => id !== 'pin-1');
      settings = {
        ...settings,
        photoPins: move(settings.photoPins, body.sharePhotos),
        hiddenPins: move(settings.hiddenPins, body.hiddenFromShare),
      };
      return Promise.resolve(buildPin({ pinId: 'pin-1' }));
    },
  });
  return sent;
}

beforeEach(() => {
  vi.mocked(request).mockReset();
});
afterEach(cleanup);

describe('PlaceShareSwitches', () => {
  it('leads to the profile in one line while the travel page is off', async () => {
    shareServer(SHARE_OFF);
    renderAt(<PlaceShareSwitches pinId="pin-1" />, '/dashboard');

    const line = await screen.findByRole('link', {
      name: 'Turn on your travel page on your profile to share places',
    });
    expect(line.getAttribute('href')).toBe('/profile#share');
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it("shows the place's state from GET /share and saves a switch with PUT /pins/:pinId", async () => {
    const sent = shareServer(buildShareSettings({ hiddenPins: ['pin-1'] }));
    renderAt(<PlaceShareSwitches pinId="pin-1" />, '/dashboard');

    await screen.findByRole('switch', { name: PHOTOS });
    expect(switchOf(PHOTOS).getAttribute('aria-checked')).toBe('false');
    expect(switchOf(HIDDEN).getAttribute('aria-checked')).toBe('true');

    fireEvent.click(switchOf(PHOTOS));
    await waitFor(() => expect(switchOf(PHOTOS).getAttribute('aria-checked')).toBe('true'));
    await waitFor(() => expect(sent).toEqual([{ sharePhotos: true }]));

    fireEvent.click(switchOf(HIDDEN));
    await waitFor(() => expect(sent).toEqual([{ sharePhotos: true }, { hiddenFromShare: false }]));
    // The settings are read again after each change, and agree.
    await waitFor(() =>
      expect(calledPaths(request).filter((call) => call === 'GET /share').length).toBeGreaterThan(1),
    );
    expect(switchOf(PHOTOS).getAttribute('aria-checked')).toBe('true');
    expect(switchOf(HIDDEN).getAttribute('aria-checked')).toBe('false');
  });

  it('takes the switch back and says so when the save fails', async () => {
    serve(request, {
      'GET /share': () => Promise.resolve(buildShareSettings()),
      'PUT /pins/pin-1': refuse(500, 'Could not save the place.'),
    });
    renderAt(<PlaceShareSwitches pinId="pin-1" />, '/dashboard');

    fireEvent.click(await screen.findByRole('switch', { name: PHOTOS }));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not save the place.');
    expect(switchOf(PHOTOS).getAttribute('aria-checked')).toBe('false');
  });
});
