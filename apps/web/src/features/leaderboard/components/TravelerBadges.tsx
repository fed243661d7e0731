// The badges a traveller earned, each named with its rule as the hover title and accessible description.
import { Award } from 'lucide-react';
import { BADGES, type Badges } from '@waymarks/shared';

export function TravelerBadges({
  badges,
  emptyText,
  className = '',
}: {
  badges: Badges;
  emptyText?: string;
  className?: string;
}) {
  const earned = BADGES.filter((badge) => badges[badge.id]);
  if (earned.length === 0) {
    return emptyText ? <p className="text-sm text-slate-600">{emptyText}</p> : null;
  }
  return (
    <ul aria-label="Badges" className={`flex flex-wrap gap-1.5 ${className}`}>
      {earned.map((badge) => (
        <li
          key={badge.id}
          title={badge.rule}
          className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-inset ring-amber-200"
        >
          <Award aria-hidden="true" className="size-3.5 shrink-0" />
          {badge.name}
        </li>
      ))}
    </ul>
  );
}
