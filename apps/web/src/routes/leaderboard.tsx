// /leaderboard (SPEC.md §2): 'Travel Leaderboard', the ranked list for plans with the leaderboard, the
// locked 'Global Leaderboard' panel with an upgrade prompt for the others.
import { ArrowLeft } from 'lucide-react';
import { useAuth } from '../app/auth/useAuth';
import { usePageTitle } from '../app/usePageTitle';
import { SimpleFooter } from '../components/site/Footer';
import { SkipLink } from '../components/site/SkipLink';
import { ButtonLink } from '../components/ui/ButtonLink';
import { LeaderboardScreen } from '../features/leaderboard';

export default function LeaderboardRoute() {
  usePageTitle('Travel Leaderboard');
  const { user } = useAuth();
  if (!user) return null;
  return (
    <>
      <SkipLink />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-4 py-6 outline-none sm:gap-6 sm:px-6 sm:py-10"
      >
        <div className="flex flex-col items-start gap-3">
          <ButtonLink to="/dashboard" variant="ghost" className="-ml-4">
            <ArrowLeft aria-hidden="true" className="size-5" />
            Back to Dashboard
          </ButtonLink>
          <div>
            <h1 className="text-display font-bold text-slate-900">Travel Leaderboard</h1>
            <p className="mt-1 text-slate-600">Travelers who chose to share their progress, ranked.</p>
          </div>
        </div>
        <LeaderboardScreen tier={user.tier} />
      </main>
      <SimpleFooter />
    </>
  );
}
