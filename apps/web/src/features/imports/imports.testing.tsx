// Contract-shaped import answers and the screens' harness: a stubbed server answering `METHOD path`, a
// fake XMLHttpRequest whose progress a test drives, and a render inside a fresh query client and a memory
// router. Imported by tests only.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Mock } from 'vitest';
import type { ImportPlace, ImportPreview, ImportSummary } from '@waymarks/shared';
import { ApiError } from '../../lib/api';

export function buildSummary(overrides: Partial<ImportSummary> = {}): ImportSummary {
  return {
    importId: 'imp-1',
    status: 'reading',
    format: null,
    fileNames: ['Records.json'],
    createdAt: '2026-11-20T10:00:00.000Z',
    progress: { bytesRead: 0, bytesTotal: 0, points: 0, stays: 0 },
    places: 0,
    created: 0,
    matched: 0,
    pinsWithPhotos: 0,
    committedAt: null,
    ...overrides,
  };
}

export function buildPlace(placeKey: string, overrides: Partial<ImportPlace> = {}): ImportPlace {
  return {
    placeKey,
    title: `Place ${placeKey}`,
    lat: 48.85,
    lng: 2.35,
    countryCode: 'FR',
    countryName: 'France',
    firstVisit: '2019-05-03',
    lastVisit: '2019-05-06',
    visits: 1,
    minutes: 600,
    ...overrides,
  };
}

export function buildPreview(places: ImportPlace[], overrides: Partial<ImportPreview> = {}): ImportPreview {
  return {
    importId: 'imp-1',
    places,
    countries: [{ countryCode: 'FR', countryName: 'France', places: places.length, isNew: true }],
    from: '2019-05-03',
    to: '2021-08-09',
    groupingKm: 1,
    ...overrides,
  };
}

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
export const refuse = (status: number, code: string, message: string) => () =>
  Promise.reject(new ApiError(status, JSON.stringify({ error: { code, message } })));

export const calledPaths = (request: RequestMock) =>
  request.mock.calls.map(([path, options]) => `${options?.method ?? 'GET'} ${path}`);

/** A stand-in for XMLHttpRequest: each PUT waits until the test reports progress and finishes it. */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  aborted = false;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number) {
    this.upload.onprogress?.({ loaded });
  }
  finish(status = 200) {
    this.status = status;
    this.onload?.();
  }
}

function WhereAmI() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/** Renders `ui` at `path` under `route`; any other path shows a bare page. */
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
