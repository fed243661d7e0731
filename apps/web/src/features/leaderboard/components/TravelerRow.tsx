// One traveller on the leaderboard: a card on phones, a row of columns from md up (the figures' labels
// are then read from the column headings by sight and from the hidden labels by screen readers).
import { BadgeCheck } from 'lucide-react';
import { getTier, isVerifiedTraveler, type LeaderboardUser } from '@waymarks/shared';
import { Medal, type MedalRank } from './Medal';
import { TravelerAvatar } from './TravelerAvatar';
import { TravelerBadges } from './TravelerBadges';

/** Position, traveller, then the four figures: shared by the rows and the column headings. */
export const ROW_COLUMNS = 'md:grid-cols-[3rem_minmax(0,1fr)_6rem_5rem_6.5rem_5.5rem] md:gap-x-4 md:px-5';

export const FIGURE_LABELS = {
  countries: 'Countries',
  pins: 'Pins',
  verified: 'Verified pins',
  score: 'Score',
} as const;

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="flex flex-col md:items-end">
      <dt className="text-xs font-medium text-slate-600 md:sr-only">{label}</dt>
      <dd className="text-base font-semibold tabular-nums text-slate-900">{value}</dd>
    </div>
  );
}

export function TravelerRow({
  user,
  medal,
  onOpen,
}: {
  user: LeaderboardUser;
  medal: MedalRank | null;
  onOpen: (user: LeaderboardUser) => void;
}) {
  const place = user.rank ?? user.position;
  const highlight = user.isCurrentUser
    ? 'bg-brand-50 ring-2 ring-inset ring-brand-300 md:ring-2'
    : 'bg-white hover:bg-slate-50';
  return (
    <li
      className={`relative grid grid-cols-[2.5rem_minmax(0,1fr)] items-center gap-x-3 gap-y-3 rounded-card border border-slate-200/80 p-4 shadow-sm md:rounded-none md:border-0 md:py-3 md:shadow-none ${ROW_COLUMNS} ${highlight}`}
    >
      <p className="text-center text-lg font-bold tabular-nums text-slate-700">
        <span className="sr-only">{user.rank === null ? 'Position ' : 'Rank '}</span>
        {place}
      </p>
      <div className="flex min-w-0 items-center gap-3">
        <TravelerAvatar name={user.displayName} picture={user.profilePicture} />
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5">
            {/* The name opens the traveller's details; its ::after stretches over the whole row. */}
            <button
              type="button"
              onClick={() => onOpen(user)}
              className="min-w-0 truncate text-left font-semibold text-slate-900 after:absolute after:inset-0 after:rounded-card hover:text-brand-800 md:after:rounded-none"
            >
              {user.displayName}
            </button>
            {medal && <Medal rank={medal} />}
            {user.isCurrentUser && (
              <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
                You
              </span>
            )}
          </div>
          <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
            <span>{getTier(user.tier).name}</span>
            {isVerifiedTraveler(user) && (
              <span className="inline-flex items-center gap-0.5 font-semibold text-violet-700">
                <BadgeCheck aria-hidden="true" className="size-3.5" />
                Verified
              </span>
            )}
          </p>
          {/* Above the stretched button, so each badge's rule shows on hover. */}
          <TravelerBadges badges={user.badges} className="relative z-10 w-fit" />
        </div>
      </div>
      <dl className="col-span-2 grid grid-cols-4 gap-2 border-t border-slate-200/80 pt-3 md:contents">
        <Figure label={FIGURE_LABELS.countries} value={user.countryCount} />
        <Figure label={FIGURE_LABELS.pins} value={user.pinCount} />
        <Figure label={FIGURE_LABELS.verified} value={user.verifiedPinCount} />
        <Figure label={FIGURE_LABELS.score} value={`${user.verificationScore}/100`} />
      </dl>
    </li>
  );
}
