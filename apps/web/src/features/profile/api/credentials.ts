// What the traveller signs in with (POST /auth/password, /auth/email, /auth/email/confirm): the password,
// changed with the current one, and the e-mail address, moved with a code sent to the new one. An account
// without a password (Google only) first gets one through the reset link mailed to it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordRequest, EmailChangeRequest } from '@waymarks/shared';
import { useApi } from '../../../app/auth/useApi';
import { useAuth } from '../../../app/auth/useAuth';
import { profileKeys } from './profile';

/** The current session stays signed in; the server ends the others. */
export function useChangePassword() {
  const api = useApi();
  return useMutation({ mutationFn: (body: ChangePasswordRequest) => api('changePassword', { body }) });
}

/** Mails a code to the new address; nothing changes until it is entered. */
export function useRequestEmailChange() {
  const api = useApi();
  return useMutation({ mutationFn: (body: EmailChangeRequest) => api('requestEmailChange', { body }) });
}

/** Moves the account to the new address; the profile and the signed-in user are read again. */
export function useConfirmEmailChange() {
  const api = useApi();
  const queryClient = useQueryClient();
  const { reloadUser } = useAuth();
  return useMutation({
    mutationFn: (code: string) => api('confirmEmailChange', { body: { code } }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: profileKeys.profile }), reloadUser()]),
  });
}

/** For an account without a password: the reset link, to the account's own address, sets one. */
export function useSendPasswordLink() {
  const api = useApi();
  return useMutation({ mutationFn: (email: string) => api('forgotPassword', { body: { email } }) });
}
