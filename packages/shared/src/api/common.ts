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

/**
 * The header a client sends with a create it may send again (a lost answer, a browser re-sending a POST
 * whose connection broke): the same key from the same user answers what the first request made and
 * makes nothing new (decision 099).
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** A key the client chose: 16 to 64 letters, digits, '-' or '_' (a UUID fits). */
const IDEMPOTENCY_KEY_RULE = 'An Idempotency-Key is 16 to 64 letters, digits, - or _';
export const IdempotencyKey = z
  .string()
  .min(16, IDEMPOTENCY_KEY_RULE)
  .max(64, IDEMPOTENCY_KEY_RULE)
  .regex(/^[A-Za-z0-9_-]+$/, IDEMPOTENCY_KEY_RULE)
  .describe('Chosen by the client for one create; the same key again answers what the first made');

/** The headers of a create that may be repeated: an optional Idempotency-Key, and the others untouched. */
export const IdempotentCreateHeaders = z.looseObject({ [IDEMPOTENCY_KEY_HEADER]: IdempotencyKey.optional() });
