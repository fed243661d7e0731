import { usePageTitle } from '../app/usePageTitle';
import { PlainPage } from '../components/PlainPage';

export default function TermsRoute() {
  usePageTitle('Terms of Service');
  return <PlainPage heading="Terms of Service" />;
}
