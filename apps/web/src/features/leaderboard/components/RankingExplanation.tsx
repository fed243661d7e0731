// How the order is decided and what each badge asks, in the words the server ranks and awards by.
import { useId } from 'react';
import { Award, Info } from 'lucide-react';
import { BADGES, RANKING_RULE_TEXT } from '@waymarks/shared';
import { Card } from '../../../components/ui/Card';

export function RankingExplanation() {
  const headingId = useId();
  return (
    <Card as="section" aria-labelledby={headingId} className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <h2 id={headingId} className="flex items-center gap-2 text-title font-semibold text-slate-900">
          <Info aria-hidden="true" className="size-5 text-brand-700" />
          How ranking works
        </h2>
        <p className="text-sm text-slate-700">
          Travelers are ranked by {RANKING_RULE_TEXT}. Only travelers who choose to join appear here, and a
          traveler shows as Verified once their verification score is above 0.
        </p>
      </div>
      <div className="flex flex-col gap-3">
        <h3 className="font-semibold text-slate-900">Badges</h3>
        <ul className="grid gap-3 sm:grid-cols-2">
          {BADGES.map((badge) => (
            <li key={badge.id} className="flex gap-3 rounded-control bg-slate-50 p-3">
              <Award aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-600" />
              <div>
                <p className="text-sm font-semibold text-slate-900">{badge.name}</p>
                <p className="text-sm text-slate-600">{badge.rule}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}
