import { usePageTitle } from '../app/usePageTitle';
import { PlainPage } from '../components/PlainPage';
import { SignOutButton } from '../features/auth/components/SignOutButton';

export default function LeaderboardRoute() {
  usePageTitle('Travel Leaderboard');
  return (
    <PlainPage heading="Travel Leaderboard">
      <div>
        <SignOutButton />
      </div>
    </PlainPage>
  );
}
