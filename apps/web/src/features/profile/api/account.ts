// The account as a whole (SPEC.md §7 Profile and account): the export ZIP and deletion.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useApi } from '../../../app/auth/useApi';
import { useAuth } from '../../../app/auth/useAuth';
import { accountDeletedState } from '../../public';
import { leavePage } from '../leave-page';

/** Fetches a short-lived link to the ZIP and follows it: the browser downloads it and stays here. */
export function useExportAccount() {
  const api = useApi();
  return useMutation({
    mutationFn: () => api('accountExportUrl'),
    onSuccess: ({ downloadUrl }) => leavePage(downloadUrl),
  });
}

/** Deletes the account once its e-mail is typed again; then signs out here and goes home with a notice. */
export function useDeleteAccount() {
  const api = useApi();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api('deleteAccount', { body: { email } }),
    onSuccess: async () => {
      await signOut();
      queryClient.clear();
      navigate('/', { replace: true, state: accountDeletedState });
    },
  });
}
