// Errors the API returns, and the one handler that turns anything thrown into { error: { code, message } }.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode } from '@waymarks/shared';
import { StorageUnavailableError } from '../adapters/storage/object-storage.js';
import { databaseUnavailable } from '../db/unavailable.js';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** Headers the answer carries besides the body, such as Retry-After. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Not found') => new AppError(404, ErrorCode.notFound, what);
export const unauthorized = (message = 'Authentication required') =>
  new AppError(401, ErrorCode.unauthorized, message);
export const badRequest = (code: string, message: string) => new AppError(400, code, message);
export const tooManyRequests = (message = 'Too many attempts. Please try again later.') =>
  new AppError(429, ErrorCode.rateLimited, message);
/** Work refused for now rather than queued without bound; the client may try again after the pause. */
export const serviceBusy = (message: string, retryAfterSeconds: number) =>
  new AppError(503, ErrorCode.serviceBusy, message, { 'retry-after': String(retryAfterSeconds) });

/** What a request is told when what it needs is out of reach for now (decision 098). */
export const UNAVAILABLE_MESSAGES = {
  service: 'The service cannot take this request just now. Please try again in a moment.',
  storage: 'Photos and videos cannot be reached just now. Please try again in a minute.',
} as const;
/** A database restarts in seconds; storage out of reach tends to stay so for longer. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = { service: 5, storage: 30 } as const;

/** The 503 of a dependency out of reach for now: the database (`service`) or storage. */
export const unavailable = (what: keyof typeof UNAVAILABLE_MESSAGES) =>
  serviceBusy(UNAVAILABLE_MESSAGES[what], UNAVAILABLE_RETRY_AFTER_SECONDS[what]);

/**
 * The 503 for an error that says a dependency cannot take the request now, not that the request was
 * wrong: the storage adapter's StorageUnavailableError, or the database out of reach, locked too long or
 * out of room; with how loudly to log it (a full disk needs someone to act).
 */
function outOfReach(error: unknown): { answer: AppError; level: 'warn' | 'error' } | undefined {
  if (error instanceof StorageUnavailableError) return { answer: unavailable('storage'), level: 'warn' };
  const database = databaseUnavailable(error);
  if (database)
    return { answer: unavailable('service'), level: database === 'out of room' ? 'error' : 'warn' };
  return undefined;
}

const INTERNAL_ERROR = { error: { code: ErrorCode.internal, message: 'Something went wrong on our side' } };

const FASTIFY_CODES: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: ErrorCode.payloadTooLarge,
    message: 'Request body is too large',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: ErrorCode.validation,
    message: 'Unsupported content type',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: ErrorCode.validation, message: 'Request body is empty' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: ErrorCode.validation, message: 'Malformed JSON body' },
  // Raised by the router before any route runs: see sendFrameworkError.
  FST_ERR_BAD_URL: { status: 400, code: ErrorCode.validation, message: 'Malformed address' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: ErrorCode.validation, message: 'The address is too long' },
};

/**
 * Fastify's `frameworkErrors` option: errors of the router, which the error handler never sees (a path that
 * is not percent-encoded UTF-8, a path parameter over maxParamLength). Without it Fastify answers them in
 * its own shape, repeating the address.
 */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (known) {
    return reply.status(known.status).send({ error: { code: known.code, message: known.message } });
  }
  request.log.error({ err: error }, 'unhandled router error');
  return reply.status(500).send(INTERNAL_ERROR);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const busy = outOfReach(error);
    if (busy) request.log[busy.level]({ err: error }, 'a dependency cannot take requests now; answered 503');
    const refusal = busy?.answer ?? error;
    if (refusal instanceof AppError) {
      return reply
        .status(refusal.statusCode)
        .headers(refusal.headers)
        .send({ error: { code: refusal.code, message: refusal.message } });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const message = describeIssue(first?.message, first?.instancePath);
      return reply.status(400).send({ error: { code: ErrorCode.validation, message } });
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) {
      return reply.status(known.status).send({ error: { code: known.code, message: known.message } });
    }
    if (error instanceof SyntaxError || error.statusCode === 400) {
      return reply.status(400).send({ error: { code: ErrorCode.validation, message: 'Malformed request' } });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({
        error: { code: ErrorCode.rateLimited, message: 'Too many requests. Please try again later.' },
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(INTERNAL_ERROR);
  });
}

/** zod's own wording for unknown keys and wrong types is fine; field rules already carry SPEC's words. */
function describeIssue(message: string | undefined, path: string | undefined): string {
  if (!message) return 'Invalid request';
  if (message.startsWith('Invalid input') || message.startsWith('Unrecognized key')) {
    const field = path?.replace(/^\//, '').replaceAll('/', '.');
    return field ? `${field}: ${message}` : message;
  }
  return message;
}
