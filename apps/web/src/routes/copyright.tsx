// /copyright (SPEC.md §2, Info pages): the text lives in features/legal/CopyrightPolicy.tsx.
import { LegalRoute } from '../components/site/LegalRoute';
import CopyrightPolicy, { meta } from '../features/legal/CopyrightPolicy';

export { meta };

export default function CopyrightRoute() {
  return <LegalRoute Document={CopyrightPolicy} meta={meta} />;
}
