// @vitest-environment happy-dom
// Saving a place, against a stubbed server: every try of one Save carries the same Idempotency-Key, so a
// try whose answer was lost but whose pin was stored is not stored twice; another place gets a key of its own.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { buildPin } from '@waymarks/shared/testing';
import { ApiError } from '../../../lib/api';
import type { MapPlace } from '../../places';
import { NewPlaceForm } from './NewPlaceForm';

type RequestOptions = { method?: string; body?: unknown; idempotencyKey?: string };
const { request } = vi.hoisted(() => ({
  request: vi.fn<(path: string, options?: RequestOptions) => Promise<unknown>>(),
}));
vi.mock('../../../app/auth/useAuth', () => ({ useAuth: () => ({ request }) }));

const LISBON: MapPlace = {
  lat: 38.7223,
  lng: -9.1393,
  name: 'Lisbon',
  countryCode: 'PT',
  countryName: 'Portugal',
  pin: null,
};
const PORTO: MapPlace = { ...LISBON, lat: 41.1579, lng: -8.6291, name: 'Porto' };

/** The keys the creates were sent with; the first create fails as a lost answer would, the rest succeed. */
function serveFailingFirst(): (string | undefined)[] {
  const keys: (string | undefined)[] = [];
  request.mockImplementation((path, options) => {
    if (options?.method === 'POST' && path === '/pins') {
      keys.push(options.idempotencyKey);
      if (keys.length === 1) return Promise.reject(new ApiError(502, 'Bad Gateway'));
      const pin = buildPin({ pinId: `pin-${keys.length}`, title: 'Lisbon' });
      return Promise.resolve({ pinId: pin.pinId, pin });
    }
    if (path === '/pins') return Promise.resolve({ pins: [] });
    return Promise.resolve({});
  });
  return keys;
}

function renderForm(place: MapPlace) {
  const onSaved = vi.fn();
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const view = render(
    <QueryClientProvider client={client}>
      <NewPlaceForm place={place} tier="free" pinCount={0} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return { onSaved, view };
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save to my map' }));

beforeEach(() => {
  request.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('NewPlaceForm', () => {
  it('sends a Save tried again after an error with the key of the first try', async () => {
    const keys = serveFailingFirst();
    const { onSaved } = renderForm(LISBON);

    save();
    await screen.findByRole('alert');
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));

    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('gives another place a key of its own', async () => {
    const keys = serveFailingFirst();
    const first = renderForm(LISBON);
    save();
    await screen.findByRole('alert');
    first.view.unmount();

    const { onSaved } = renderForm(PORTO);
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));

    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });
});
