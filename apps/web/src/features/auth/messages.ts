// Auth texts that more than one screen shows (SPEC.md §8, Screens). Texts used by one screen live there.

export const UNEXPECTED_ERROR = 'An unexpected error occurred';
export const ACCOUNT_VERIFIED = 'Account verified! Please sign in.';
export const PASSWORD_HINT =
  'At least 8 characters, with an uppercase letter, a lowercase letter and a number.';
