// The component tests' harness: a stubbed server answering `METHOD path`, and a render inside a fresh
// query client and a memory router that shows where the app went. Imported by tests only.
import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Mock } from 'vitest';
import { ApiError } from '../lib/api';

export type RequestOptions = { method?: string; body?: unknown; signal?: AbortSignal };
export type RequestMock = Mock<(path: string, options?: RequestOptions) => Promise<unknown>>;
type Handler = (options?: RequestOptions) => Promise<unknown>;

/** Answers each `METHOD path` with its handler; anything else fails the test loudly. */
export function serve(request: RequestMock, routes: Record<string, Handler>) {
  request.mockImplementation((path, options) => {
    const handler = routes[`${options?.method ?? 'GET'} ${path}`];
    return handler ? handler(options) : Promise.reject(new Error(`Unexpected request ${path}`));
  });
}

export const answer = (body: unknown) => () => Promise.resolve(body);
/** A refusal as the server words it: `{ error: { code, message } }`. */
export const refuse =
  (status: number, message: string, code = 'REFUSED') =>
  () =>
    Promise.reject(new ApiError(status, JSON.stringify({ error: { code, message } })));
export const never = () => new Promise<never>(() => {});

export const calledPaths = (request: RequestMock) =>
  request.mock.calls.map(([path, options]) => `${options?.method ?? 'GET'} ${path}`);

function WhereAmI() {
  const location = useLocation();
  return (
    <div data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname + location.search + location.hash}
    </div>
  );
}

/** Renders `ui` at `path` under `route` (and a bare page for any other path it navigates to). */
export function renderAt(ui: ReactNode, path: string, route = path.split('?')[0] ?? '/') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={ui} />
          <Route path="*" element={<p>Elsewhere</p>} />
        </Routes>
        <WhereAmI />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

export const currentLocation = () => screen.getByTestId('location').textContent;
export const currentState = () =>
  JSON.parse(screen.getByTestId('location').dataset.state ?? 'null') as unknown;
