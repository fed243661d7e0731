// The account as a whole (SPEC.md §7 Profile and account): how its deletion is confirmed. A bearer token
// alone never deletes an account: the request carries the account's e-mail typed again and a secret only
// its holder knows, the password or, for an account without one (Google sign-in only), a code e-mailed to
// the address just before.
import { z } from 'zod';
import { LIMITS, MESSAGES } from '../validation.js';

export const DELETION_PROOFS = ['password', 'code'] as const;
export type DeletionProof = (typeof DELETION_PROOFS)[number];

export const DeletionConfirmation = z
  .object({
    confirmWith: z
      .enum(DELETION_PROOFS)
      .describe(
        'password: the account has one and deletion asks for it; code: it has none (Google sign-in only), ' +
          'so deletion asks for a code sent by POST /account/deletion-code',
      ),
  })
  .describe('DeletionConfirmation');
export type DeletionConfirmation = z.infer<typeof DeletionConfirmation>;

export const DeletionCodeResponse = z
  .object({ expiresAt: z.string().describe('ISO 8601 date-time: when the e-mailed code stops working') })
  .describe('DeletionCodeResponse');
export type DeletionCodeResponse = z.infer<typeof DeletionCodeResponse>;

export const DeleteAccountRequest = z.strictObject({
  email: z.string().max(320).describe('The account’s e-mail address, typed again to confirm'),
  password: z
    .string()
    .min(1, MESSAGES.passwordRequired)
    .max(LIMITS.textMax, MESSAGES.tooLong)
    .optional()
    .describe('The account’s password; required when it has one'),
  code: z
    .string()
    .trim()
    .min(1, MESSAGES.codeRequired)
    .max(LIMITS.verificationCodeLength, 'Invalid verification code provided, please try again.')
    .optional()
    .describe('The code from POST /account/deletion-code; required when the account has no password'),
});
export type DeleteAccountRequest = z.input<typeof DeleteAccountRequest>;
