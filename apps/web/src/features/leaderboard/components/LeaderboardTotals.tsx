// The four totals over everyone on the leaderboard (SPEC.md §2 /leaderboard).
import { CircleCheck, Globe2, MapPin, Users } from 'lucide-react';
import { TOTAL_COUNTRIES, type LeaderboardTotals as Totals } from '@waymarks/shared';

export function LeaderboardTotals({ totals }: { totals: Totals }) {
  const cards = [
    { label: 'Active Travelers', value: totals.activeTravelers, Icon: Users },
    {
      label: 'Countries Explored',
      value: totals.countriesExplored,
      of: `of ${TOTAL_COUNTRIES}`,
      Icon: Globe2,
    },
    { label: 'Pins Created', value: totals.pinsCreated, Icon: MapPin },
    { label: 'Verified Pins', value: totals.verifiedPins, Icon: CircleCheck },
  ];
  return (
    <ul aria-label="Leaderboard totals" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map(({ label, value, of, Icon }) => (
        <li
          key={label}
          className="flex items-center gap-3 rounded-card border border-slate-200/80 bg-white p-4 shadow-sm"
        >
          <Icon aria-hidden="true" className="hidden size-6 shrink-0 text-brand-700 sm:block" />
          <div className="min-w-0">
            <p className="text-xs font-medium text-slate-600 sm:text-sm">{label}</p>
            <p className="text-xl font-bold tabular-nums text-slate-900">
              {value.toLocaleString('en-US')}
              {of && <span className="ml-1 text-sm font-medium text-slate-500">{of}</span>}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
