// @vitest-environment happy-dom
// The end of a quick upload against a stubbed server: what it added, each place, the files left out by
// name, the files without GPS waiting in the Unplaced tray, and Show on map with the places to show.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Pin } from '@waymarks/shared';
import { buildMediaItem, buildPin } from '@waymarks/shared/testing';
import type { FileResult } from '../upload-flow';
import { QuickUploadSummary } from './QuickUploadSummary';

const { request } = vi.hoisted(() => ({ request: vi.fn<(path: string) => Promise<unknown>>() }));
vi.mock('../../../app/auth/useAuth', () => ({ useAuth: () => ({ request }) }));

const arezzo = buildPin({ pinId: 'arezzo', title: 'Arezzo', countryCode: 'IT', countryName: 'Italy' });
const madrid = buildPin({ pinId: 'madrid', title: 'Madrid', countryCode: 'ES', countryName: 'Spain' });
const tokyo = buildPin({ pinId: 'tokyo', title: 'Tokyo', countryCode: 'JP', countryName: 'Japan' });
const verification = { status: 'verified', score: 100, hasLocationVerification: true } as const;
const DAMAGED = 'truncated.jpg has damaged image data and cannot be read.';
const PLAN = "DSCN0042.jpg was not uploaded. This file does not fit in your Explorer plan's 1 GB of storage.";

const went = (name: string, pin: Pin, isVideo = false): FileResult => ({
  file: new File([new Uint8Array([1])], name, { type: isVideo ? 'video/mp4' : 'image/jpeg' }),
  pinTitle: pin.title,
  outcome: { ok: true, uploaded: { mediaId: `m-${name}`, verification, pin, isVideo } },
});

const RESULTS: FileResult[] = [
  went('DSCN0010.jpg', arezzo),
  went('DSCN0012.jpg', arezzo),
  went('truncated.jpg', arezzo),
  went('iphone6_madrid.jpg', madrid),
  went('tokyo_xyz.mp4', tokyo, true),
  {
    file: new File([new Uint8Array([1])], 'DSCN0042.jpg', { type: 'image/jpeg' }),
    pinTitle: 'Arezzo',
    outcome: { ok: false, message: PLAN },
  },
];

beforeEach(() => {
  request.mockReset();
  // truncated.jpg went up and was refused once its pixels were read.
  request.mockImplementation((path) =>
    Promise.resolve({
      media:
        path === `/media/pin/${arezzo.pinId}`
          ? [
              buildMediaItem({
                mediaId: 'm-truncated.jpg',
                pinId: arezzo.pinId,
                status: 'refused',
                refusal: DAMAGED,
                thumbnailUrl: null,
                previewUrl: null,
              }),
            ]
          : [],
    }),
  );
});

afterEach(cleanup);

function renderSummary(onShowOnMap = vi.fn(), results = RESULTS, unplaced: File[] = []) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <QuickUploadSummary
        results={results}
        unplaced={unplaced.map((file) => ({ file, failure: null }))}
        existingPins={[arezzo]}
        onShowOnMap={onShowOnMap}
      />
    </QueryClientProvider>,
  );
  return onShowOnMap;
}

it('sums up what was added, place by place, and lists the files left out by name', async () => {
  renderSummary();
  const heading = await screen.findByRole('heading', {
    name: '3 photos and 1 video in 3 places, 3 countries',
  });
  // The Upload button that had focus is gone: the summary's heading has it.
  expect(document.activeElement).toBe(heading);
  expect(
    within(screen.getByRole('list', { name: 'Places' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['Arezzo, Italy2 photos', 'Madrid, Spain1 photo', 'Tokyo, Japan1 video']);
  expect(
    within(screen.getByRole('list', { name: 'Not added to your map' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual([DAMAGED, PLAN]);
  expect(screen.getAllByText(DAMAGED)).toHaveLength(1);
});

it('Show on map hands over every place that kept a file', async () => {
  const onShowOnMap = renderSummary();
  await screen.findByRole('heading', { name: /in 3 places/ });
  fireEvent.click(screen.getByRole('button', { name: 'Show on map' }));
  expect(onShowOnMap).toHaveBeenCalledWith([arezzo, madrid, tokyo]);
});

it('lists a file skipped as already on the map under Skipped, not among the files left out', async () => {
  const skipped: FileResult = {
    file: new File([new Uint8Array([1])], 'IMG_1.jpg', { type: 'image/jpeg' }),
    pinTitle: 'Arezzo',
    outcome: { ok: false, message: 'IMG_1.jpg: Already in Lisbon', skipped: true },
  };
  renderSummary(vi.fn(), [went('DSCN0010.jpg', arezzo), skipped]);
  await screen.findByRole('heading', { name: '1 photo in 1 place, 1 country' });
  expect(
    within(screen.getByRole('list', { name: 'Skipped' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['IMG_1.jpg: Already in Lisbon']);
  expect(screen.queryByRole('list', { name: 'Not added to your map' })).toBeNull();
});

it('keeps the files without GPS in the Unplaced tray, and takes focus back when the last is left out', async () => {
  const photo = (name: string) => new File([new Uint8Array([1])], name, { type: 'image/jpeg' });
  renderSummary(vi.fn(), [went('DSCN0010.jpg', arezzo)], [photo('jolla.jpg'), photo('canon_40d.jpg')]);
  const heading = await screen.findByRole('heading', { name: '1 photo in 1 place, 1 country' });
  expect(
    within(screen.getByRole('list', { name: 'Unplaced files' }))
      .getAllByRole('listitem')
      .map((item) => item.querySelector('p')?.textContent),
  ).toEqual(['jolla.jpg', 'canon_40d.jpg']);

  fireEvent.click(screen.getByRole('button', { name: 'Leave all out' }));
  expect(screen.queryByRole('list', { name: 'Unplaced files' })).toBeNull();
  expect(screen.getByText('2 files were left out.')).toBeTruthy();
  expect(document.activeElement).toBe(heading);
});

it('shows no Unplaced tray when every file had GPS', async () => {
  renderSummary();
  await screen.findByRole('heading', { name: /in 3 places/ });
  expect(screen.queryByRole('heading', { name: 'Unplaced' })).toBeNull();
});
