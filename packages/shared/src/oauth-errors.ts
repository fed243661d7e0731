// Why a Google sign-in came back without a login code. The server names a reason from this table in
// /oauth/callback?error=…; the page shows the table's text, never words taken from the URL, so a crafted
// link cannot put its own message on the Waymarks page.

export const OAUTH_CALLBACK_ERRORS = {
  callback_failed: 'OAuth callback failed',
  access_denied: 'Google sign-in was cancelled',
  unavailable: 'Google sign-in is unavailable right now',
  not_configured: 'Sign-in with Google is not set up on this server',
  email_unverified: 'Your Google account has no verified e-mail address',
  no_id_token: 'No ID token received from OAuth provider',
  invalid_id_token: 'Invalid ID token',
} as const;

export type OAuthCallbackError = keyof typeof OAUTH_CALLBACK_ERRORS;

export const isOAuthCallbackError = (value: string | null | undefined): value is OAuthCallbackError =>
  typeof value === 'string' && Object.hasOwn(OAUTH_CALLBACK_ERRORS, value);

/** The text for a reason named in the URL; anything unknown reads as the general failure. */
export const oauthCallbackErrorText = (reason: string | null | undefined): string =>
  OAUTH_CALLBACK_ERRORS[isOAuthCallbackError(reason) ? reason : 'callback_failed'];
