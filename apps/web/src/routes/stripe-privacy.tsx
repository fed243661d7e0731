import { usePageTitle } from '../app/usePageTitle';
import { PlainPage } from '../components/PlainPage';

export default function StripePrivacyRoute() {
  usePageTitle('Stripe Privacy Notice');
  return <PlainPage heading="Stripe Privacy Notice" />;
}
