import { usePageTitle } from '../app/usePageTitle';
import { PlainPage } from '../components/PlainPage';
import { SignOutButton } from '../features/auth/components/SignOutButton';

export default function ProfileRoute() {
  usePageTitle('Profile & Settings');
  return (
    <PlainPage heading="Profile & Settings">
      <div>
        <SignOutButton />
      </div>
    </PlainPage>
  );
}
