// Calls to /api/auth/* that need no session. Sign-in, refresh and sign-out belong to the session
// manager (app/auth/session.ts) because they change who is signed in.
import type {
  AuthConfigResponse,
  ForgotPasswordRequest,
  OkResponse,
  ResendCodeRequest,
  ResetPasswordRequest,
  SignUpRequest,
  SignUpResponse,
  VerifyEmailRequest,
} from '@waymarks/shared';
import { API_BASE, publicRequest } from '../../lib/api';

export const authConfigQuery = {
  queryKey: ['auth', 'config'] as const,
  queryFn: () => publicRequest<AuthConfigResponse>('/auth/config'),
  staleTime: Infinity,
};

export const signUp = (body: SignUpRequest) =>
  publicRequest<SignUpResponse>('/auth/signup', { method: 'POST', body });

export const verifyEmail = (body: VerifyEmailRequest) =>
  publicRequest<OkResponse>('/auth/verify', { method: 'POST', body });

export const resendCode = (body: ResendCodeRequest) =>
  publicRequest<OkResponse>('/auth/resend-code', { method: 'POST', body });

export const requestPasswordReset = (body: ForgotPasswordRequest) =>
  publicRequest<OkResponse>('/auth/forgot-password', { method: 'POST', body });

export const resetPassword = (body: ResetPasswordRequest) =>
  publicRequest<OkResponse>('/auth/reset-password', { method: 'POST', body });

/** Google sign-in is a full-page navigation: the server redirects to Google and back to /oauth/callback. */
export function startGoogleSignIn(): void {
  window.location.assign(`${API_BASE}/auth/google/start`);
}
