// @vitest-environment happy-dom
// The pin's media gallery and its viewer against a stubbed server: states, grid, viewer, delete, download.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { MediaItem, Pin, TierId } from '@waymarks/shared';
import { ApiError } from '../../../lib/api';
import { NOTICE_MS } from '../brief-notice';
import { PROCESSING_POLL_MS } from '../api/media';
import { MediaGallery } from './MediaGallery';
import { SWIPE_MIN_PX } from './MediaViewer';
import { buildPin } from '@waymarks/shared/testing';

type RequestOptions = { method?: string; body?: unknown; signal?: AbortSignal };
const { request } = vi.hoisted(() => ({
  request: vi.fn<(path: string, options?: RequestOptions) => Promise<unknown>>(),
}));
vi.mock('../../../app/auth/useAuth', () => ({ useAuth: () => ({ request }) }));

const pin: Pin = buildPin({
  pinId: 'pin-1',
  title: 'Lisbon',
  lat: 38.72,
  lng: -9.14,
  mediaCount: 3,
  countryCode: 'PT',
  countryName: 'Portugal',
  verificationStatus: 'verified',
  verificationScore: 80,
});

/** Built from local parts so an undated item reads 'Uploaded 22 Nov 2025' in whatever zone the test runs. */
const UPLOADED_AT = new Date(2025, 10, 22, 14, 5).toISOString();

function mediaItem(n: number, overrides: Partial<MediaItem> = {}): MediaItem {
  return {
    mediaId: `m${n}`,
    pinId: pin.pinId,
    userId: 'u1',
    r2Key: `media/m${n}`,
    contentType: 'image/jpeg',
    filename: `IMG_${n}.jpg`,
    sizeMB: 2.5,
    sizeBytes: 2.5 * 1024 * 1024,
    uploadedAt: UPLOADED_AT,
    status: 'ready',
    isVideo: false,
    isImage: true,
    width: 4000,
    height: 3000,
    exifData: {
      dateTaken: '2024-06-03T09:07:00',
      dateSource: 'original',
      location: null,
      camera: 'Apple iPhone 15',
      cameraMake: 'Apple',
      cameraModel: 'iPhone 15',
    },
    verification: { status: 'verified', score: 80, hasLocationVerification: true },
    thumbnailUrl: `/api/storage/object/thumb-${n}.webp`,
    previewUrl: `/api/storage/object/preview-${n}.webp`,
    streamUrl: null,
    refusal: null,
    caption: null,
    ...overrides,
  };
}

/** Stored and counted, its thumbnail and preview still being made. */
const processing = (n: number, overrides: Partial<MediaItem> = {}) =>
  mediaItem(n, { status: 'processing', thumbnailUrl: null, previewUrl: null, ...overrides });

/** The server's refusal of a file whose pixels could not be read: a sentence naming the file. */
const damaged = (n: number) => `IMG_${n}.jpg has damaged image data and cannot be read.`;
const refused = (n: number, refusal: string | null = damaged(n)) =>
  mediaItem(n, { status: 'refused', thumbnailUrl: null, previewUrl: null, refusal });

const video = mediaItem(3, {
  filename: 'clip.mov',
  contentType: 'video/quicktime',
  isVideo: true,
  isImage: false,
  sizeBytes: 1536,
  streamUrl: '/api/storage/object/original-3.mov',
});
const threeItems = [mediaItem(1), mediaItem(2), video];

type Handler = (options?: RequestOptions) => Promise<unknown>;

/** Answers each `METHOD path` with its handler; anything else fails the test loudly. */
function serve(routes: Record<string, Handler>) {
  request.mockImplementation((path, options) => {
    const handler = routes[`${options?.method ?? 'GET'} ${path}`];
    return handler ? handler(options) : Promise.reject(new Error(`Unexpected request ${path}`));
  });
}

const listOf =
  (media: MediaItem[]): Handler =>
  () =>
    Promise.resolve({ media });

function renderGallery(tier: TierId = 'free') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <MediaGallery pin={pin} tier={tier} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

const tile = (filename: string) => screen.getByRole('button', { name: new RegExp(`^${filename},`) });
const viewer = () => screen.getByRole('dialog');
const calledPaths = () => request.mock.calls.map(([path, options]) => `${options?.method ?? 'GET'} ${path}`);

async function openViewer(filename: string) {
  fireEvent.click(await screen.findByRole('button', { name: new RegExp(`^${filename},`) }));
  return screen.findByRole('dialog', { name: filename });
}

let consoleError: ReturnType<typeof vi.spyOn>;
let linkClicks: string[];

beforeEach(() => {
  request.mockReset();
  // The traveller's locale, which dates are written in.
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB']);
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  linkClicks = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    linkClicks.push(this.getAttribute('href') ?? '');
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('MediaGallery states', () => {
  it('shows a skeleton announced as Loading media… until the list arrives', async () => {
    let answer: (value: unknown) => void = () => {};
    serve({ [`GET /media/pin/${pin.pinId}`]: () => new Promise((resolve) => (answer = resolve)) });
    renderGallery();
    expect(screen.getByText('Loading media…').closest('[role="status"]')).not.toBeNull();
    await act(async () => answer({ media: threeItems }));
    expect(await screen.findAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByText('Loading media…')).toBeNull();
  });

  it('says No photos or videos yet and points to the upload tab when the pin has none', async () => {
    serve({ [`GET /media/pin/${pin.pinId}`]: listOf([]) });
    renderGallery();
    await screen.findByText('No photos or videos yet');
    expect(screen.queryByText(/Upload Photos & Videos tab/)).not.toBeNull();
    expect(screen.queryByRole('button', { name: /Download All/ })).toBeNull();
  });

  it('shows Failed to load media with Try Again, which asks again and then shows the grid', async () => {
    let calls = 0;
    serve({
      [`GET /media/pin/${pin.pinId}`]: () =>
        ++calls === 1 ? Promise.reject(new ApiError(500, '')) : Promise.resolve({ media: threeItems }),
    });
    renderGallery();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Failed to load media');
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findAllByRole('listitem')).toHaveLength(3);
    expect(calls).toBe(2);
    expect(screen.queryByText('Failed to load media')).toBeNull();
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Photos & videos'));
  });
});

describe('MediaGallery grid', () => {
  it('lists every item as a labelled button with its thumbnail, file size and the date it was taken', async () => {
    serve({ [`GET /media/pin/${pin.pinId}`]: listOf(threeItems) });
    renderGallery();
    const list = await screen.findByRole('list', { name: /Photos & videos/ });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const first = within(items[0]!);
    expect(first.getByAltText('IMG_1.jpg').getAttribute('src')).toBe('/api/storage/object/thumb-1.webp');
    expect(first.getByAltText('IMG_1.jpg').getAttribute('loading')).toBe('lazy');
    expect(first.queryByText('2.5 MB')).not.toBeNull();
    expect(first.queryByText('3 Jun 2024, 9:07')).not.toBeNull();
    expect(tile('IMG_1.jpg').getAttribute('aria-label')).toBe(
      'IMG_1.jpg, photo, 2.5 MB, taken 3 Jun 2024, 9:07',
    );
    const last = within(items[2]!);
    expect(last.queryByText('Video')).not.toBeNull();
    expect(last.queryByText('1.5 KB')).not.toBeNull();
  });

  it('writes the date taken in the traveller’s locale, as the wall clock where it was taken', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    const evening = mediaItem(1, {
      exifData: { ...mediaItem(1).exifData, dateTaken: '2024-05-12T18:32:00+09:00' },
    });
    serve({ [`GET /media/pin/${pin.pinId}`]: listOf([evening]) });
    renderGallery();
    expect(
      await within(await screen.findByRole('listitem')).findByText(/^May 12, 2024, 6:32\sPM$/),
    ).not.toBeNull();
  });

  it('marks the upload day where the file had no date, in the label too, and the viewer gives its time', async () => {
    const undated = mediaItem(1, {
      exifData: { ...mediaItem(1).exifData, dateTaken: null, dateSource: null },
    });
    serve({ [`GET /media/pin/${pin.pinId}`]: listOf([undated]) });
    renderGallery();
    const item = within(await screen.findByRole('listitem'));
    expect(item.queryByText('Uploaded 22 Nov 2025')).not.toBeNull();
    expect(tile('IMG_1.jpg').getAttribute('aria-label')).toBe(
      'IMG_1.jpg, photo, 2.5 MB, uploaded 22 Nov 2025',
    );
    const dialog = within(await openViewer('IMG_1.jpg'));
    expect(dialog.getByText('Uploaded 22 Nov 2025, 14:05').textContent).toBe(
      'Uploaded 22 Nov 2025, 14:05 (no date in the file)',
    );
    expect(dialog.queryByText(/^Taken/)).toBeNull();
  });

  it('shows a caption as the thumbnail’s text and its first line, which the tile is described by', async () => {
    const captioned = mediaItem(1, { caption: 'Tram 28 climbing to the castle' });
    serve({ [`GET /media/pin/${pin.pinId}`]: listOf([captioned, mediaItem(2)]) });
    renderGallery();
    const thumbnail = await screen.findByAltText('Tram 28 climbing to the castle');
    expect(thumbnail.getAttribute('src')).toBe('/api/storage/object/thumb-1.webp');
    const excerpt = within(tile('IMG_1.jpg')).getByText('Tram 28 climbing to the castle');
    expect(excerpt.className).toContain('truncate');
    expect(tile('IMG_1.jpg').getAttribute('aria-describedby')).toBe(excerpt.id);
    // Without a caption, the file name stands in and nothing describes the tile.
    expect(screen.queryByAltText('IMG_2.jpg')).not.toBeNull();
    expect(tile('IMG_2.jpg').hasAttribute('aria-describedby')).toBe(false);
  });

  it('hides a thumbnail that fails to load and keeps the item openable', async () => {
    serve({ [`GET /media/pin/${pin.pinId}`]: listOf(threeItems) });
    renderGallery();
    fireEvent.error(await screen.findByAltText('IMG_2.jpg'));
    expect(screen.queryByAltText('IMG_2.jpg')).toBeNull();
    // The viewer opens: openViewer waits for its dialog and fails without it.
    await openViewer('IMG_2.jpg');
  });
});

describe('Items still being processed', () => {
  it('shows Preparing preview… on the tile, with size and date, and polls until the thumbnail is made', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let lists = 0;
    serve({
      [`GET /media/pin/${pin.pinId}`]: () =>
        Promise.resolve({
          media: ++lists < 3 ? [processing(1), mediaItem(2)] : [mediaItem(1), mediaItem(2)],
        }),
    });
    renderGallery();
    const first = within((await screen.findAllByRole('listitem'))[0]!);
    expect(first.queryByText('Preparing preview…')).not.toBeNull();
    expect(first.queryByRole('img')).toBeNull();
    expect(first.queryByText('2.5 MB')).not.toBeNull();
    expect(first.queryByText('3 Jun 2024, 9:07')).not.toBeNull();
    expect(tile('IMG_1.jpg').getAttribute('aria-label')).toBe(
      'IMG_1.jpg, photo, preparing preview, 2.5 MB, taken 3 Jun 2024, 9:07',
    );
    expect(screen.queryByText('Preparing 1 preview…')?.getAttribute('role')).toBe('status');
    // Counted like any other item.
    expect(screen.getByRole('heading', { name: /Photos & videos/ }).textContent).toContain('(2)');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS);
    });
    expect(lists).toBe(2);
    expect(screen.queryByAltText('IMG_1.jpg')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS);
    });
    expect(lists).toBe(3);
    const thumbnail = await screen.findByAltText('IMG_1.jpg');
    expect(thumbnail.getAttribute('src')).toBe('/api/storage/object/thumb-1.webp');
    expect(screen.queryByText('Preparing preview…')).toBeNull();
    expect(screen.queryByText('Previews ready.')).not.toBeNull();

    // Nothing is processing any more, so the list is not asked again.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS * 3);
    });
    expect(lists).toBe(3);
  });

  it('does not poll a list where every item is ready', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve({ [`GET /media/pin/${pin.pinId}`]: listOf(threeItems) });
    renderGallery();
    await screen.findAllByRole('listitem');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS * 3);
    });
    expect(calledPaths()).toEqual([`GET /media/pin/${pin.pinId}`]);
  });

  it('opens in the viewer, which says the preview is being prepared and still downloads the original', async () => {
    serve({
      [`GET /media/pin/${pin.pinId}`]: listOf([processing(1), mediaItem(2)]),
      'GET /media/m1/download-url': () =>
        Promise.resolve({
          downloadUrl: '/api/storage/object/original-1.jpg',
          expiresAt: '2030-01-01T00:00:00.000Z',
        }),
    });
    renderGallery('basic');
    const dialog = within(await openViewer('IMG_1.jpg'));
    expect(dialog.getByRole('status').textContent).toBe(
      'The preview of this photo is being prepared. It appears here as soon as it is ready.',
    );
    expect(dialog.queryByRole('img')).toBeNull();
    expect(dialog.queryByText('1 of 2')).not.toBeNull();
    expect(dialog.queryByRole('button', { name: 'Delete photo' })).not.toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(linkClicks).toEqual(['/api/storage/object/original-1.jpg']));
  });

  it('plays a video being processed from its original, without a poster yet', async () => {
    const clip = processing(3, {
      filename: 'clip.mov',
      contentType: 'video/quicktime',
      isVideo: true,
      isImage: false,
      streamUrl: '/api/storage/object/original-3.mov',
    });
    serve({ [`GET /media/pin/${pin.pinId}`]: listOf([clip]) });
    renderGallery();
    const player = (await openViewer('clip.mov')).querySelector('video')!;
    expect(player.getAttribute('src')).toBe('/api/storage/object/original-3.mov');
    expect(player.hasAttribute('poster')).toBe(false);
  });
});

describe('Refused files', () => {
  it('shows the reason, one sentence naming the file, apart from the media, opened by nothing and counted nowhere', async () => {
    serve({ [`GET /media/pin/${pin.pinId}`]: listOf([mediaItem(1), refused(2), refused(4, null)]) });
    renderGallery();
    const kept = await screen.findByRole('list', { name: 'Files that could not be kept' });
    expect(
      within(kept)
        .getAllByRole('listitem')
        .map((tile) => tile.textContent),
    ).toEqual([`${damaged(2)}Remove`, 'IMG_4.jpg could not be read, so it was not kept.Remove']);
    const remove = within(kept).getByRole('button', { name: 'Remove IMG_2.jpg' });
    expect(remove.getAttribute('aria-describedby')).toBe(within(kept).getByText(damaged(2)).id);

    const grid = screen.getByRole('list', { name: /Photos & videos/ });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^IMG_2\.jpg,/ })).toBeNull();
    expect(screen.getByRole('heading', { name: /Photos & videos/ }).textContent).toContain('(1)');
    const dialog = within(await openViewer('IMG_1.jpg'));
    expect(dialog.queryByText('1 of 1')).not.toBeNull();
  });

  it('Remove deletes that file, takes its tile away and says so', async () => {
    serve({
      [`GET /media/pin/${pin.pinId}`]: listOf([refused(2)]),
      'DELETE /media/m2': () => Promise.resolve({ mediaId: 'm2', pin: { ...pin, mediaCount: 0 } }),
    });
    renderGallery();
    // Only a refused file: the pin has no media, so it says so, and the file can still be removed.
    await screen.findByText('No photos or videos yet');
    expect(screen.queryByRole('button', { name: /Download All/ })).toBeNull();
    const remove = screen.getByRole('button', { name: 'Remove IMG_2.jpg' });
    remove.focus();
    fireEvent.click(remove);
    await waitFor(() => expect(screen.queryByText(damaged(2))).toBeNull());
    expect(calledPaths()).toContain('DELETE /media/m2');
    expect(screen.queryByRole('list', { name: 'Files that could not be kept' })).toBeNull();
    expect(document.activeElement?.textContent).toContain('Photos & videos');
    expect(screen.queryByText('IMG_2.jpg removed.')).not.toBeNull();
  });

  it('keeps the file and says so when the removal fails', async () => {
    serve({
      [`GET /media/pin/${pin.pinId}`]: listOf([refused(2)]),
      'DELETE /media/m2': () => Promise.reject(new ApiError(500, '')),
    });
    renderGallery();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove IMG_2.jpg' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This photo could not be deleted. Please try again.',
    );
    expect(screen.queryByRole('button', { name: 'Remove IMG_2.jpg' })).not.toBeNull();
    expect(consoleError).toHaveBeenCalled();
  });

  it('reloads the pins when an item being processed comes back refused', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let lists = 0;
    serve({
      [`GET /media/pin/${pin.pinId}`]: () =>
        Promise.resolve({ media: ++lists === 1 ? [processing(2)] : [refused(2)] }),
    });
    const client = renderGallery();
    client.setQueryData(['pins'], [pin]);
    await screen.findByText('Preparing preview…');
    expect(client.getQueryState(['pins'])?.isInvalidated).toBe(false);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS);
    });
    await screen.findByRole('button', { name: 'Remove IMG_2.jpg' });
    expect(client.getQueryState(['pins'])?.isInvalidated).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS * 3);
    });
    expect(lists).toBe(2);
  });

  it('reloads the pins when the first list it reads already holds a refused item', async () => {
    // Refused after the pins were read, before the gallery was first asked: the count it saw is stale.
    serve({ [`GET /media/pin/${pin.pinId}`]: listOf([refused(2)]) });
    const client = renderGallery();
    client.setQueryData(['pins'], [pin]);
    await screen.findByRole('button', { name: 'Remove IMG_2.jpg' });
    expect(client.getQueryState(['pins'])?.isInvalidated).toBe(true);
  });
});

describe('MediaViewer', () => {
  beforeEach(() => serve({ [`GET /media/pin/${pin.pinId}`]: listOf(threeItems) }));

  it('opens on a tile with the preview over its thumbnail, details, position and focus on Close', async () => {
    renderGallery();
    const dialog = within(await openViewer('IMG_1.jpg'));
    expect(dialog.getByAltText('IMG_1.jpg').getAttribute('src')).toBe('/api/storage/object/preview-1.webp');
    expect(dialog.getByRole('status').textContent).toBe('Loading photo…');
    expect(dialog.queryByText('1 of 3')).not.toBeNull();
    expect(dialog.queryByText('2.5 MB')).not.toBeNull();
    expect(dialog.queryByText('Taken 3 Jun 2024, 9:07')).not.toBeNull();
    expect(dialog.queryByText('Apple iPhone 15')).not.toBeNull();
    expect(document.activeElement).toBe(dialog.getByRole('button', { name: 'Close viewer' }));
    fireEvent.load(dialog.getByAltText('IMG_1.jpg'));
    expect(dialog.queryByText('Loading photo…')).toBeNull();
  });

  it('moves with ArrowRight and ArrowLeft and wraps around at the ends', async () => {
    renderGallery();
    await openViewer('IMG_1.jpg');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(screen.queryByRole('dialog', { name: 'IMG_2.jpg' })).not.toBeNull();
    expect(within(viewer()).queryByText('2 of 3')).not.toBeNull();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(screen.queryByRole('dialog', { name: 'clip.mov' })).not.toBeNull();
    expect(within(viewer()).queryByText('3 of 3')).not.toBeNull();
  });

  it('moves with the Next and Previous buttons and with a touch swipe of 50 px', async () => {
    renderGallery();
    const dialog = await openViewer('IMG_1.jpg');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('dialog', { name: 'IMG_2.jpg' })).not.toBeNull();
    fireEvent.click(within(viewer()).getByRole('button', { name: 'Previous' }));
    expect(screen.queryByRole('dialog', { name: 'IMG_1.jpg' })).not.toBeNull();

    const stage = within(viewer()).getByAltText('IMG_1.jpg');
    const touch = { pointerType: 'touch', pointerId: 7, clientY: 300 };
    fireEvent.pointerDown(stage, { ...touch, clientX: 200 });
    fireEvent.pointerUp(stage, { ...touch, clientX: 200 - (SWIPE_MIN_PX - 1) });
    expect(screen.queryByRole('dialog', { name: 'IMG_1.jpg' })).not.toBeNull();
    fireEvent.pointerDown(stage, { ...touch, clientX: 200 });
    fireEvent.pointerUp(stage, { ...touch, clientX: 200 - SWIPE_MIN_PX });
    expect(screen.queryByRole('dialog', { name: 'IMG_2.jpg' })).not.toBeNull();
    fireEvent.pointerDown(within(viewer()).getByAltText('IMG_2.jpg'), { ...touch, clientX: 100 });
    fireEvent.pointerUp(within(viewer()).getByAltText('IMG_2.jpg'), { ...touch, clientX: 180 });
    expect(screen.queryByRole('dialog', { name: 'IMG_1.jpg' })).not.toBeNull();
  });

  it('plays a video with controls, its poster frame and the streaming link', async () => {
    renderGallery();
    const dialog = await openViewer('clip.mov');
    const player = dialog.querySelector('video')!;
    expect(player.getAttribute('src')).toBe('/api/storage/object/original-3.mov');
    expect(player.getAttribute('poster')).toBe('/api/storage/object/preview-3.webp');
    expect(player.hasAttribute('controls')).toBe(true);
    expect(player.hasAttribute('playsinline')).toBe(true);
    expect(player.getAttribute('preload')).toBe('metadata');
  });

  it('closes on Escape and gives focus back to the tile of the item last shown', async () => {
    renderGallery();
    await openViewer('IMG_1.jpg');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(tile('IMG_2.jpg')));
  });

  it('closes with the Close viewer button', async () => {
    renderGallery();
    const dialog = await openViewer('IMG_2.jpg');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close viewer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(tile('IMG_2.jpg')));
  });
});

describe('Deleting from the viewer', () => {
  it('asks first; Cancel and Escape keep the item and the viewer open', async () => {
    serve({ [`GET /media/pin/${pin.pinId}`]: listOf(threeItems) });
    renderGallery();
    const dialog = within(await openViewer('clip.mov'));
    fireEvent.click(dialog.getByRole('button', { name: 'Delete video' }));
    expect(dialog.queryByRole('alertdialog', { name: 'Delete this video?' })).not.toBeNull();
    expect(document.activeElement).toBe(dialog.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(dialog.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(dialog.getByRole('button', { name: 'Delete video' }));

    fireEvent.click(dialog.getByRole('button', { name: 'Delete video' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(dialog.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'clip.mov' })).not.toBeNull();
    expect(calledPaths()).not.toContain('DELETE /media/m3');
  });

  it('on Delete removes the item from the grid, closes the viewer, announces it and focuses the next tile', async () => {
    const pinAfter = { ...pin, mediaCount: 2 };
    serve({
      [`GET /media/pin/${pin.pinId}`]: listOf(threeItems),
      'DELETE /media/m1': () => Promise.resolve({ mediaId: 'm1', pin: pinAfter }),
    });
    const client = renderGallery();
    client.setQueryData(['pins'], [pin]);
    const dialog = within(await openViewer('IMG_1.jpg'));
    fireEvent.click(dialog.getByRole('button', { name: 'Delete photo' }));
    expect(dialog.queryByText('Delete this photo?')).not.toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByAltText('IMG_1.jpg')).toBeNull();
    expect(calledPaths()).toContain('DELETE /media/m1');
    expect(client.getQueryData(['pins'])).toEqual([pinAfter]);
    expect(client.getQueryState(['pins'])?.isInvalidated).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(tile('IMG_2.jpg')));
    await screen.findByText('IMG_1.jpg deleted.');
  });

  it('keeps the item and says so in the viewer when the server refuses the delete', async () => {
    serve({
      [`GET /media/pin/${pin.pinId}`]: listOf(threeItems),
      'DELETE /media/m2': () => Promise.reject(new ApiError(500, '')),
    });
    renderGallery();
    const dialog = within(await openViewer('IMG_2.jpg'));
    fireEvent.click(dialog.getByRole('button', { name: 'Delete photo' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'This photo could not be deleted. Please try again.',
    );
    expect(screen.queryByRole('dialog', { name: 'IMG_2.jpg' })).not.toBeNull();
    expect(consoleError).toHaveBeenCalled();
  });
});

describe('Downloads', () => {
  it('locks Download All and the viewer Download on the free plan, naming the plan, with Upgrade', async () => {
    serve({ [`GET /media/pin/${pin.pinId}`]: listOf(threeItems) });
    renderGallery('free');
    const button = await screen.findByRole('button', { name: /Download All/ });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(
      screen.queryByText(/Downloading photos and videos needs the Adventurer plan or higher\./),
    ).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/profile');

    const dialog = within(await openViewer('IMG_1.jpg'));
    expect((dialog.getByRole('button', { name: 'Download' }) as HTMLButtonElement).disabled).toBe(true);
    expect(dialog.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/profile');
    expect(calledPaths().some((path) => path.includes('download-url'))).toBe(false);
  });

  it('on the Adventurer plan Download All fetches the ZIP link and follows it', async () => {
    serve({
      [`GET /media/pin/${pin.pinId}`]: listOf(threeItems),
      [`GET /media/pin/${pin.pinId}/download-url`]: () =>
        Promise.resolve({ downloadUrl: '/api/media/archive/abc', expiresAt: '2030-01-01T00:00:00.000Z' }),
    });
    renderGallery('basic');
    fireEvent.click(await screen.findByRole('button', { name: /Download All/ }));
    await waitFor(() => expect(linkClicks).toEqual(['/api/media/archive/abc']));
    expect(screen.queryByText(/Downloads need/)).toBeNull();
  });

  it('downloads the shown item from the viewer on the Adventurer plan', async () => {
    serve({
      [`GET /media/pin/${pin.pinId}`]: listOf(threeItems),
      'GET /media/m2/download-url': () =>
        Promise.resolve({
          downloadUrl: 'https://bucket.example/m2?sig=1',
          expiresAt: '2030-01-01T00:00:00.000Z',
        }),
    });
    renderGallery('basic');
    const dialog = within(await openViewer('IMG_2.jpg'));
    fireEvent.click(dialog.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(linkClicks).toEqual(['https://bucket.example/m2?sig=1']));
  });

  it('shows a failed Download All for a while, logs it, then clears the notice', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve({
      [`GET /media/pin/${pin.pinId}`]: listOf(threeItems),
      [`GET /media/pin/${pin.pinId}/download-url`]: () =>
        Promise.reject(
          new ApiError(
            403,
            JSON.stringify({ error: { code: 'FEATURE_REQUIRED', message: 'Plan required' } }),
          ),
        ),
    });
    renderGallery('basic');
    fireEvent.click(await screen.findByRole('button', { name: /Download All/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('Plan required');
    expect(consoleError).toHaveBeenCalled();
    expect(linkClicks).toEqual([]);
    await act(async () => {
      vi.advanceTimersByTime(NOTICE_MS);
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
