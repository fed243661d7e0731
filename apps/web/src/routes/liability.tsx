import { usePageTitle } from '../app/usePageTitle';
import { PlainPage } from '../components/PlainPage';

export default function LiabilityRoute() {
  usePageTitle('Limitation of Liability');
  return <PlainPage heading="Limitation of Liability" />;
}
