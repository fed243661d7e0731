// @vitest-environment happy-dom
// /import against a stubbed server: the upload's real progress and its cancel, the reading's progress and
// its cancel, a failed reading's message, a refusal's message, and the preview's choice by the plan's room
// through to the saved result.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { buildPin } from '@waymarks/shared/testing';
import type { TierId } from '@waymarks/shared';
import { answer, calledPaths, refuse, renderAt, serve, type RequestMock } from '../../../testing/render';
import { FakeXhr, buildPlace, buildPreview, buildSummary } from '../imports.testing';
import { ImportScreen } from './ImportScreen';

const { request, auth } = vi.hoisted(() => ({
  request: vi.fn() as unknown as RequestMock,
  auth: { tier: 'free' as TierId },
}));
vi.mock('../../../app/auth/useAuth', () => ({
  useAuth: () => ({
    request,
    user: {
      userId: 'user-1',
      email: 'ada@example.com',
      name: 'Ada',
      username: 'ada',
      picture: null,
      emailVerified: true,
      tier: auth.tier,
      signupDate: '2024-01-01T00:00:00.000Z',
    },
  }),
}));

const link = {
  importId: 'imp-1',
  uploadUrl: '/api/storage/put/imp-1',
  contentType: 'application/vnd.waymarks.import',
  expiresAt: '2026-11-20T16:00:00.000Z',
};

/** The answer to cancelling the import under way. */
const CANCELLED = { importId: 'imp-1', outcome: 'cancelled', removedPins: 0, keptPins: 0 };

/** The server with no import waiting besides the routes given. */
const serveScreen = (routes: Parameters<typeof serve>[1]) =>
  serve(request, { 'GET /imports': answer({ imports: [] }), ...routes });

const chooseFiles = (...files: File[]) =>
  fireEvent.change(document.querySelector('input[type="file"]')!, { target: { files } });

const progressValue = () => screen.getByRole('progressbar').getAttribute('aria-valuenow');

beforeEach(() => {
  vi.mocked(request).mockReset();
  FakeXhr.sent = [];
  auth.tier = 'free';
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ImportScreen choosing and uploading', () => {
  it('shows the help per source and the privacy text before anything is chosen', () => {
    serveScreen({});
    renderAt(<ImportScreen />, '/import');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Import past travels');
    const help = screen.getByRole('region', { name: 'Where do I find my file?' });
    expect(help.textContent).toContain(
      'Settings > Location > Location services > Timeline > Export Timeline data',
    );
    expect(help.textContent).toContain('Account settings > Download my data');
    expect(document.body.textContent).toContain('deleted as soon as it has been read');
  });

  it('offers the way back to an import not finished yet', async () => {
    serveScreen({
      'GET /imports': answer({ imports: [buildSummary({ status: 'ready', fileNames: ['trip.gpx'] })] }),
    });
    renderAt(<ImportScreen />, '/import');
    expect((await screen.findByText(/Your import of trip.gpx is not finished./)).textContent).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Review and choose' }).getAttribute('href')).toBe(
      '/import?id=imp-1',
    );
  });

  it('shows the upload’s real progress, and a cancel aborts the PUT and deletes the import', async () => {
    serveScreen({
      'POST /imports/upload-url': answer(link),
      'DELETE /imports/imp-1?photos=keep': answer(CANCELLED),
    });
    renderAt(<ImportScreen />, '/import');
    chooseFiles(new File([new Uint8Array(200)], 'Records.json'));

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const put = FakeXhr.sent[0]!;
    expect(put.method).toBe('PUT');
    expect(put.url).toBe(link.uploadUrl);
    expect(put.headers['Content-Type']).toBe(link.contentType);
    put.progress(50);
    await waitFor(() => expect(progressValue()).toBe('25'));
    expect(screen.getByText('Uploading your file…')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel import' }));
    expect(put.aborted).toBe(true);
    expect(await screen.findByText('The import was cancelled. Nothing was added to your map.')).toBeTruthy();
    expect(calledPaths(request)).toContain('DELETE /imports/imp-1?photos=keep');
    expect(calledPaths(request)).not.toContain('POST /imports/imp-1/complete');
  });

  it('cancels the upload when the traveller leaves the page', async () => {
    serveScreen({
      'POST /imports/upload-url': answer(link),
      'DELETE /imports/imp-1?photos=keep': answer(CANCELLED),
    });
    renderAt(<ImportScreen />, '/import');
    chooseFiles(new File([new Uint8Array(20)], 'Records.json'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));

    cleanup();
    expect(FakeXhr.sent[0]!.aborted).toBe(true);
    await waitFor(() => expect(calledPaths(request)).toContain('DELETE /imports/imp-1?photos=keep'));
  });

  it('completes once every file is up, and moves on to the reading', async () => {
    serveScreen({
      'POST /imports/upload-url': answer(link),
      'POST /imports/imp-1/complete': answer(buildSummary({ status: 'reading' })),
      'GET /imports/imp-1': answer(buildSummary({ status: 'reading' })),
    });
    renderAt(<ImportScreen />, '/import');
    chooseFiles(new File([new Uint8Array(10)], 'a.gpx'), new File([new Uint8Array(10)], 'b.gpx'));

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0]!.finish();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    FakeXhr.sent[1]!.finish();

    expect(await screen.findByText('Reading your travels…')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/import?id=imp-1');
    const links = request.mock.calls.filter(([path]) => path === '/imports/upload-url');
    expect(links.map(([, options]) => options?.body)).toEqual([
      { fileName: 'a.gpx', fileSize: 10 },
      { fileName: 'b.gpx', fileSize: 10, importId: 'imp-1' },
    ]);
  });

  it('shows the server’s words when it refuses the file (too large for the plan, another import busy)', async () => {
    const message = 'This file is 3 GB, more than the 1 GB an import can take on your plan.';
    serveScreen({ 'POST /imports/upload-url': refuse(413, message, 'PAYLOAD_TOO_LARGE') });
    renderAt(<ImportScreen />, '/import');
    chooseFiles(new File([new Uint8Array(10)], 'Records.json'));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('refuses a file larger than the plan allows before anything goes up', () => {
    serveScreen({});
    renderAt(<ImportScreen />, '/import');
    const huge = new File([], 'Records.json');
    Object.defineProperty(huge, 'size', { value: 2 * 1024 ** 3 });
    chooseFiles(huge);
    expect(screen.getByRole('alert').textContent).toContain(
      'more than the 1 GB an import can take on your plan',
    );
    expect(calledPaths(request)).not.toContain('POST /imports/upload-url');
  });
});

describe('ImportScreen reading', () => {
  it('shows how far the reading has gone, and a cancel deletes the import', async () => {
    serveScreen({
      'GET /imports/imp-1': answer(
        buildSummary({ progress: { bytesRead: 150, bytesTotal: 200, points: 1200, stays: 14 } }),
      ),
      'DELETE /imports/imp-1?photos=keep': answer(CANCELLED),
    });
    renderAt(<ImportScreen />, '/import?id=imp-1', '/import');

    expect(await screen.findByText('Reading your travels…')).toBeTruthy();
    expect(progressValue()).toBe('75');
    expect(screen.getByText('1,200 points read, 14 stays found so far')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel import' }));
    expect(await screen.findByText('The import was cancelled. Nothing was added to your map.')).toBeTruthy();
    expect(calledPaths(request)).toContain('DELETE /imports/imp-1?photos=keep');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/import'));
  });

  it('shows why a reading failed, with a way to try another file', async () => {
    const message = 'This file is not a location history. Waymarks reads Google Takeout location history…';
    serveScreen({
      'GET /imports/imp-1': answer(
        buildSummary({ status: 'failed', error: { code: 'IMPORT_UNREADABLE', message } }),
      ),
    });
    renderAt(<ImportScreen />, '/import?id=imp-1', '/import');

    expect((await screen.findByRole('alert')).textContent).toBe(message);
    fireEvent.click(screen.getByRole('button', { name: 'Try another file' }));
    expect(screen.getByRole('button', { name: 'Choose files' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/import');
  });
});

describe('ImportScreen preview', () => {
  // Largest stays first; 'pinned' is near a pin the traveller has.
  const places = [
    buildPlace('paris', { title: 'Paris', minutes: 9000 }),
    buildPlace('pinned', { title: 'Lyon', minutes: 8000, pinId: 'pin-9' }),
    buildPlace('lisbon', { title: 'Lisbon', countryCode: 'PT', countryName: 'Portugal', minutes: 7000 }),
    buildPlace('nice', { title: 'Nice', minutes: 100 }),
  ];
  const preview = buildPreview(places, {
    countries: [
      { countryCode: 'FR', countryName: 'France', places: 3, isNew: false },
      { countryCode: 'PT', countryName: 'Portugal', places: 1, isNew: true },
    ],
  });
  /** Eight pins of the free plan's ten: room for two. */
  const eightPins = { pins: Array.from({ length: 8 }, (_, index) => buildPin({ pinId: `p${index}` })) };

  const checkbox = (name: string) => screen.getByRole('checkbox', { name: new RegExp(`^${name}`) });
  const checked = (name: string) => (checkbox(name) as HTMLInputElement).checked;

  it('chooses the largest new places the plan has room for; places already on the map take none of it', async () => {
    serveScreen({
      'GET /imports/imp-1': answer(buildSummary({ status: 'ready', places: 4 })),
      'GET /imports/imp-1/preview': answer(preview),
      'GET /pins': answer(eightPins),
    });
    renderAt(<ImportScreen />, '/import?id=imp-1', '/import');

    await screen.findByRole('list', { name: 'New places' });
    expect(checked('Paris')).toBe(true);
    expect(checked('Lisbon')).toBe(true);
    expect(checked('Nice')).toBe(false);
    expect(screen.queryByRole('checkbox', { name: /^Lyon/ })).toBeNull();
    const matched = screen.getByRole('list', { name: 'Places already on your map' });
    expect(matched.textContent).toContain('Lyon');
    expect(matched.textContent).toContain('already on your map');
    expect(screen.getByText('2 of 3 places chosen')).toBeTruthy();
    expect(document.body.textContent).toContain('Your Wanderer plan has room for 2 more pins.');
    expect(document.body.textContent).toContain('A country counts only where one of your stays falls in it');
    expect(document.body.textContent).toContain('New countries with your choice: Portugal');
    const upgrade = screen.getAllByRole('link', { name: 'Upgrade' })[0]!;
    expect(upgrade.getAttribute('href')).toBe('/profile?tab=subscription');
  });

  it('holds the save while more are chosen than the plan allows, and select none clears the choice', async () => {
    serveScreen({
      'GET /imports/imp-1': answer(buildSummary({ status: 'ready', places: 4 })),
      'GET /imports/imp-1/preview': answer(preview),
      'GET /pins': answer(eightPins),
    });
    renderAt(<ImportScreen />, '/import?id=imp-1', '/import');
    await screen.findByRole('list', { name: 'New places' });

    fireEvent.click(checkbox('Nice'));
    expect(screen.getByRole('alert').textContent).toContain(
      'You have chosen 1 place more than your plan has room for',
    );
    expect((screen.getByRole('button', { name: /^Add to my map/ }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Select none' }));
    expect(screen.getByText('0 of 3 places chosen')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Select the largest 2' }));
    expect(checked('Paris') && checked('Lisbon') && !checked('Nice')).toBe(true);
  });

  it('chooses every new place on an unlimited plan', async () => {
    auth.tier = 'plus';
    serveScreen({
      'GET /imports/imp-1': answer(buildSummary({ status: 'ready', places: 4 })),
      'GET /imports/imp-1/preview': answer(preview),
      'GET /pins': answer(eightPins),
    });
    renderAt(<ImportScreen />, '/import?id=imp-1', '/import');
    await screen.findByRole('list', { name: 'New places' });
    expect(checked('Paris') && checked('Lisbon') && checked('Nice')).toBe(true);
    expect(screen.queryByRole('link', { name: 'Upgrade' })).toBeNull();
  });

  it('saves the chosen places, waits until the import is done, then says what it made', async () => {
    let status: 'ready' | 'committing' | 'done' = 'ready';
    const bodies: unknown[] = [];
    serveScreen({
      'GET /imports/imp-1': () =>
        Promise.resolve(
          status === 'done'
            ? buildSummary({
                status,
                places: 3,
                created: 2,
                matched: 1,
                committedAt: '2026-11-20T11:00:00.000Z',
              })
            : buildSummary({ status, places: 4 }),
        ),
      'GET /imports/imp-1/preview': answer(preview),
      'GET /pins': answer(eightPins),
      'POST /imports/imp-1/commit': (options) => {
        bodies.push(options?.body);
        status = 'done';
        return Promise.resolve(buildSummary({ status: 'committing', places: 4 }));
      },
      'GET /countries': answer({
        totalCountries: 0,
        totalPins: 0,
        totalMedia: 0,
        totalCities: 0,
        achievements: [],
        countries: [],
      }),
    });
    const client = renderAt(<ImportScreen />, '/import?id=imp-1', '/import');
    await screen.findByRole('list', { name: 'New places' });
    const invalidated = vi.spyOn(client, 'invalidateQueries');

    fireEvent.click(screen.getByRole('button', { name: 'Add to my map (2)' }));
    await waitFor(() => expect(bodies).toEqual([{ placeKeys: ['paris', 'pinned', 'lisbon'] }]));
    expect(await screen.findByText('Adding the places to your map…')).toBeTruthy();
    expect(
      await screen.findByText('2 pins added to your map. 1 place was on your map already.'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(invalidated.mock.calls.map(([filters]) => filters?.queryKey)).toEqual(
        expect.arrayContaining([
          ['pins'],
          ['countries'],
          ['profile'],
          ['avatar', 'progress'],
          ['leaderboard'],
        ]),
      ),
    );
    expect(screen.getByRole('link', { name: 'View my map' }).getAttribute('href')).toBe('/dashboard');
  });
});
