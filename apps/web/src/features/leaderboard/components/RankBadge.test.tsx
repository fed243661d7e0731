// @vitest-environment happy-dom
// The dashboard header's rank badge: '#N' once ranked, nothing unranked, and a failed fetch ignored.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api';
import { buildPage, buildTraveler } from '../leaderboard.testing';
import { RankBadge } from './RankBadge';

const { request } = vi.hoisted(() => ({
  request: vi.fn<(path: string, options?: { method?: string }) => Promise<unknown>>(),
}));
vi.mock('../../../app/auth/useAuth', () => ({ useAuth: () => ({ request }) }));

function renderBadge() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { container } = render(
    <QueryClientProvider client={client}>
      <RankBadge />
    </QueryClientProvider>,
  );
  /** Resolves once the one leaderboard query has its answer, or its failure. */
  const settled = () =>
    waitFor(() => expect(client.getQueryCache().getAll()[0]?.state.status).not.toBe('pending'));
  return { container, settled };
}

beforeEach(() => {
  request.mockReset();
});
afterEach(cleanup);

describe('RankBadge', () => {
  it('asks for one traveller by rank and shows the user’s own rank as #N', async () => {
    request.mockResolvedValue(buildPage([buildTraveler(1)], { currentUserRank: 7, totalUsers: 9 }));
    renderBadge();
    const badge = await screen.findByTitle('Your leaderboard rank');
    expect(badge.textContent).toBe('Leaderboard rank #7');
    expect(request.mock.calls.map(([path]) => path)).toEqual(['/leaderboard?sort=rank&limit=1&offset=0']);
  });

  it('shows nothing while the user is not on the leaderboard', async () => {
    request.mockResolvedValue(buildPage([buildTraveler(1)], { currentUserRank: null }));
    const { container, settled } = renderBadge();
    await settled();
    expect(request).toHaveBeenCalledTimes(1);
    expect(container.innerHTML).toBe('');
  });

  it('shows nothing, and says nothing, when the leaderboard cannot be loaded', async () => {
    const consoleError = vi.spyOn(console, 'error');
    request.mockImplementation(() => Promise.reject(new ApiError(500, '')));
    const { container, settled } = renderBadge();
    await settled();
    expect(container.innerHTML).toBe('');
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });
});
