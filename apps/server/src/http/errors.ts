// Errors the API returns, and the one handler that turns anything thrown into { error: { code, message } }.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode } from '@waymarks/shared';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
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
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ error: { code: error.code, message: error.message } });
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
    return reply
      .status(500)
      .send({ error: { code: ErrorCode.internal, message: 'Something went wrong on our side' } });
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
