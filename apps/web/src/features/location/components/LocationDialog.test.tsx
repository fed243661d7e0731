// @vitest-environment happy-dom
// The location dialog of a saved pin against a stubbed server: it leads with the place (name, visit date,
// notes), keeps the upload settings folded away, says when saving worked, and hands the pin over to move.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { PIN_LIMITS, type Pin } from '@waymarks/shared';
import { buildPin } from '@waymarks/shared/testing';
import { placeFromPin } from '../../places';
import { LocationDialog } from './LocationDialog';

type RequestOptions = { method?: string; body?: unknown; signal?: AbortSignal };
const { request } = vi.hoisted(() => ({
  request: vi.fn<(path: string, options?: RequestOptions) => Promise<unknown>>(),
}));
vi.mock('../../../app/auth/useAuth', () => ({ useAuth: () => ({ request }) }));

const lisbon: Pin = buildPin({
  pinId: 'pin-1',
  title: 'Lisbon',
  description: 'Tram 28 at dawn',
  lat: 38.7223,
  lng: -9.1393,
  countryCode: 'PT',
  countryName: 'Portugal',
  visitDate: '2024-05-02',
});

/** The server: PUT /pins/pin-1 answers the pin with the changes, and records what it was sent. */
function serve() {
  const saved: unknown[] = [];
  request.mockImplementation((path, options) => {
    if (options?.method === 'PUT' && path === `/pins/${lisbon.pinId}`) {
      saved.push(options.body);
      return Promise.resolve({ ...lisbon, ...(options.body as Partial<Pin>) });
    }
    if (path === '/pins') return Promise.resolve({ pins: [lisbon] });
    if (path === '/countries') return Promise.reject(new Error('not needed here'));
    return Promise.reject(new Error(`Unexpected request ${options?.method ?? 'GET'} ${path}`));
  });
  return saved;
}

function renderDialog(pin: Pin = lisbon, onMovePin = vi.fn()) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <LocationDialog
          place={placeFromPin(pin)}
          tier="free"
          pins={[pin]}
          onClose={() => {}}
          onSaved={() => {}}
          onDeleted={() => {}}
          onMovePin={onMovePin}
          onShowOnMap={() => {}}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { dialog: screen.getByRole('dialog', { name: 'Lisbon' }), onMovePin };
}

/** The live status beside Save, in the bar at the dialog's foot. */
const saveStatus = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('button', { name: 'Save changes' }).parentElement!).getByRole('status');

/** Whether `first` comes before `second` in the page, as a reader meets them. */
const before = (first: Element, second: Element) =>
  (first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;

beforeEach(() => {
  request.mockReset();
  // The media list and country figures refetched after a save are not what these tests look at.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('LocationDialog for a saved pin', () => {
  it('leads with the place: name, visit date and the pin’s notes come before its photos', () => {
    serve();
    const { dialog } = renderDialog();
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    const date = within(dialog).getByLabelText('Visit date');
    const notes = within(dialog).getByRole('textbox', { name: 'Notes' });
    const photos = within(dialog).getByRole('tablist', { name: 'Photos and videos' });

    expect(name).toHaveProperty('value', 'Lisbon');
    expect(date).toHaveProperty('value', '2024-05-02');
    expect(notes).toHaveProperty('value', 'Tram 28 at dawn');
    expect(notes).toHaveProperty('maxLength', PIN_LIMITS.descriptionMax);
    expect(before(name, date) && before(date, notes) && before(notes, photos)).toBe(true);
  });

  it('keeps the smart-detection settings under Upload settings, folded until opened', () => {
    serve();
    const { dialog } = renderDialog();
    const settings = within(dialog).getByText('Upload settings').closest('details');
    expect(settings).not.toBeNull();
    expect(settings?.open).toBe(false);
    expect(within(settings!).getByRole('switch', { name: 'Auto-detect date' })).toBeDefined();
    expect(within(settings!).getByRole('slider', { name: 'Grouping distance' })).toBeDefined();

    fireEvent.click(within(dialog).getByText('Upload settings'));
    expect(settings?.open).toBe(true);
  });

  it('saves changed notes with the name and date, and says Saved in a live status', async () => {
    const saved = serve();
    const { dialog } = renderDialog();
    const status = saveStatus(dialog);
    const save = within(dialog).getByRole('button', { name: 'Save changes' });
    expect(save).toHaveProperty('disabled', true);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Notes' }), {
      target: { value: '  Tram 28 at dawn, then pastéis in Belém  ' },
    });
    expect(save).toHaveProperty('disabled', false);
    fireEvent.click(save);

    await waitFor(() => expect(status.textContent).toBe('Saved'));
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(saved).toEqual([
      { title: 'Lisbon', visitDate: '2024-05-02', description: 'Tram 28 at dawn, then pastéis in Belém' },
    ]);
  });

  it('says why saving failed, where Save is', async () => {
    serve();
    request.mockImplementation(() => Promise.reject(new Error('offline')));
    const { dialog } = renderDialog();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Notes' }), {
      target: { value: 'Something new' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    const status = saveStatus(dialog);
    await waitFor(() => expect(status.textContent).toBe('Could not save your changes'));
  });

  it('hands the pin over to be moved on the map, once what was typed is saved', async () => {
    serve();
    const { dialog, onMovePin } = renderDialog();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Notes' }), {
      target: { value: 'Not saved yet' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move pin' }));
    expect(onMovePin).not.toHaveBeenCalled();
    expect(saveStatus(dialog).textContent).toBe('Save your changes before moving the pin');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(saveStatus(dialog).textContent).toBe('Saved'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move pin' }));
    expect(onMovePin).toHaveBeenCalledWith(expect.objectContaining({ pinId: lisbon.pinId }));
  });
});
