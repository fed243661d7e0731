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
