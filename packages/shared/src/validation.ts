// Field rules and their exact messages (SPEC.md §5, §9 input limits). Used by the web forms as they are
// typed and by the server's zod schemas, so both sides refuse the same input with the same words.

import { USERNAME_RESERVED_MESSAGE, isReservedUsername } from './username-rules.js';

export const LIMITS = {
  passwordMin: 8,
  nameMin: 2,
  usernameMin: 2,
  usernameMax: 50,
  verificationCodeLength: 6,
  /** Longest e-mail address accepted (RFC 5321 path limit). */
  emailMax: 254,
  /** Longest name or password accepted; far above any real one, it stops 10,000-character bodies. */
  textMax: 200,
} as const;

export const MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordWeak: 'Password must contain uppercase, lowercase, and number',
  passwordsDoNotMatch: 'Passwords do not match',
  nameRequired: 'Name is required',
  nameTooShort: 'Name must be at least 2 characters',
  usernameTooShort: 'Username must be at least 2 characters',
  usernameTooLong: 'Username must be less than 50 characters',
  usernameCharacters: 'Username can only contain letters, numbers, underscore, and hyphen',
  codeRequired: 'Verification code is required',
  tooLong: 'Too long',
} as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const USERNAME_PATTERN = /^[A-Za-z0-9_-]+$/;

/** Each validator returns the message to show, or null when the value is acceptable. */
export type FieldError = string | null;

export function validateEmail(email: string): FieldError {
  const value = email.trim();
  if (!value) return MESSAGES.emailRequired;
  if (value.length > LIMITS.emailMax || !EMAIL_PATTERN.test(value)) return MESSAGES.emailInvalid;
  return null;
}

/** Sign-in only asks that a password be there; the strength rules apply when one is chosen. */
export function validatePasswordPresent(password: string): FieldError {
  if (!password) return MESSAGES.passwordRequired;
  if (password.length > LIMITS.textMax) return MESSAGES.tooLong;
  return null;
}

export function validateNewPassword(password: string): FieldError {
  if (!password) return MESSAGES.passwordRequired;
  if (password.length < LIMITS.passwordMin) return MESSAGES.passwordTooShort;
  if (password.length > LIMITS.textMax) return MESSAGES.tooLong;
  if (!/[A-Z]/.test(password) || !/[a-z]/.test(password) || !/[0-9]/.test(password)) {
    return MESSAGES.passwordWeak;
  }
  return null;
}

export function validatePasswordConfirmation(password: string, confirmation: string): FieldError {
  return password === confirmation ? null : MESSAGES.passwordsDoNotMatch;
}

export function validateName(name: string): FieldError {
  const value = name.trim();
  if (!value) return MESSAGES.nameRequired;
  if (value.length < LIMITS.nameMin) return MESSAGES.nameTooShort;
  if (value.length > LIMITS.textMax) return MESSAGES.tooLong;
  return null;
}

/** Username is optional: an empty value passes. */
export function validateUsername(username: string): FieldError {
  const value = username.trim();
  if (!value) return null;
  if (value.length < LIMITS.usernameMin) return MESSAGES.usernameTooShort;
  if (value.length >= LIMITS.usernameMax) return MESSAGES.usernameTooLong;
  if (!USERNAME_PATTERN.test(value)) return MESSAGES.usernameCharacters;
  if (isReservedUsername(value)) return USERNAME_RESERVED_MESSAGE;
  return null;
}

export function validateVerificationCode(code: string): FieldError {
  return code.trim() ? null : MESSAGES.codeRequired;
}

export interface SignUpFields {
  name: string;
  email: string;
  username: string;
  password: string;
  confirmPassword: string;
}

export type SignUpErrors = Partial<Record<keyof SignUpFields, string>>;

export function validateSignUp(fields: SignUpFields): SignUpErrors {
  const errors: SignUpErrors = {};
  const checks: [keyof SignUpFields, FieldError][] = [
    ['name', validateName(fields.name)],
    ['email', validateEmail(fields.email)],
    ['username', validateUsername(fields.username)],
    ['password', validateNewPassword(fields.password)],
    ['confirmPassword', validatePasswordConfirmation(fields.password, fields.confirmPassword)],
  ];
  for (const [field, error] of checks) if (error) errors[field] = error;
  return errors;
}

export function validateSignIn(fields: { email: string; password: string }) {
  const errors: Partial<Record<'email' | 'password', string>> = {};
  const email = validateEmail(fields.email);
  const password = validatePasswordPresent(fields.password);
  if (email) errors.email = email;
  if (password) errors.password = password;
  return errors;
}
