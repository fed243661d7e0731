// /copyright (SPEC.md §2, Info pages): the text lives in features/legal/CopyrightPolicy.tsx.
import { LegalRoute } from '../components/site/LegalRoute';
import { CopyrightPolicy, copyrightMeta as meta } from '../features/legal';

export { meta };

export default function CopyrightRoute() {
  return <LegalRoute Document={CopyrightPolicy} meta={meta} />;
}
