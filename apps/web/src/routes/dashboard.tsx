import { useAuth } from '../app/auth/useAuth';
import { usePageTitle } from '../app/usePageTitle';
import { PlainPage } from '../components/PlainPage';
import { SignOutButton } from '../features/auth/components/SignOutButton';
import { displayName } from '@waymarks/shared';

export default function DashboardRoute() {
  usePageTitle('Dashboard');
  const { user } = useAuth();
  return (
    <PlainPage heading="Dashboard">
      <p className="text-lg text-slate-700">Welcome, {displayName(user ?? {})}</p>
      <div>
        <SignOutButton />
      </div>
    </PlainPage>
  );
}
