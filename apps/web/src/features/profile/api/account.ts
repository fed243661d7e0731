// The account as a whole (SPEC.md §7 Profile and account): the export ZIP and deletion, which asks for the
// password or, for an account without one, a code e-mailed to it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { DeleteAccountRequest } from '@waymarks/shared';
import { useApi } from '../../../app/auth/useApi';
import { useAuth } from '../../../app/auth/useAuth';
import { accountDeletedState } from '../../public';
import { leavePage } from '../leave-page';

/** Fetches a one-time, short-lived link to the ZIP and follows it: the browser downloads it and stays here. */
export function useExportAccount() {
  const api = useApi();
  return useMutation({
    mutationFn: () => api('accountExportUrl'),
    onSuccess: ({ downloadUrl }) => leavePage(downloadUrl),
  });
}

/** Whether deletion asks for the password or for an e-mailed code; read when the dialog opens. */
export function useDeletionConfirmation(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: ['account', 'deletion-confirmation'],
    queryFn: ({ signal }) => api('deletionConfirmation', { signal }),
    enabled,
  });
}

/** Mails a code that confirms the deletion of an account without a password. */
export function useSendDeletionCode() {
  const api = useApi();
  return useMutation({ mutationFn: () => api('sendDeletionCode') });
}

/** Deletes the account with its e-mail and password (or code); then signs out here and goes home. */
export function useDeleteAccount() {
  const api = useApi();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeleteAccountRequest) => api('deleteAccount', { body }),
    onSuccess: async () => {
      await signOut();
      queryClient.clear();
      navigate('/', { replace: true, state: accountDeletedState });
    },
  });
}
