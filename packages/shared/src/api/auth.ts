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

const newPassword = z
  .string()
  .max(LIMITS.textMax, MESSAGES.tooLong)
  .superRefine((value, ctx) => {
    const message = validateNewPassword(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

const name = z
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
  name,
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
