// @vitest-environment happy-dom
// The /leaderboard screen against a stubbed server: the locked panel by plan, the ranked list with its
// medals, sorting and pages, the opt-in switch, the traveller dialog and the error states.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { BADGES, planRequiredMessage, type TierId } from '@waymarks/shared';
import { ApiError } from '../../../lib/api';
import { buildDetails, buildPage, buildTraveler } from '../leaderboard.testing';
import { LEADERBOARD_MESSAGES } from '../messages';
import { LeaderboardScreen } from './LeaderboardScreen';

type RequestOptions = { method?: string; body?: unknown; signal?: AbortSignal };
const { request } = vi.hoisted(() => ({
  request: vi.fn<(path: string, options?: RequestOptions) => Promise<unknown>>(),
}));
vi.mock('../../../app/auth/useAuth', () => ({ useAuth: () => ({ request }) }));

type Handler = (options?: RequestOptions) => Promise<unknown>;

/** Answers each `METHOD path` with its handler; anything else fails the test loudly. */
function serve(routes: Record<string, Handler>) {
  request.mockImplementation((path, options) => {
    const handler = routes[`${options?.method ?? 'GET'} ${path}`];
    return handler ? handler(options) : Promise.reject(new Error(`Unexpected request ${path}`));
  });
}

const listPath = (sort: string, offset = 0, limit = 50) =>
  `GET /leaderboard?sort=${sort}&limit=${limit}&offset=${offset}`;
const answer = (body: unknown) => () => Promise.resolve(body);
const settings = (showOnLeaderboard: boolean) => answer({ showOnLeaderboard });
const calledPaths = () => request.mock.calls.map(([path, options]) => `${options?.method ?? 'GET'} ${path}`);

function renderScreen(tier: TierId = 'standard') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <LeaderboardScreen tier={tier} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const rankings = () => screen.getByRole('list', { name: 'Rankings' });
const rowOf = (name: string) => screen.getByRole('button', { name }).closest('li') as HTMLElement;
const namesInOrder = () =>
  within(rankings())
    .getAllByRole('button')
    .map((button) => button.textContent);

const FOUR = [
  buildTraveler(1, { verificationScore: 80, badges: { ...buildTraveler(1).badges, locationExpert: true } }),
  buildTraveler(2, { isCurrentUser: true, tier: 'pro' }),
  buildTraveler(3, { verificationScore: 0 }),
  buildTraveler(4),
];

let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  request.mockReset();
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  consoleError.mockRestore();
});

describe('LeaderboardScreen', () => {
  it.each(['free', 'basic'] as const)(
    'on the %s plan shows the locked Global Leaderboard with an upgrade to /profile, and asks nothing',
    (tier) => {
      renderScreen(tier);
      expect(screen.getByRole('heading', { name: LEADERBOARD_MESSAGES.lockedTitle }).tagName).toBe('H2');
      expect(screen.getByText(planRequiredMessage('leaderboard')).textContent).toBe(
        'The leaderboard needs the Explorer plan or higher.',
      );
      expect(screen.getByRole('link', { name: 'Upgrade to Explorer' }).getAttribute('href')).toBe('/profile');
      expect(request).not.toHaveBeenCalled();
    },
  );

  it('lists travellers in rank order with gold, silver and bronze for the first three', async () => {
    serve({ [listPath('rank')]: answer(buildPage(FOUR)), 'GET /leaderboard/settings': settings(true) });
    renderScreen('standard');

    await screen.findByRole('list', { name: 'Rankings' });
    expect(namesInOrder()).toEqual(['Traveler 1', 'Traveler 2', 'Traveler 3', 'Traveler 4']);
    const medals = (name: string) =>
      within(rowOf(name))
        .queryAllByRole('img')
        .map((img) => img.getAttribute('aria-label'));
    expect(medals('Traveler 1')).toEqual(['Gold medal (rank 1)']);
    expect(medals('Traveler 2')).toEqual(['Silver medal (rank 2)']);
    expect(medals('Traveler 3')).toEqual(['Bronze medal (rank 3)']);
    expect(medals('Traveler 4')).toEqual([]);

    const first = rowOf('Traveler 1');
    expect(first.textContent).toContain('Rank 1');
    expect(first.textContent).toContain('Explorer');
    expect(first.textContent).toContain('80/100');
    expect(within(first).getByText('Verified').textContent).toBe('Verified');
    const badge = within(first).getByText('Location Expert');
    expect(badge.getAttribute('title')).toBe(BADGES.find((each) => each.id === 'locationExpert')?.rule);
    // A score of 0 is not verified (SPEC.md §4).
    expect(within(rowOf('Traveler 3')).queryByText('Verified')).toBeNull();

    const own = rowOf('Traveler 2');
    expect(within(own).getByText('You').textContent).toBe('You');
    expect(own.textContent).toContain('Cartographer');
    expect(own.className).toContain('bg-brand-50');
    expect(screen.getByText('Your rank: #2').textContent).toBe('Your rank: #2');

    const totals = screen.getByRole('list', { name: 'Leaderboard totals' });
    expect(
      within(totals)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Active Travelers4', 'Countries Explored12of 195', 'Pins Created340', 'Verified Pins41']);
    expect(screen.getByText(/^Travelers are ranked by/).textContent).toContain(
      'ranked by countries visited and verification score, with pins as tiebreaker.',
    );
  });

  it('asks for the new order when the sort changes, and gives medals by rank in any order', async () => {
    const byPins = [
      buildTraveler(1, { position: 1, rank: null, userId: 'user-4', displayName: 'Traveler 4' }),
      buildTraveler(2, { position: 2, rank: null, userId: 'user-1', displayName: 'Traveler 1' }),
      buildTraveler(3, { position: 3, rank: null, userId: 'user-2', displayName: 'Traveler 2' }),
    ];
    serve({
      [listPath('rank')]: answer(buildPage(FOUR)),
      [listPath('pins')]: answer(buildPage(byPins, { currentUserRank: 2 })),
      [listPath('rank', 0, 3)]: answer(buildPage(FOUR.slice(0, 3))),
      'GET /leaderboard/settings': settings(true),
    });
    renderScreen('standard');
    await screen.findByRole('list', { name: 'Rankings' });

    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'pins' } });
    await waitFor(() => expect(namesInOrder()).toEqual(['Traveler 4', 'Traveler 1', 'Traveler 2']));
    expect(calledPaths()).toContain(listPath('pins'));
    expect(rowOf('Traveler 4').textContent).toContain('Position 1');
    await waitFor(() =>
      expect(within(rowOf('Traveler 1')).queryByRole('img', { name: 'Gold medal (rank 1)' })).not.toBeNull(),
    );
    expect(within(rowOf('Traveler 4')).queryAllByRole('img')).toEqual([]);
    expect(within(rowOf('Traveler 2')).getByRole('img').getAttribute('aria-label')).toBe(
      'Silver medal (rank 2)',
    );
  });

  it('loads the next page by offset with Load more, even past a stale total, and hides it at the end', async () => {
    const firstPage = Array.from({ length: 50 }, (_, i) => buildTraveler(i + 1));
    const secondPage = Array.from({ length: 5 }, (_, i) => buildTraveler(i + 51));
    serve({
      // The server's total may be a few seconds old: a full page still offers the next one.
      [listPath('rank')]: answer(buildPage(firstPage, { totalUsers: 50 })),
      [listPath('rank', 50)]: answer(buildPage(secondPage, { totalUsers: 55 })),
      'GET /leaderboard/settings': settings(false),
    });
    renderScreen('standard');
    await screen.findByRole('list', { name: 'Rankings' });
    expect(namesInOrder()).toHaveLength(50);

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(namesInOrder()).toHaveLength(55));
    expect(namesInOrder().at(-1)).toBe('Traveler 55');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(document.activeElement?.textContent).toBe('Traveler 51');
  });

  it('opts in and out with the switch, saying so each time, and shows the new rank', async () => {
    let listed = false;
    const me = buildTraveler(1, { isCurrentUser: true });
    serve({
      [listPath('rank')]: () => Promise.resolve(buildPage(listed ? [me] : [])),
      'GET /leaderboard/settings': () => Promise.resolve({ showOnLeaderboard: listed }),
      'PUT /leaderboard/settings': (options) => {
        listed = (options?.body as { showOnLeaderboard: boolean }).showOnLeaderboard;
        return Promise.resolve({ showOnLeaderboard: listed });
      },
    });
    renderScreen('standard');

    expect((await screen.findByText(LEADERBOARD_MESSAGES.empty)).textContent).toBe(
      'No travelers have joined the leaderboard yet',
    );
    expect(screen.getByText('You are not on the leaderboard.').tagName).toBe('P');
    const toggle = screen.getByRole('switch', { name: 'Show me on the leaderboard' });
    await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false));
    expect(toggle.getAttribute('aria-checked')).toBe('false');

    fireEvent.click(toggle);
    expect((await screen.findByRole('status')).textContent).toBe('You will now appear on the leaderboard!');
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect((await screen.findByText('Your rank: #1')).textContent).toBe('Your rank: #1');
    expect(request).toHaveBeenCalledWith('/leaderboard/settings', {
      method: 'PUT',
      body: { showOnLeaderboard: true },
    });

    fireEvent.click(toggle);
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('You have been removed from the leaderboard.'),
    );
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await screen.findByText(LEADERBOARD_MESSAGES.empty);
    expect(screen.queryByText('Your rank: #1')).toBeNull();
  });

  it('says the settings could not be updated and leaves the switch as it was', async () => {
    serve({
      [listPath('rank')]: answer(buildPage([])),
      'GET /leaderboard/settings': settings(false),
      'PUT /leaderboard/settings': () => Promise.reject(new ApiError(500, '')),
    });
    renderScreen('standard');
    const toggle = await screen.findByRole('switch', { name: 'Show me on the leaderboard' });
    await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false));

    fireEvent.click(toggle);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to update leaderboard settings');
    expect(toggle.getAttribute('aria-checked')).toBe('false');
  });

  it('shows the load failure with Try Again, which loads the list', async () => {
    let fail = true;
    serve({
      [listPath('rank')]: () =>
        fail ? Promise.reject(new ApiError(500, '')) : Promise.resolve(buildPage(FOUR)),
      'GET /leaderboard/settings': settings(false),
    });
    renderScreen('standard');

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to load leaderboard. Please try again.',
    );
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByRole('list', { name: 'Rankings' });
    expect(namesInOrder()).toHaveLength(4);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the traveller dialog', () => {
  const traveler = FOUR[0]!;
  const countries = ['FR', 'IT', 'ES', 'PT', 'DE', 'NL'].map((countryCode, i) => ({
    countryCode,
    countryName: ['France', 'Italy', 'Spain', 'Portugal', 'Germany', 'Netherlands'][i]!,
    pinCount: 1,
    mediaCount: [3, 9, 1, 7, 5, 4][i]!,
  }));
  const details = buildDetails(traveler, {
    countries,
    cities: [
      { title: 'Lisbon', countryCode: 'PT', countryName: 'Portugal', visitDate: '2024-05-11', mediaCount: 7 },
      { title: 'Rome', countryCode: 'IT', countryName: 'Italy', visitDate: null, mediaCount: 9 },
    ],
    timeline: [
      { date: '2024-02-01', places: ['Paris'], mediaCount: 3 },
      { date: '2024-05-11', places: ['Lisbon', 'Sintra'], mediaCount: 7 },
    ],
  });

  function serveWith(detailsHandler: Handler) {
    serve({
      [listPath('rank')]: answer(buildPage(FOUR)),
      'GET /leaderboard/settings': settings(true),
      'GET /leaderboard/user/user-1': detailsHandler,
    });
  }

  it('opens from a row, labelled by the name, with four tabs moved through by arrow keys', async () => {
    serveWith(answer(details));
    renderScreen('standard');
    fireEvent.click(await screen.findByRole('button', { name: 'Traveler 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Traveler 1' });

    const tablist = await within(dialog).findByRole('tablist', { name: 'Traveler details' });
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Overview', 'Countries', 'Cities', 'Timeline']);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');

    const panel = () => within(dialog).getByRole('tabpanel');
    // Overview: rank, travel span (100 days is 3 months) and the five countries with the most media.
    expect(panel().textContent).toContain('Rank#1');
    expect(panel().textContent).toContain('Travel span3 months');
    expect(panel().textContent).toContain('Storage used2.5 MB');
    const top = within(panel()).getAllByRole('list')[0]!;
    expect(
      within(top)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Italy9 media', 'Portugal7 media', 'Germany5 media', 'Netherlands4 media', 'France3 media']);
    expect(within(panel()).getByText('Location Expert').getAttribute('title')).toContain('GPS');

    tabs[0]?.focus();
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowRight' });
    expect(tabs[1]?.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tabs[1]);
    expect(within(panel()).getAllByRole('listitem')).toHaveLength(6);
    expect(panel().textContent).toContain('Spain1 pin · 1 media');

    fireEvent.keyDown(tabs[1]!, { key: 'ArrowRight' });
    expect(
      within(panel())
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['LisbonPortugal · May 11, 20247 media', 'RomeItaly · No visit date9 media']);

    fireEvent.keyDown(tabs[2]!, { key: 'ArrowRight' });
    expect(
      within(panel())
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['May 11, 2024Lisbon, Sintra7 media', 'February 1, 2024Paris3 media']);

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says the details could not be loaded, and Try Again loads them', async () => {
    let fail = true;
    serveWith(() => (fail ? Promise.reject(new ApiError(500, '')) : Promise.resolve(details)));
    renderScreen('standard');
    fireEvent.click(await screen.findByRole('button', { name: 'Traveler 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Traveler 1' });

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Failed to load user details. Please try again.',
    );
    fail = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try Again' }));
    expect((await within(dialog).findByRole('tablist')).getAttribute('aria-label')).toBe('Traveler details');
  });
});
