import { usePageTitle } from '../app/usePageTitle';
import { PlainPage } from '../components/PlainPage';

export default function CopyrightRoute() {
  usePageTitle('Copyright & DMCA Policy');
  return <PlainPage heading="Copyright & DMCA Policy" />;
}
