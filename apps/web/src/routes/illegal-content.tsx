// /illegal-content: Report Content (SPEC.md §2, Info pages). The report is real: POST /api/reports.
import { useLocation, useNavigate } from 'react-router';
import { Flag } from 'lucide-react';
import { useAuth } from '../app/auth/useAuth';
import { usePageMeta } from '../app/usePageTitle';
import { HOME_BACK, InfoLayout, PageHero, type BackTarget } from '../components/site/InfoLayout';
import { Card } from '../components/ui/Card';
import { ReportForm } from '../features/public/report/ReportForm';
import { OurCommitment, WhatToReport } from '../features/public/report/ReportGuidance';
import type { PageMeta } from '../prerender/pages';

/**
 * SPEC.md §2: the previous page if there is one in this visit ('Back'), else the dashboard for a
 * signed-in visitor, else home (both 'Back to Home'). The router gives the first entry the key 'default'.
 */
function useReportBack(): BackTarget {
  const location = useLocation();
  const navigate = useNavigate();
  const { status } = useAuth();
  if (location.key !== 'default') return { label: 'Back', onClick: () => navigate(-1) };
  if (status === 'signedIn') return { label: 'Back to Home', to: '/dashboard' };
  return HOME_BACK;
}

export const meta: PageMeta = {
  title: 'Report Content',
  description:
    'Report illegal or inappropriate content on Waymarks. Our moderation team reviews every report within 24-48 hours.',
};

export default function ReportContentRoute() {
  usePageMeta(meta.title, meta.description);
  const back = useReportBack();
  return (
    <InfoLayout back={back}>
      <PageHero
        icon={<Flag />}
        title="Report Content"
        subtitle="Flag illegal or inappropriate content so we can take action"
      />
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <div className="grid items-start gap-6 lg:grid-cols-[2fr_3fr] lg:gap-8">
          <Card padding="lg">
            <WhatToReport />
          </Card>
          <Card padding="lg">
            <ReportForm />
          </Card>
        </div>
        <OurCommitment />
      </div>
    </InfoLayout>
  );
}
