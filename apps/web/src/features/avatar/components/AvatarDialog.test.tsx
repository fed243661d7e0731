// @vitest-environment happy-dom
// The avatar dialog against a stubbed server: loading, 'Something went wrong' with Try Again and Close, the
// free plan's shut creator and its Upgrade, the wardrobe failing to load, and a failed save coming back to
// the overview with its message. The test DOM has no WebGL, so the creator draws the flat preview.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import type { AvatarConfig, AvatarProgress } from '@waymarks/shared';
import { ApiError } from '../../../lib/api';
import { wardrobe } from '../avatar.testing';
import { AVATAR_TEXTS } from '../messages';
import { AvatarDialog } from './AvatarDialog';

type Handler = () => Promise<unknown>;
const { request } = vi.hoisted(() => ({
  request: vi.fn<(path: string, options?: { method?: string }) => Promise<unknown>>(),
}));
vi.mock('../../../app/auth/useAuth', () => ({ useAuth: () => ({ request }) }));

function serve(routes: Record<string, Handler>) {
  request.mockImplementation((path, options) => {
    const handler = routes[`${options?.method ?? 'GET'} ${path}`];
    return handler ? handler() : Promise.reject(new Error(`Unexpected request ${path}`));
  });
}
const answer = (body: unknown) => () => Promise.resolve(body);
const fail = () => Promise.reject(new ApiError(500, '{"error":{"code":"INTERNAL","message":"Down"}}'));

const NOTHING_SAVED: AvatarConfig = { hasAvatar: false, parts: {}, imageUrl: null, updatedAt: null };
const progress = (level: AvatarProgress['customizationLevel']): AvatarProgress => ({
  countriesVisited: 1,
  continentsVisited: 1,
  verifiedPins: 0,
  unlockedCount: 27,
  totalCount: 242,
  customizationLevel: level,
});
const ITEMS = wardrobe();

/** An avatar the traveller made earlier. */
const SAVED: AvatarConfig = {
  hasAvatar: true,
  parts: { body: 'body-broad', skin: 'skin-olive', face: 'face-grin', top: 'top-parka' },
  imageUrl: null,
  updatedAt: '2026-11-26T10:00:00.000Z',
};

const basics = (level: AvatarProgress['customizationLevel'] = 'full') => ({
  'GET /avatar/user': answer(NOTHING_SAVED),
  'GET /avatar/progress': answer(progress(level)),
  'GET /avatar/items': answer({ items: ITEMS }),
  'POST /avatar/check-unlocks': answer({ newlyUnlocked: [], unlockedCount: 27, removedParts: [] }),
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.hash}</p>;
}

function show() {
  const onOpenChange = vi.fn();
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <AvatarDialog open onOpenChange={onOpenChange} />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onOpenChange;
}

beforeEach(() => {
  request.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('AvatarDialog', () => {
  it('shows Something went wrong when the avatar cannot be read, and Try Again reads it again', async () => {
    let attempts = 0;
    serve({
      ...basics(),
      'GET /avatar/user': () => (++attempts === 1 ? fail() : Promise.resolve(NOTHING_SAVED)),
    });
    const onOpenChange = show();

    expect(screen.getByRole('status').textContent).toContain('Loading avatar');
    expect(await screen.findByText(AVATAR_TEXTS.loadFailedTitle)).toBeTruthy();
    expect(screen.getByText(AVATAR_TEXTS.loadFailed)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No avatar yet')).toBeTruthy();
    expect(attempts).toBe(2);
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('closes from the error state', async () => {
    serve({ ...basics(), 'GET /avatar/user': fail });
    const onOpenChange = show();

    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('keeps the creator shut on the free plan, says why, and Upgrade goes to /profile#profile', async () => {
    serve(basics(null));
    const onOpenChange = show();

    const create = (await screen.findByRole('button', { name: 'Create Avatar' })) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    const description = document.getElementById(create.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('Upgrade to any paid plan to create avatars');

    fireEvent.click(screen.getByRole('button', { name: 'Upgrade' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.getByTestId('where').textContent).toBe('/profile#profile');
  });

  it('says so when the parts cannot be loaded, and Try Again loads them', async () => {
    let attempts = 0;
    serve({
      ...basics(),
      'GET /avatar/items': () => (++attempts === 1 ? fail() : Promise.resolve({ items: ITEMS })),
    });
    show();

    fireEvent.click(await screen.findByRole('button', { name: 'Create Avatar' }));
    expect(await screen.findByText(AVATAR_TEXTS.optionsFailed)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('tab', { name: 'Build' })).toBeTruthy();
  });

  it('on the free plan, names the locked button for the avatar the traveller already has', async () => {
    serve({ ...basics(null), 'GET /avatar/user': answer(SAVED) });
    show();

    const customize = (await screen.findByRole('button', { name: 'Customize Avatar' })) as HTMLButtonElement;
    expect(customize.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Create Avatar' })).toBeNull();
  });

  it('shows a saved avatar in the overview even when the wardrobe fails to load', async () => {
    serve({ ...basics(), 'GET /avatar/user': answer(SAVED), 'GET /avatar/items': fail });
    show();

    // The test DOM has no WebGL: the saved parts are drawn flat, from the shared catalogue.
    expect(await screen.findByText(AVATAR_TEXTS.viewerFailed)).toBeTruthy();
    const figure = screen.getByRole('img', { name: 'Your avatar' });
    expect(figure.tagName.toLowerCase()).toBe('svg');
    // The parka's colour: the saved parts are drawn.
    expect(figure.innerHTML).toContain('#1e3a5f');
    expect(screen.queryByText('No avatar yet')).toBeNull();
    expect(screen.getByRole('button', { name: 'Customize Avatar' })).toBeTruthy();
  });

  it('comes back to the overview with its message when saving fails, and stays open', async () => {
    serve({ ...basics(), 'PUT /avatar': fail });
    const onOpenChange = show();

    await waitFor(() => expect(screen.getByRole('button', { name: 'Create Avatar' })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Create Avatar' }));
    const save = (await screen.findByRole('button', { name: 'Save Avatar' })) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);

    expect((await screen.findByRole('alert')).textContent).toBe(AVATAR_TEXTS.saveFailed);
    expect(screen.getByRole('heading', { name: 'Your Avatar' })).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
