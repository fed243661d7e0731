// /liability (SPEC.md §2, Info pages): the text lives in features/legal/LimitationOfLiability.tsx.
import { LegalRoute } from '../components/site/LegalRoute';
import { LimitationOfLiability, liabilityMeta as meta } from '../features/legal';

export { meta };

export default function LiabilityRoute() {
  return <LegalRoute Document={LimitationOfLiability} meta={meta} />;
}
