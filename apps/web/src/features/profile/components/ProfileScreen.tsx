// /profile (SPEC.md §2): 'Profile & Settings' with the avatar card, account details, the plan, figures,
// the leaderboard opt-in, the countries breakdown, the e-mail and password, and the account section; the
// payment return messages (§4); loading, error and the due plan change processed on load (§4, §8).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ArrowLeft, RotateCw } from 'lucide-react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { Card } from '../../../components/ui/Card';
import { SignOutButton } from '../../auth';
import { useCountries } from '../../pins';
import { useProcessDueTierChange, useProfile, useRefreshAfterTierChange } from '../api/profile';
import { PROFILE_MESSAGES } from '../messages';
import { AccountDetails } from './AccountDetails';
import { AccountSection } from './AccountSection';
import { AvatarCard } from './AvatarCard';
import { CountriesBreakdown } from './CountriesBreakdown';
import { LeaderboardCard } from './LeaderboardCard';
import { PlanCard } from './PlanCard';
import { ProfileSkeleton } from './ProfileSkeleton';
import { SignInDetails } from './SignInDetails';
import { StatTiles } from './StatTiles';

const PAYMENT_MESSAGES = {
  success: PROFILE_MESSAGES.paymentSuccess,
  cancelled: PROFILE_MESSAGES.paymentCancelled,
} as const;

/** ?payment=success|cancelled on the way back from Stripe Checkout: said once, then the URL is /profile. */
function usePaymentReturn(): { tone: 'success' | 'info'; text: string } | null {
  const { search } = useLocation();
  const navigate = useNavigate();
  const refresh = useRefreshAfterTierChange();
  const [payment] = useState(() => new URLSearchParams(search).get('payment'));

  useEffect(() => {
    if (payment === null) return;
    navigate('/profile', { replace: true });
    // Stripe has told the server by now or will shortly; the tier shown must be the new one.
    if (payment === 'success') void refresh();
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (payment === 'success') return { tone: 'success', text: PAYMENT_MESSAGES.success };
  if (payment === 'cancelled') return { tone: 'info', text: PAYMENT_MESSAGES.cancelled };
  return null;
}

/** /profile?tab=subscription and /profile#profile land on the plan (SPEC.md §2): scrolled to and focused. */
function useLandOnPlan(ready: boolean) {
  const { search, hash } = useLocation();
  const plan = useRef<HTMLElement>(null);
  const landed = useRef(false);
  const wanted = new URLSearchParams(search).get('tab') === 'subscription' || hash === '#profile';
  const account = hash === '#account';

  useEffect(() => {
    if (!ready || landed.current || !(wanted || account)) return;
    landed.current = true;
    const target = account ? document.getElementById('account') : plan.current;
    target?.scrollIntoView({ block: 'start' });
    target?.focus({ preventScroll: true });
  }, [ready, wanted, account]);
  return plan;
}

/**
 * `importHistory`: the imports section (issue 26), handed in by the route so the profile does not depend
 * on the imports feature, which reloads the profile after an import. `shareSection`: the travel page to
 * share (issue 27), handed in the same way.
 */
export function ProfileScreen({
  importHistory,
  shareSection,
}: { importHistory?: ReactNode; shareSection?: ReactNode } = {}) {
  const profile = useProfile();
  const countries = useCountries();
  const payment = usePaymentReturn();
  const planRef = useLandOnPlan(profile.isSuccess);
  useProcessDueTierChange(profile.data);

  return (
    <div className="flex flex-col gap-5 sm:gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ButtonLink to="/dashboard" variant="ghost" className="-ml-4">
          <ArrowLeft aria-hidden="true" className="size-5" />
          Back to Dashboard
        </ButtonLink>
        <SignOutButton />
      </div>
      <h1 className="text-display font-bold text-slate-900">{PROFILE_MESSAGES.title}</h1>
      <div aria-live="polite">{payment && <Alert tone={payment.tone}>{payment.text}</Alert>}</div>

      {profile.isPending ? (
        <ProfileSkeleton />
      ) : profile.isError ? (
        <Card as="section" aria-labelledby="profile-error-title" className="flex flex-col items-start gap-4">
          <h2 id="profile-error-title" className="text-title font-semibold text-slate-900">
            {PROFILE_MESSAGES.loadFailedTitle}
          </h2>
          <Alert tone="error">{PROFILE_MESSAGES.loadFailed}</Alert>
          <Button onClick={() => void profile.refetch()} busy={profile.isFetching}>
            {!profile.isFetching && <RotateCw aria-hidden="true" className="size-4" />}
            {PROFILE_MESSAGES.retry}
          </Button>
        </Card>
      ) : (
        <div className="grid items-start gap-5 lg:grid-cols-[18rem_1fr]">
          <div className="flex flex-col gap-5">
            <AvatarCard profile={profile.data} />
            <LeaderboardCard profile={profile.data} />
          </div>
          <div className="flex min-w-0 flex-col gap-5">
            <AccountDetails profile={profile.data} />
            <PlanCard ref={planRef} profile={profile.data} />
            <StatTiles
              countries={countries.data?.totalCountries ?? null}
              pins={profile.data.usage.totalPins}
              media={profile.data.usage.mediaCount}
            />
            {shareSection}
            <CountriesBreakdown storageGB={profile.data.tier.storageGB} />
            {importHistory}
            <SignInDetails profile={profile.data} />
            <AccountSection email={profile.data.email} />
          </div>
        </div>
      )}
    </div>
  );
}
