// Calls to /api/auth/* that need no session. Sign-in, refresh and sign-out belong to the session
// manager (app/auth/session.ts) because they change who is signed in.
import type {
  ForgotPasswordRequest,
  ResendCodeRequest,
  ResetPasswordRequest,
  SignUpRequest,
  VerifyEmailRequest,
} from '@waymarks/shared';
import { API_BASE, publicApi } from '../../../lib/api';

export const signUp = (body: SignUpRequest) => publicApi('signUp', { body });

export const verifyEmail = (body: VerifyEmailRequest) => publicApi('verifyEmail', { body });

export const resendCode = (body: ResendCodeRequest) => publicApi('resendCode', { body });

export const requestPasswordReset = (body: ForgotPasswordRequest) => publicApi('forgotPassword', { body });

export const resetPassword = (body: ResetPasswordRequest) => publicApi('resetPassword', { body });

/** Google sign-in is a full-page navigation: the server redirects to Google and back to /oauth/callback. */
export function startGoogleSignIn(): void {
  window.location.assign(`${API_BASE}/auth/google/start`);
}
