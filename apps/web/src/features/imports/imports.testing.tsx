// Contract-shaped import answers, and a fake XMLHttpRequest whose progress a test drives; the stubbed
// server and the render are the tests' shared harness (testing/render.tsx). Imported by tests only.
import type { ImportPlace, ImportPreview, ImportSummary } from '@waymarks/shared';

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
