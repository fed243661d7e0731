import type { ComponentType } from 'react';
import { publicConfig } from '../../app/public-config';
import { usePageMeta } from '../../app/usePageTitle';
import { InfoLayout } from './InfoLayout';

/** A legal text (features/legal) as an info page: its title and description, the support address. */
export function LegalRoute({
  Document,
  meta,
}: {
  Document: ComponentType<{ supportEmail: string }>;
  meta: { title: string; description: string };
}) {
  usePageMeta(meta.title, meta.description);
  return (
    <InfoLayout>
      <Document supportEmail={publicConfig().supportEmail} />
    </InfoLayout>
  );
}
