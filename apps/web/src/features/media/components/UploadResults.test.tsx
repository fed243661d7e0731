// @vitest-environment jsdom
// An upload run's results against a stubbed server: a file refused after its upload went through says so.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MediaItem } from '@waymarks/shared';
import { buildMediaItem, buildPin } from '@waymarks/shared/testing';
import { PROCESSING_POLL_MS } from '../api/media';
import type { FileResult } from '../upload-flow';
import { UploadResults } from './UploadResults';

const { request } = vi.hoisted(() => ({ request: vi.fn<(path: string) => Promise<unknown>>() }));
vi.mock('../../../app/auth/useAuth', () => ({ useAuth: () => ({ request }) }));

const pin = buildPin({ pinId: 'pin-1', title: 'Lisbon', mediaCount: 2 });
const verification = { status: 'verified', score: 80, hasLocationVerification: true } as const;

/** An item of the pin, its previews still being made. */
const mediaItem = (mediaId: string, overrides: Partial<MediaItem>): MediaItem =>
  buildMediaItem({
    mediaId,
    pinId: pin.pinId,
    status: 'processing',
    verification,
    thumbnailUrl: null,
    previewUrl: null,
    ...overrides,
  });

const uploaded = (mediaId: string): FileResult => ({
  file: new File([new Uint8Array([1])], `${mediaId}.jpg`, { type: 'image/jpeg' }),
  pinTitle: 'Lisbon',
  outcome: { ok: true, uploaded: { mediaId, verification, pin } },
});

beforeEach(() => {
  request.mockReset();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

it('turns a file refused after its upload from its verification into the reason', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const reason = "The photo's data is damaged, so it could not be kept.";
  let lists = 0;
  request.mockImplementation((path) =>
    path === `/media/pin/${pin.pinId}`
      ? Promise.resolve({
          media: [
            mediaItem('good', {}),
            ++lists === 1 ? mediaItem('bad', {}) : mediaItem('bad', { status: 'refused', refusal: reason }),
          ],
        })
      : Promise.reject(new Error(`Unexpected request ${path}`)),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <UploadResults results={[uploaded('good'), uploaded('bad')]} />
    </QueryClientProvider>,
  );
  const rows = () => within(screen.getByRole('list', { name: 'Upload results' })).getAllByRole('listitem');
  expect(rows()[1]!.textContent).toBe('bad.jpgLisbon · Verified · 80/100');
  await vi.waitFor(() => expect(lists).toBe(1));

  await act(async () => {
    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS);
  });
  expect(await within(rows()[1]!).findByText(reason)).not.toBeNull();
  expect(rows()[0]!.textContent).toBe('good.jpgLisbon · Verified · 80/100');
  // Both files share one pin: its list is asked for once a round, not once per file.
  expect(request).toHaveBeenCalledTimes(2);
});
