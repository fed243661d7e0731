import { z } from 'zod';

/** Every error the API returns has this body (DESIGN.md, API). */
export const ErrorResponse = z
  .object({
    error: z.object({
      code: z.string().describe('Stable machine-readable code, e.g. PIN_LIMIT_REACHED'),
      message: z.string().describe('Human-readable message, safe to show to the user'),
    }),
  })
  .describe('Error');
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const OkResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof OkResponse>;

/** Error codes the API uses; the web client branches on these, never on message text. */
export const ErrorCode = {
  validation: 'VALIDATION_ERROR',
  unauthorized: 'UNAUTHORIZED',
  invalidCredentials: 'INVALID_CREDENTIALS',
  userNotConfirmed: 'USER_NOT_CONFIRMED',
  codeMismatch: 'CODE_MISMATCH',
  codeExpired: 'CODE_EXPIRED',
  usernameTaken: 'USERNAME_TAKEN',
  tokenInvalid: 'TOKEN_INVALID',
  oauthCodeUsed: 'OAUTH_CODE_USED',
  oauthNotConfigured: 'OAUTH_NOT_CONFIGURED',
  notFound: 'NOT_FOUND',
  rateLimited: 'RATE_LIMITED',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  internal: 'INTERNAL_ERROR',
} as const;
