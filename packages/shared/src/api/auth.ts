// The auth contract (DESIGN.md, Auth): request and response bodies of /api/auth/*.
import { z } from 'zod';
import { LIMITS, MESSAGES, validateNewPassword, validateUsername } from '../validation.js';
import { TIER_IDS } from '../tiers.js';

const email = z
  .string()
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(LIMITS.emailMax, MESSAGES.emailInvalid)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, MESSAGES.emailInvalid)
  .transform((value) => value.toLowerCase())
  .describe('E-mail address; compared case-insensitively');

/** The account's password as it is now, typed again to prove who asks: never trimmed, any strength. */
const currentPassword = z
  .string()
  .min(1, MESSAGES.passwordRequired)
  .max(LIMITS.textMax, MESSAGES.tooLong)
  .describe('The account’s password as it is now');

const newPassword = z
  .string()
  .max(LIMITS.textMax, MESSAGES.tooLong)
  .superRefine((value, ctx) => {
    const message = validateNewPassword(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** A traveller's name as others see it: chosen at sign-up, changed on the profile. */
export const PersonName = z
  .string()
  .trim()
  .min(1, MESSAGES.nameRequired)
  .min(LIMITS.nameMin, MESSAGES.nameTooShort)
  .max(LIMITS.textMax, MESSAGES.tooLong);

const username = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const message = validateUsername(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .transform((value) => (value === '' ? undefined : value));

export const TierIdSchema = z.enum(TIER_IDS);

export const User = z
  .object({
    userId: z.string(),
    email: z.string(),
    name: z.string(),
    username: z.string().nullable(),
    picture: z.string().nullable().describe('Profile picture URL, from Google when signed in with it'),
    emailVerified: z.boolean(),
    tier: TierIdSchema,
    signupDate: z.string().describe('ISO 8601 date-time of sign-up'),
  })
  .describe('User');
export type User = z.infer<typeof User>;

/** A signed-in session as the browser holds it: the access token lives only in memory. */
export const Session = z
  .object({
    accessToken: z.string().describe('JWT, sent as Authorization: Bearer'),
    expiresAt: z.number().int().describe('Millisecond timestamp when the access token expires'),
    user: User,
  })
  .describe('Session');
export type Session = z.infer<typeof Session>;

export const SignUpRequest = z.strictObject({
  name: PersonName,
  email,
  username: username.optional(),
  password: newPassword,
});
export type SignUpRequest = z.input<typeof SignUpRequest>;

export const SignUpResponse = z.object({
  email: z.string().describe('Where the 6-digit code was sent'),
});
export type SignUpResponse = z.infer<typeof SignUpResponse>;

export const VerifyEmailRequest = z.strictObject({
  email,
  code: z
    .string()
    .trim()
    .min(1, MESSAGES.codeRequired)
    .max(LIMITS.verificationCodeLength, 'Invalid verification code provided, please try again.'),
  password: z
    .string()
    .min(1, MESSAGES.passwordRequired)
    .max(LIMITS.textMax, MESSAGES.tooLong)
    .optional()
    .describe(
      'The password chosen at sign-up. Without the sign-up cookie, and when the address has several sign-ups, a code confirms its sign-up only with it',
    ),
});
export type VerifyEmailRequest = z.input<typeof VerifyEmailRequest>;

export const ResendCodeRequest = z.strictObject({ email });
export type ResendCodeRequest = z.input<typeof ResendCodeRequest>;

export const SignInRequest = z.strictObject({
  email,
  password: z.string().min(1, MESSAGES.passwordRequired).max(LIMITS.textMax, MESSAGES.tooLong),
});
export type SignInRequest = z.input<typeof SignInRequest>;

export const ForgotPasswordRequest = z.strictObject({ email });
export type ForgotPasswordRequest = z.input<typeof ForgotPasswordRequest>;

export const ResetPasswordRequest = z.strictObject({
  token: z.string().min(1).max(200),
  password: newPassword,
});
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequest>;

export const OAuthExchangeRequest = z.strictObject({
  code: z.string().min(1).max(200).describe('One-time login code from /oauth/callback?code='),
});
export type OAuthExchangeRequest = z.input<typeof OAuthExchangeRequest>;

export const AuthConfigResponse = z.object({
  googleEnabled: z.boolean().describe('False when no Google client is configured on this server'),
});
export type AuthConfigResponse = z.infer<typeof AuthConfigResponse>;

// Changing what a signed-in traveller signs in with (POST /api/auth/password, /api/auth/email and
// /api/auth/email/confirm). Both changes ask for the current password; an account without one (Google
// sign-in only) sets one first through a reset link.

export const ChangePasswordRequest = z.strictObject({
  currentPassword,
  newPassword: newPassword.describe(
    'The new password: 8 or more characters, upper and lower case and a digit',
  ),
});
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequest>;

export const EmailChangeRequest = z.strictObject({
  newEmail: email.describe('The address to move the account to; a 6-digit code is sent there'),
  currentPassword,
});
export type EmailChangeRequest = z.input<typeof EmailChangeRequest>;

export const EmailChangeStarted = z
  .object({
    email: z.string().describe('Where the code was sent'),
    expiresAt: z.string().describe('ISO 8601 date-time: when the code stops working'),
  })
  .describe('EmailChangeStarted');
export type EmailChangeStarted = z.infer<typeof EmailChangeStarted>;

export const ConfirmEmailChangeRequest = z.strictObject({
  code: z
    .string()
    .trim()
    .min(1, MESSAGES.codeRequired)
    .max(LIMITS.verificationCodeLength, 'Invalid verification code provided, please try again.')
    .describe('The 6-digit code sent to the new address'),
});
export type ConfirmEmailChangeRequest = z.input<typeof ConfirmEmailChangeRequest>;
