import { useAuth } from '../app/auth/useAuth';
import { usePageTitle } from '../app/usePageTitle';
import { PlainPage } from '../components/PlainPage';
import { SignOutButton } from '../features/auth/components/SignOutButton';
import { displayNameOf } from '../lib/user';

export default function DashboardRoute() {
  usePageTitle('Dashboard');
  const { user } = useAuth();
  return (
    <PlainPage heading="Dashboard">
      <p className="text-lg text-slate-700">Welcome, {displayNameOf(user)}</p>
      <div>
        <SignOutButton />
      </div>
    </PlainPage>
  );
}
