// @vitest-environment happy-dom
// The Unplaced tray with the upload's effects stubbed: each file waits by name; one goes to a pin picked
// from the traveller's places, all go to a place found by search (made a pin), one is left out, and a
// refused file stays with the sentence that names it. The live region says each step.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MediaMetadata, Pin, PinCreateRequest, PlaceSearchResult } from '@waymarks/shared';
import { buildPin } from '@waymarks/shared/testing';
import { addToTray, type UnplacedFile } from '../unplaced';
import type { UploadDeps, UploadOutcome } from '../upload-flow';
import { UnplacedTray } from './UnplacedTray';

const { request, fake } = vi.hoisted(() => ({
  request: vi.fn<(path: string) => Promise<unknown>>(),
  fake: { uploads: [] as [string, string][], created: [] as PinCreateRequest[] },
}));
vi.mock('../../../app/auth/useAuth', () => ({ useAuth: () => ({ request }) }));

const lisbon: Pin = buildPin({
  pinId: 'lisbon',
  title: 'Lisbon',
  lat: 38.7223,
  lng: -9.1393,
  countryCode: 'PT',
  countryName: 'Portugal',
});
const porto: PlaceSearchResult = {
  placeId: 'gn:2735943',
  name: 'Porto',
  title: 'Porto',
  description: '',
  lat: 41.1496,
  lng: -8.611,
  country: 'Portugal',
  countryCode: 'PT',
  countryName: 'Portugal',
  formattedAddress: 'Porto, Portugal',
  placeType: 'locality',
  visitDate: null,
};
const noGps: MediaMetadata = {
  dateTaken: null,
  dateSource: null,
  location: null,
  cameraMake: null,
  cameraModel: null,
};

vi.mock('./useUploadDeps', () => ({
  useUploadDeps: (existingPins: readonly Pin[]): { deps: UploadDeps; refresh: () => Promise<void> } => ({
    deps: {
      readMetadata: async () => noGps,
      placeAt: async () => ({ name: 'Nowhere', countryCode: 'XX', countryName: 'Unknown' }),
      createPin: async (body) => {
        fake.created.push(body);
        return buildPin({ pinId: `new-${body.title}`, ...body });
      },
      deletePin: async () => {},
      contentHash: async () => null,
      uploadFile: async (pinId, file) => {
        if (file.name.startsWith('scan'))
          throw new Error(`${file.name} has damaged image data and cannot be read.`);
        fake.uploads.push([pinId, file.name]);
        const pin = existingPins.find((one) => one.pinId === pinId) ?? buildPin({ pinId, title: 'Porto' });
        return {
          mediaId: `m-${file.name}`,
          verification: { status: 'unverified', score: 20, hasLocationVerification: false },
          pin,
          isVideo: false,
        };
      },
      existingPins,
    },
    refresh: async () => {},
  }),
}));

const photo = (name: string) => new File([new Uint8Array([1])], name, { type: 'image/jpeg' });

beforeEach(() => {
  fake.uploads.length = 0;
  fake.created.length = 0;
  request.mockReset();
  request.mockImplementation((path) =>
    path.startsWith('/places/search')
      ? Promise.resolve({ results: [porto] })
      : Promise.reject(new Error(`Unexpected request ${path}`)),
  );
});

afterEach(cleanup);

/** The tray as a caller holds it: what still waits, and what went up. */
function renderTray(names: string[]) {
  const placed: UploadOutcome[] = [];
  function Harness() {
    const [tray, setTray] = useState<UnplacedFile[]>(addToTray([], names.map(photo)));
    return (
      <UnplacedTray
        tray={tray}
        existingPins={[lisbon]}
        onChange={setTray}
        onPlaced={(outcome) => placed.push(outcome)}
      />
    );
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness />
    </QueryClientProvider>,
  );
  return placed;
}

const waiting = () =>
  within(screen.getByRole('list', { name: 'Unplaced files' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);

it('lists each file waiting by name, and sends one to the pin the traveller picks from their places', async () => {
  const placed = renderTray(['jolla.jpg', 'canon_40d.jpg']);
  expect(screen.getByRole('heading', { name: 'Unplaced' })).toBeTruthy();
  expect(waiting()).toEqual(['jolla.jpg', 'canon_40d.jpg']);

  fireEvent.click(screen.getByRole('button', { name: 'Choose a place for jolla.jpg' }));
  const places = screen.getByRole('combobox', { name: 'One of your places' });
  // The chooser opens with focus on its first control.
  expect(document.activeElement).toBe(places);
  expect(screen.getByRole('group', { name: 'Where was jolla.jpg taken?' })).toBeTruthy();
  fireEvent.change(places, { target: { value: 'lisbon' } });
  fireEvent.click(screen.getByRole('button', { name: 'Upload to Lisbon' }));

  await waitFor(() => expect(waiting()).toEqual(['canon_40d.jpg']));
  expect(fake.uploads).toEqual([['lisbon', 'jolla.jpg']]);
  expect(fake.created).toEqual([]);
  expect(placed.map((outcome) => outcome.results.map((result) => result.file.name))).toEqual([['jolla.jpg']]);
  expect(screen.getByText('jolla.jpg is in Lisbon now.')).toBeTruthy();
  expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Unplaced' }));
});

it('sends every file at once to a place found by search, which becomes a pin named after it', async () => {
  const placed = renderTray(['jolla.jpg', 'canon_40d.jpg']);
  fireEvent.click(screen.getByRole('button', { name: 'Choose a place for all 2' }));
  expect(screen.getByRole('group', { name: 'Where were these 2 files taken?' })).toBeTruthy();
  fireEvent.change(screen.getByRole('combobox', { name: 'Search destinations' }), {
    target: { value: 'Porto' },
  });
  fireEvent.click(await screen.findByRole('option', { name: /Porto/ }));
  expect(screen.getByText(/a new place on your map/)).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Upload to Porto' }));

  await waitFor(() => expect(screen.queryByRole('list', { name: 'Unplaced files' })).toBeNull());
  expect(fake.created.map((body) => [body.title, body.lat, body.lng])).toEqual([['Porto', 41.1496, -8.611]]);
  expect(fake.uploads).toEqual([
    ['new-Porto', 'jolla.jpg'],
    ['new-Porto', 'canon_40d.jpg'],
  ]);
  expect(placed).toHaveLength(1);
  expect(screen.getByText('2 files are in Porto now.')).toBeTruthy();
});

it('leaves a file out without sending it, and says so', () => {
  const placed = renderTray(['jolla.jpg', 'canon_40d.jpg']);
  fireEvent.click(screen.getByRole('button', { name: 'Leave out canon_40d.jpg' }));
  expect(waiting()).toEqual(['jolla.jpg']);
  expect(screen.getByText('canon_40d.jpg was left out.')).toBeTruthy();
  expect(fake.uploads).toEqual([]);
  expect(placed).toEqual([]);
});

it('keeps a file the upload refused, with the sentence that names it, to try elsewhere or leave out', async () => {
  const placed = renderTray(['scan.jpg']);
  fireEvent.click(screen.getByRole('button', { name: 'Choose a place for scan.jpg' }));
  fireEvent.change(screen.getByRole('combobox', { name: 'One of your places' }), {
    target: { value: 'lisbon' },
  });
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  fireEvent.click(screen.getByRole('button', { name: 'Upload to Lisbon' }));
  const refusal = await screen.findByText('scan.jpg has damaged image data and cannot be read.');
  logged.mockRestore();
  expect(refusal.closest('li')?.textContent).toContain('scan.jpg');
  expect(screen.getByText('scan.jpg could not be uploaded.')).toBeTruthy();
  expect(placed).toEqual([]);
  expect(screen.getByRole('button', { name: 'Leave out scan.jpg' })).toBeTruthy();
});

it('gives focus back to the button that opened the chooser when it is cancelled', () => {
  renderTray(['jolla.jpg']);
  const opener = screen.getByRole('button', { name: 'Choose a place for jolla.jpg' });
  fireEvent.click(opener);
  expect(opener.getAttribute('aria-expanded')).toBe('true');
  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(document.activeElement).toBe(opener);
  expect(screen.queryByRole('group', { name: /taken\?$/ })).toBeNull();
});
