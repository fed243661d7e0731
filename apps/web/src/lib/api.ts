// The one place the web app talks HTTP to its own server: endpoints of the shared table called by name,
// JSON in and out, errors as ApiError.
import {
  ENDPOINTS,
  endpointPath,
  type ENDPOINT_SCHEMAS,
  type EndpointName,
  type EndpointShape,
  type HttpMethod,
  type InputOf,
  type ResponseOf,
} from '@waymarks/shared';
import { connection } from './connection';

/** Every API path is relative to this base on the same origin (DESIGN.md, API). */
export const API_BASE = '/api';

export interface ApiRequestOptions {
  method?: HttpMethod;
  /** Serialised as JSON, or sent as it is when a Blob; leave undefined for no body. */
  body?: unknown;
  /** Access token sent as `Authorization: Bearer`. */
  token?: string | null;
  signal?: AbortSignal;
  /**
   * Sent as Idempotency-Key on a create that may reach the server twice (a retry after a refreshed
   * session, a browser re-sending a POST whose connection broke): the server makes one thing of both.
   */
  idempotencyKey?: string;
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

/** Sends a request to a path under /api and answers the parsed JSON body; the session's and the public one. */
export type Transport = (path: string, options?: Omit<ApiRequestOptions, 'token'>) => Promise<unknown>;

/**
 * Sends one request and returns the parsed JSON body. `fetchImpl` is passed in so the session
 * manager and its tests decide which fetch runs; the refresh cookie travels with `same-origin`.
 */
export async function apiFetch(
  fetchImpl: typeof fetch,
  path: string,
  { method = 'GET', body, token, signal, idempotencyKey }: ApiRequestOptions = {},
): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  // A file (the avatar's PNG) goes as its own bytes and type; anything else as JSON.
  if (body instanceof Blob) {
    headers['Content-Type'] = body.type || 'application/octet-stream';
    init.body = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  if (signal) init.signal = signal;

  const response = await fetchImpl(`${API_BASE}${path}`, init);
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, text, response.headers.get('retry-after'));
  return text ? JSON.parse(text) : undefined;
}

/** For calls that need no session (sign-up, verification, password reset, auth config, reports). */
const publicFetch = connection.watch((input, init) => fetch(input, init));
const publicTransport: Transport = (path, options = {}) => apiFetch(publicFetch, path, options);

/** What a call passes besides the endpoint's own input. */
interface CallOptions {
  signal?: AbortSignal;
  /** For a create: one key per thing the traveller means to make, the same on every try (see apiFetch). */
  idempotencyKey?: string;
}

type Args<Name extends EndpointName> =
  // An endpoint that takes nothing may be called with nothing.
  Record<string, never> extends InputOf<Name>
    ? [input?: InputOf<Name> & CallOptions]
    : [input: InputOf<Name> & CallOptions];

/** The one way the web app calls its API: by endpoint name, typed from the table in packages/shared. */
export type Api = <Name extends EndpointName>(name: Name, ...args: Args<Name>) => Promise<ResponseOf<Name>>;

/**
 * Calls one endpoint of ENDPOINTS over `transport`. In development and tests the answer is checked
 * against the endpoint's zod schema, loaded only then, so a server that breaks the contract fails a test
 * while the production bundle carries no schema.
 */
export async function callEndpoint<Name extends EndpointName>(
  transport: Transport,
  name: Name,
  ...[input]: Args<Name>
): Promise<ResponseOf<Name>> {
  const { method, path } = ENDPOINTS[name];
  const { params, query, body, signal, idempotencyKey } = (input ?? {}) as EndpointShape & CallOptions;
  const options: Omit<ApiRequestOptions, 'token'> = { method };
  if (body !== undefined) options.body = body;
  if (signal) options.signal = signal;
  if (idempotencyKey) options.idempotencyKey = idempotencyKey;
  const answer = await transport(endpointPath(path, params, query), options);
  if (import.meta.env.DEV) checkContract(name, answer, schemas ?? (await loadSchemas()));
  return answer as ResponseOf<Name>;
}

/** Binds callEndpoint to a transport: `api('listPins')`. */
export function createApi(transport: Transport): Api {
  return (name, ...args) => callEndpoint(transport, name, ...args);
}

/** The API without a session (sign-up, verification, password reset, auth config, reports). */
export const publicApi: Api = createApi(publicTransport);

/** Thrown in development and tests when an answer does not match its endpoint's schema. */
export class ContractError extends Error {
  constructor(name: EndpointName, issues: string) {
    super(`The answer of ${name} breaks its contract: ${issues}`);
    this.name = 'ContractError';
  }
}

type EndpointSchemas = typeof ENDPOINT_SCHEMAS;

/** The schemas once loaded: later answers are checked without waiting, so a check adds no delay. */
let schemas: EndpointSchemas | undefined;

async function loadSchemas(): Promise<EndpointSchemas> {
  schemas = (await import('@waymarks/shared')).ENDPOINT_SCHEMAS;
  return schemas;
}

function checkContract(name: EndpointName, answer: unknown, endpointSchemas: EndpointSchemas): void {
  const result = endpointSchemas[name].response.safeParse(answer);
  if (!result.success) {
    const issues = result.error.issues.map(
      (issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
    throw new ContractError(name, issues.join('; '));
  }
}

/**
 * The text a screen shows for a failed call (SPEC.md §8, Screens): the server's own message when it
 * sent one; `fallback` for an API error without one (a function of its status when the text names it);
 * `unexpected` for anything that is not an API error (network down, a bug), by default the fallback.
 */
export function describeError(
  error: unknown,
  fallback: string | ((status: number) => string),
  unexpected?: string | ((error: unknown) => string),
): string {
  const fallbackText = (status: number) => (typeof fallback === 'string' ? fallback : fallback(status));
  if (error instanceof ApiError) return error.serverMessage ?? fallbackText(error.status);
  if (unexpected === undefined) return fallbackText(0);
  return typeof unexpected === 'string' ? unexpected : unexpected(error);
}

/**
 * A fresh Idempotency-Key, 32 hex digits: one per thing the traveller means to make. From
 * getRandomValues, which a page served over plain HTTP has too (randomUUID is for secure contexts only).
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
