// The one place the web app talks HTTP to its own server: JSON in and out, errors as ApiError.

/** Every API path is relative to this base on the same origin (DESIGN.md, API). */
export const API_BASE = '/api';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  method?: HttpMethod;
  /** Serialised as JSON; leave undefined for no body. */
  body?: unknown;
  /** Access token sent as `Authorization: Bearer`. */
  token?: string | null;
  signal?: AbortSignal;
}

/**
 * A non-OK response. The message is exactly `API Error: {status} - {body}` (SPEC.md §8); `code` and
 * `serverMessage` come from the `{ error: { code, message } }` body when the server sent one.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;
  readonly code: string | null;
  /** Text the server meant for the user, or null when the body carried none (a proxy page, say). */
  readonly serverMessage: string | null;
  /** Seconds the server asked to wait before trying again (Retry-After), when it said. */
  readonly retryAfterSeconds: number | null;

  constructor(status: number, body: string, retryAfter: string | null = null) {
    super(`API Error: ${status} - ${body}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    const parsed = parseErrorBody(body);
    this.code = parsed?.code ?? null;
    this.serverMessage = parsed?.message ?? null;
    const seconds = retryAfter === null ? NaN : Number(retryAfter);
    this.retryAfterSeconds = Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
  }
}

function parseErrorBody(body: string): { code: string | null; message: string | null } | null {
  try {
    const value: unknown = JSON.parse(body);
    if (typeof value !== 'object' || value === null || !('error' in value)) return null;
    const error: unknown = value.error;
    if (typeof error !== 'object' || error === null) return null;
    const code = 'code' in error && typeof error.code === 'string' ? error.code : null;
    const message =
      'message' in error && typeof error.message === 'string' && error.message ? error.message : null;
    return { code, message };
  } catch {
    return null;
  }
}

/**
 * Sends one request and returns the parsed JSON body. `fetchImpl` is passed in so the session
 * manager and its tests decide which fetch runs; the refresh cookie travels with `same-origin`.
 */
export async function apiFetch<T>(
  fetchImpl: typeof fetch,
  path: string,
  { method = 'GET', body, token, signal }: ApiRequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (body !== undefined) init.body = JSON.stringify(body);
  if (signal) init.signal = signal;

  const response = await fetchImpl(`${API_BASE}${path}`, init);
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, text, response.headers.get('retry-after'));
  return (text ? JSON.parse(text) : undefined) as T;
}

/** For calls that need no session (sign-up, verification, password reset, auth config). */
export function publicRequest<T>(path: string, options: Omit<ApiRequestOptions, 'token'> = {}): Promise<T> {
  return apiFetch<T>((input, init) => fetch(input, init), path, options);
}

/**
 * The text a screen shows for a failed call (SPEC.md §8, Screens): the server's own message when it
 * sent one, `fallback` for an API error without one, `unexpected` for anything that is not an API
 * error (network down, a bug).
 */
export function describeError(error: unknown, fallback: string, unexpected: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return unexpected;
}
