// @vitest-environment happy-dom
// The bar of a pin being moved, against a stubbed server: it names the point chosen, saves it as lat and
// lng, and leaves on Cancel or Escape.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Pin } from '@waymarks/shared';
import { buildPin } from '@waymarks/shared/testing';
import { MovePinBar, type PinMove } from './MovePinBar';

type RequestOptions = { method?: string; body?: unknown; signal?: AbortSignal };
const { request } = vi.hoisted(() => ({
  request: vi.fn<(path: string, options?: RequestOptions) => Promise<unknown>>(),
}));
vi.mock('../../../app/auth/useAuth', () => ({ useAuth: () => ({ request }) }));

const lisbon: Pin = buildPin({
  pinId: 'pin-1',
  title: 'Lisbon',
  lat: 38.7223,
  lng: -9.1393,
  countryCode: 'PT',
  countryName: 'Portugal',
});
const MADRID_RESULT = { city: 'Madrid', region: 'Madrid', countryCode: 'ES', countryName: 'Spain' };

function serve() {
  const sent: unknown[] = [];
  request.mockImplementation((path, options) => {
    if (path.startsWith('/places/reverse')) return Promise.resolve(MADRID_RESULT);
    if (options?.method === 'PUT' && path === `/pins/${lisbon.pinId}`) {
      sent.push(options.body);
      return Promise.resolve({
        ...lisbon,
        ...(options.body as object),
        countryCode: 'ES',
        countryName: 'Spain',
        country: 'Spain',
      });
    }
    if (path === '/pins') return Promise.resolve({ pins: [lisbon] });
    return Promise.reject(new Error(`Unexpected request ${options?.method ?? 'GET'} ${path}`));
  });
  return sent;
}

function renderBar(move: PinMove) {
  const onMoved = vi.fn();
  const onCancel = vi.fn();
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <MovePinBar move={move} onMoved={onMoved} onCancel={onCancel} />
    </QueryClientProvider>,
  );
  return { onMoved, onCancel, bar: screen.getByRole('region', { name: 'Drag the pin or pick a new point' }) };
}

beforeEach(() => {
  request.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('MovePinBar', () => {
  it('takes the focus and offers no Save until a new point is chosen', () => {
    serve();
    const { bar } = renderBar({ pin: lisbon, lat: lisbon.lat, lng: lisbon.lng });
    expect(document.activeElement).toBe(bar);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
  });

  it('names the point chosen and saves it as the pin’s lat and lng, rounded to six decimals', async () => {
    const sent = serve();
    const { onMoved } = renderBar({ pin: lisbon, lat: 40.41680049, lng: -3.70379951 });
    expect(await screen.findByText('New place: Madrid, Spain')).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onMoved).toHaveBeenCalled());
    expect(sent).toEqual([{ lat: 40.4168, lng: -3.7038 }]);
    expect(onMoved.mock.calls[0]?.[0]).toMatchObject({ pinId: lisbon.pinId, countryName: 'Spain' });
  });

  it('leaves the pin where it is on Cancel and on Escape', () => {
    serve();
    const { onCancel, bar } = renderBar({ pin: lisbon, lat: 40.4168, lng: -3.7038 });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(bar, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(request.mock.calls.filter(([, options]) => options?.method === 'PUT')).toEqual([]);
  });
});
