// Changing plan (SPEC.md §4 Plan change, §7 POST /tier-upgrade) and Stripe's billing portal.
import { useMutation } from '@tanstack/react-query';
import type { TierId } from '@waymarks/shared';
import { useApi } from '../../../app/auth/useApi';
import { leavePage } from '../leave-page';
import { useRefreshAfterTierChange } from './profile';

/**
 * Asks for a plan. When a payment must be taken the answer names Stripe Checkout and the page goes there
 * (it comes back to /profile?payment=…); otherwise the change is in force or scheduled, and everything
 * that depends on the tier is loaded again before the mutation settles.
 */
export function useChangeTier() {
  const api = useApi();
  const refresh = useRefreshAfterTierChange();
  return useMutation({
    mutationFn: (newTierId: TierId) => api('changeTier', { body: { newTierId } }),
    onSuccess: async (answer) => {
      if (answer.redirectToCheckoutUrl) {
        leavePage(answer.redirectToCheckoutUrl);
        return;
      }
      await refresh();
    },
  });
}

/** Opens Stripe's customer portal (card, invoices, cancellation); it returns to /profile. */
export function useBillingPortal() {
  const api = useApi();
  return useMutation({
    mutationFn: () => api('billingPortal'),
    onSuccess: ({ url }) => leavePage(url),
  });
}
