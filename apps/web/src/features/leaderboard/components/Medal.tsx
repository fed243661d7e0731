// The medals of the first three by the ranking rule (SPEC.md §9): gold, silver and bronze.
import { Medal as MedalIcon } from 'lucide-react';

const MEDALS = {
  1: { name: 'Gold', classes: 'bg-amber-200 text-amber-950 ring-amber-400' },
  2: { name: 'Silver', classes: 'bg-slate-200 text-slate-800 ring-slate-400' },
  3: { name: 'Bronze', classes: 'bg-orange-200 text-orange-950 ring-orange-400' },
} as const;

export type MedalRank = keyof typeof MEDALS;

export const isMedalRank = (rank: number | null | undefined): rank is MedalRank =>
  rank === 1 || rank === 2 || rank === 3;

/** A small labelled pill; its rank is in the accessible name because the list may be in another order. */
export function Medal({ rank }: { rank: MedalRank }) {
  const medal = MEDALS[rank];
  return (
    <span
      role="img"
      aria-label={`${medal.name} medal (rank ${rank})`}
      title={`${medal.name} medal: rank ${rank}`}
      className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-bold ring-1 ring-inset ${medal.classes}`}
    >
      <MedalIcon aria-hidden="true" className="size-3.5" />
      {medal.name}
    </span>
  );
}
