// /feedback: Send Feedback (SPEC.md §2, Info pages).
import { MessageCircle } from 'lucide-react';
import { publicConfig } from '../app/public-config';
import { usePageMeta } from '../app/usePageTitle';
import { InfoLayout, PageHero } from '../components/site/InfoLayout';
import { Card } from '../components/ui/Card';
import { FeedbackForm } from '../features/public/feedback/FeedbackForm';
import type { PageMeta } from '../prerender/pages';

export const meta: PageMeta = {
  title: 'Send Feedback',
  description:
    'Tell the Waymarks team what you love, what is missing and what went wrong. We read every message.',
};

export default function FeedbackRoute() {
  usePageMeta(meta.title, meta.description);
  const { supportEmail } = publicConfig();
  return (
    <InfoLayout>
      <PageHero
        icon={<MessageCircle />}
        title="Send Feedback"
        subtitle="We read every message and truly appreciate your ideas"
      />
      <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6 sm:py-16">
        <Card padding="lg">
          <h2 className="text-title font-semibold text-slate-900">Your message</h2>
          <p className="mt-1 mb-6 text-sm text-slate-600">
            Every field is optional. Send it from your own mail program, or copy it and write to{' '}
            <a
              href={`mailto:${supportEmail}`}
              className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
            >
              {supportEmail}
            </a>
            .
          </p>
          <FeedbackForm />
        </Card>
      </div>
    </InfoLayout>
  );
}
