// @vitest-environment happy-dom
// An upload run's results against a stubbed server: a file refused after its upload went through says so,
// and every failure is one sentence naming the file, shown once.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MediaItem } from '@waymarks/shared';
import { buildMediaItem, buildPin } from '@waymarks/shared/testing';
import { PROCESSING_POLL_MS } from '../api/media';
import type { FileResult } from '../upload-flow';
import { RunReport, UploadResults } from './UploadResults';

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
  outcome: { ok: true, uploaded: { mediaId, verification, pin, isVideo: false } },
});

const failed = (name: string, message: string): FileResult => ({
  file: new File([new Uint8Array([1])], name, { type: 'image/jpeg' }),
  pinTitle: 'Lisbon',
  outcome: { ok: false, message },
});

const skipped = (name: string, where: string): FileResult => ({
  file: new File([new Uint8Array([1])], name, { type: 'image/jpeg' }),
  pinTitle: 'Lisbon',
  outcome: { ok: false, message: `${name}: ${where}`, skipped: true },
});

function renderWithClient(element: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{element}</QueryClientProvider>);
}

/** Every element whose own text is exactly `text`. */
const occurrences = (text: string) => screen.queryAllByText(text, { exact: true }).length;

beforeEach(() => {
  request.mockReset();
  request.mockImplementation((path) =>
    path === `/media/pin/${pin.pinId}`
      ? Promise.resolve({ media: [] })
      : Promise.reject(new Error(`Unexpected request ${path}`)),
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

it('turns a file refused after its upload from its verification into the reason', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const reason = 'bad.jpg has damaged image data and cannot be read.';
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
  renderWithClient(<UploadResults results={[uploaded('good'), uploaded('bad')]} />);
  const rows = () => within(screen.getByRole('list', { name: 'Upload results' })).getAllByRole('listitem');
  expect(rows()[1]!.textContent).toBe('bad.jpgLisbon · Verified · 80/100');
  await vi.waitFor(() => expect(lists).toBe(1));

  await act(async () => {
    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS);
  });
  expect(await within(rows()[1]!).findByText(reason)).not.toBeNull();
  // The sentence names the file: the row is that sentence alone.
  expect(rows()[1]!.textContent).toBe(reason);
  expect(rows()[0]!.textContent).toBe('good.jpgLisbon · Verified · 80/100');
  // Both files share one pin: its list is asked for once a round, not once per file.
  expect(request).toHaveBeenCalledTimes(2);
});

const EMPTY = 'empty.jpg is empty.';
const HTML = 'html-named.jpg is an HTML page, not the photo it claims to be.';

it('says why each file of a run that all failed in the alert alone, one sentence naming each', () => {
  renderWithClient(<RunReport results={[failed('empty.jpg', EMPTY), failed('html-named.jpg', HTML)]} />);
  expect(
    within(screen.getByRole('alert'))
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual([EMPTY, HTML]);
  expect(screen.queryByRole('list', { name: 'Upload results' })).toBeNull();
  expect(occurrences(EMPTY)).toBe(1);
  expect(occurrences(HTML)).toBe(1);
});

it('counts the failures in the alert when some files went up, the list saying why for each, once', async () => {
  renderWithClient(<RunReport results={[uploaded('good'), failed('html-named.jpg', HTML)]} />);
  expect(screen.getByRole('alert').textContent).toBe('1 of 2 files could not be uploaded.');
  const rows = within(screen.getByRole('list', { name: 'Upload results' })).getAllByRole('listitem');
  expect(rows.map((row) => row.textContent)).toEqual(['good.jpgLisbon · Verified · 80/100', HTML]);
  expect(occurrences(HTML)).toBe(1);
  await vi.waitFor(() => expect(request).toHaveBeenCalled());
});

it('says a file skipped as kept already in the list, as no failure: nothing is counted in an alert', async () => {
  renderWithClient(
    <RunReport
      results={[
        skipped('IMG_1.jpg', 'Already in Lisbon'),
        uploaded('good'),
        failed('html-named.jpg', HTML),
        skipped('IMG_1 copy.jpg', 'Already in Lisbon'),
      ]}
    />,
  );
  expect(screen.getByRole('alert').textContent).toBe('1 of 4 files could not be uploaded.');
  const rows = within(screen.getByRole('list', { name: 'Upload results' })).getAllByRole('listitem');
  expect(rows.map((row) => row.textContent)).toEqual([
    'IMG_1.jpg: Already in Lisbon',
    'good.jpgLisbon · Verified · 80/100',
    HTML,
    'IMG_1 copy.jpg: Already in Lisbon',
  ]);
  await vi.waitFor(() => expect(request).toHaveBeenCalled());
});

it('raises no alert when every file of a run was skipped as kept already', () => {
  renderWithClient(<RunReport results={[skipped('IMG_1.jpg', 'Already in Lisbon')]} />);
  expect(screen.queryByRole('alert')).toBeNull();
  expect(within(screen.getByRole('list', { name: 'Upload results' })).getByRole('listitem').textContent).toBe(
    'IMG_1.jpg: Already in Lisbon',
  );
});

it('only marks a file refused after its upload when the gallery below gives the reason', async () => {
  const reason = 'bad.jpg has damaged image data and cannot be read.';
  request.mockImplementation(() =>
    Promise.resolve({ media: [mediaItem('bad', { status: 'refused', refusal: reason })] }),
  );
  renderWithClient(<UploadResults results={[uploaded('bad')]} refusalsShownElsewhere />);
  const list = screen.getByRole('list', { name: 'Upload results' });
  await within(list).findByText('Not kept');
  expect(within(list).getByRole('listitem').textContent).toBe('bad.jpgNot kept');
  expect(occurrences(reason)).toBe(0);
});
