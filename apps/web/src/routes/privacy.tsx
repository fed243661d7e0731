// /privacy (SPEC.md §2, Info pages): the text lives in features/legal/PrivacyPolicy.tsx.
import { LegalRoute } from '../components/site/LegalRoute';
import { PrivacyPolicy, privacyMeta as meta } from '../features/legal';

export { meta };

export default function PrivacyRoute() {
  return <LegalRoute Document={PrivacyPolicy} meta={meta} />;
}
