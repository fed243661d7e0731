import { usePageTitle } from '../app/usePageTitle';
import { PlainPage } from '../components/PlainPage';

export default function AboutRoute() {
  usePageTitle('About');
  return <PlainPage heading="About Waymarks" />;
}
