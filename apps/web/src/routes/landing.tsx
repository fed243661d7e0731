import { usePageTitle } from '../app/usePageTitle';
import { PlainPage } from '../components/PlainPage';

export default function LandingRoute() {
  usePageTitle(null);
  return <PlainPage heading="Waymarks" />;
}
