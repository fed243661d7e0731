// /stripe-privacy (SPEC.md §2, Info pages): the text lives in features/legal/StripePrivacy.tsx.
import { LegalRoute } from '../components/site/LegalRoute';
import { StripePrivacy, stripePrivacyMeta as meta } from '../features/legal';

export { meta };

export default function StripePrivacyRoute() {
  return <LegalRoute Document={StripePrivacy} meta={meta} />;
}
