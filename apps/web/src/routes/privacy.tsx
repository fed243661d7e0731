import { usePageTitle } from '../app/usePageTitle';
import { PlainPage } from '../components/PlainPage';

export default function PrivacyRoute() {
  usePageTitle('Privacy Policy');
  return <PlainPage heading="Privacy Policy" />;
}
