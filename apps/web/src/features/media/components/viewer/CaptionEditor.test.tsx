// @vitest-environment happy-dom
// Captions in the viewer against a stubbed server: shown under the photo, added, edited, removed, checked
// before sending, saved with a word to say so, failures in a sentence, and the keyboard throughout.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { MEDIA_LIMITS, MEDIA_MESSAGES, type MediaItem } from '@waymarks/shared';
import { buildMediaItem, buildPin } from '@waymarks/shared/testing';
import { ApiError } from '../../../../lib/api';
import { MediaGallery } from '../MediaGallery';

type RequestOptions = { method?: string; body?: unknown; signal?: AbortSignal };
const { request } = vi.hoisted(() => ({
  request: vi.fn<(path: string, options?: RequestOptions) => Promise<unknown>>(),
}));
vi.mock('../../../../app/auth/useAuth', () => ({ useAuth: () => ({ request }) }));

const pin = buildPin({ pinId: 'pin-1', title: 'Porto', mediaCount: 2 });
const photo = buildMediaItem({ mediaId: 'm1', pinId: pin.pinId, filename: 'ribeira.jpg' });
const captioned = buildMediaItem({
  mediaId: 'm2',
  pinId: pin.pinId,
  filename: 'bridge.jpg',
  caption: 'Dom Luís I bridge at night',
});

type Handler = (options?: RequestOptions) => Promise<unknown>;

/** Answers each `METHOD path` with its handler; anything else fails the test loudly. */
function serve(routes: Record<string, Handler>) {
  request.mockImplementation((path, options) => {
    const handler = routes[`${options?.method ?? 'GET'} ${path}`];
    return handler ? handler(options) : Promise.reject(new Error(`Unexpected request ${path}`));
  });
}

/** The list, and PUT /media/:id answering the item with the caption it was sent, trimmed as the server does. */
function serveSaving(items: MediaItem[], overrides: Record<string, Handler> = {}) {
  const saved =
    (item: MediaItem): Handler =>
    (options) => {
      const sent = (options?.body as { caption: string | null }).caption;
      return Promise.resolve({ ...item, caption: sent?.trim() || null });
    };
  serve({
    [`GET /media/pin/${pin.pinId}`]: () => Promise.resolve({ media: items }),
    ...Object.fromEntries(items.map((item) => [`PUT /media/${item.mediaId}`, saved(item)])),
    ...overrides,
  });
}

const puts = () =>
  request.mock.calls
    .filter(([, options]) => options?.method === 'PUT')
    .map(([path, options]) => [path, options?.body]);

async function openViewer(filename: string) {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}
    >
      <MemoryRouter>
        <MediaGallery pin={pin} tier="free" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  fireEvent.click(await screen.findByRole('button', { name: new RegExp(`^${filename},`) }));
  return within(await screen.findByRole('dialog', { name: filename }));
}

const field = () => screen.getByRole('textbox', { name: 'Caption' });
const type = (text: string) => fireEvent.change(field(), { target: { value: text } });

let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  request.mockReset();
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('The caption in the viewer', () => {
  it('shows a caption under the photo with Edit caption, and Add a caption where there is none', async () => {
    serveSaving([photo, captioned]);
    const dialog = await openViewer('bridge.jpg');
    expect(dialog.queryByText('Dom Luís I bridge at night')).not.toBeNull();
    expect(dialog.queryByRole('button', { name: 'Edit caption' })).not.toBeNull();
    expect(dialog.queryByRole('button', { name: 'Add a caption' })).toBeNull();

    fireEvent.click(dialog.getByRole('button', { name: 'Previous' }));
    const other = within(await screen.findByRole('dialog', { name: 'ribeira.jpg' }));
    expect(other.queryByRole('button', { name: 'Add a caption' })).not.toBeNull();
    expect(other.queryByText('Dom Luís I bridge at night')).toBeNull();
  });

  it('adds a caption: sent trimmed, said saved, shown, on the tile too, and focus back on Edit caption', async () => {
    serveSaving([photo]);
    const dialog = await openViewer('ribeira.jpg');
    fireEvent.click(dialog.getByRole('button', { name: 'Add a caption' }));
    expect(document.activeElement).toBe(field());
    type('  Lunch by the river \n');
    expect(dialog.queryByText('18/500')).not.toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(dialog.queryByText('Caption saved.')).not.toBeNull());
    expect(puts()).toEqual([['/media/m1', { caption: 'Lunch by the river' }]]);
    expect(dialog.queryByRole('textbox')).toBeNull();
    expect(dialog.queryByText('Lunch by the river')).not.toBeNull();
    expect(document.activeElement).toBe(dialog.getByRole('button', { name: 'Edit caption' }));
    expect(screen.queryByAltText('Lunch by the river')).not.toBeNull();
  });

  it('edits the caption there, and an emptied one is removed and said so', async () => {
    serveSaving([captioned]);
    const dialog = await openViewer('bridge.jpg');
    fireEvent.click(dialog.getByRole('button', { name: 'Edit caption' }));
    expect((field() as HTMLTextAreaElement).value).toBe('Dom Luís I bridge at night');
    type('   ');
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(dialog.queryByText('Caption removed.')).not.toBeNull());
    expect(puts()).toEqual([['/media/m2', { caption: null }]]);
    expect(dialog.queryByText('Dom Luís I bridge at night')).toBeNull();
    expect(document.activeElement).toBe(dialog.getByRole('button', { name: 'Add a caption' }));
  });

  it('saves with Ctrl+Enter, while Enter alone is a new line', async () => {
    serveSaving([photo]);
    const dialog = await openViewer('ribeira.jpg');
    fireEvent.click(dialog.getByRole('button', { name: 'Add a caption' }));
    type('Azulejos');
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(puts()).toEqual([]);
    fireEvent.keyDown(field(), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(dialog.queryByText('Caption saved.')).not.toBeNull());
    expect(puts()).toEqual([['/media/m1', { caption: 'Azulejos' }]]);
  });

  it('Cancel and Escape drop the draft, keep the viewer open and give focus back to the button', async () => {
    serveSaving([photo, captioned]);
    const dialog = await openViewer('bridge.jpg');
    fireEvent.click(dialog.getByRole('button', { name: 'Edit caption' }));
    type('Something else');
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(dialog.queryByText('Dom Luís I bridge at night')).not.toBeNull();
    expect(document.activeElement).toBe(dialog.getByRole('button', { name: 'Edit caption' }));

    fireEvent.click(dialog.getByRole('button', { name: 'Edit caption' }));
    type('Something else again');
    fireEvent.keyDown(field(), { key: 'Escape' });
    expect(dialog.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'bridge.jpg' })).not.toBeNull();
    expect(document.activeElement).toBe(dialog.getByRole('button', { name: 'Edit caption' }));
    expect(puts()).toEqual([]);
  });

  it('stays on the item while a caption is being written: the arrow keys move the cursor, not the viewer', async () => {
    serveSaving([photo, captioned]);
    const dialog = await openViewer('ribeira.jpg');
    fireEvent.click(dialog.getByRole('button', { name: 'Add a caption' }));
    fireEvent.keyDown(field(), { key: 'ArrowRight' });
    fireEvent.click(dialog.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('dialog', { name: 'ribeira.jpg' })).not.toBeNull();
    expect(dialog.queryByRole('textbox', { name: 'Caption' })).not.toBeNull();
  });

  it(`refuses more than ${MEDIA_LIMITS.captionMax} characters before sending, saying so`, async () => {
    serveSaving([photo]);
    const dialog = await openViewer('ribeira.jpg');
    fireEvent.click(dialog.getByRole('button', { name: 'Add a caption' }));
    type('a'.repeat(MEDIA_LIMITS.captionMax + 1));
    expect(dialog.queryByText(`${MEDIA_LIMITS.captionMax + 1}/${MEDIA_LIMITS.captionMax}`)).not.toBeNull();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));

    const alert = await dialog.findByRole('alert');
    expect(alert.textContent).toBe(MEDIA_MESSAGES.captionTooLong);
    expect(field().getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
    expect(puts()).toEqual([]);
  });

  it('says Saving… while the caption is sent, and a second press sends nothing more', async () => {
    let answer: (value: unknown) => void = () => {};
    serveSaving([photo], {
      'PUT /media/m1': () => new Promise((resolve) => (answer = resolve)),
    });
    const dialog = await openViewer('ribeira.jpg');
    fireEvent.click(dialog.getByRole('button', { name: 'Add a caption' }));
    type('Port lodges');
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    const saving = await dialog.findByRole('button', { name: 'Saving…' });
    expect(saving.getAttribute('aria-disabled')).toBe('true');
    expect(dialog.queryByText('Saving caption…')).not.toBeNull();
    fireEvent.click(saving);
    expect(puts()).toHaveLength(1);

    answer({ ...photo, caption: 'Port lodges' });
    await waitFor(() => expect(dialog.queryByText('Caption saved.')).not.toBeNull());
  });

  it.each([
    [
      'the server fails without a reason',
      new ApiError(500, ''),
      'The caption could not be saved. Please try again.',
    ],
    [
      'the server cannot be reached',
      new TypeError('Failed to fetch'),
      'The caption could not be saved. Check your connection and try again.',
    ],
    [
      'the photo was deleted meanwhile',
      new ApiError(404, JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Media not found' } })),
      'This photo is no longer here, so its caption could not be saved.',
    ],
  ])('keeps the draft and says in a sentence when %s', async (_, failure, sentence) => {
    serveSaving([photo], { 'PUT /media/m1': () => Promise.reject(failure) });
    const dialog = await openViewer('ribeira.jpg');
    fireEvent.click(dialog.getByRole('button', { name: 'Add a caption' }));
    type('Francesinha');
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect((await dialog.findByRole('alert')).textContent).toBe(sentence);
    expect((field() as HTMLTextAreaElement).value).toBe('Francesinha');
    expect(dialog.queryByText('Caption saved.')).toBeNull();
    expect(consoleError).toHaveBeenCalled();
  });
});
