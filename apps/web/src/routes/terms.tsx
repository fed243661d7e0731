// /terms (SPEC.md §2, Info pages): the text lives in features/legal/TermsOfService.tsx.
import { LegalRoute } from '../components/site/LegalRoute';
import { TermsOfService, termsMeta as meta } from '../features/legal';

export { meta };

export default function TermsRoute() {
  return <LegalRoute Document={TermsOfService} meta={meta} />;
}
