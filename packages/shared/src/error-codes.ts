// Error codes the API returns; kept apart from the zod schemas so the web app can use them without zod.

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
  pinLimitReached: 'PIN_LIMIT_REACHED',
  rateLimited: 'RATE_LIMITED',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  internal: 'INTERNAL_ERROR',
} as const;
