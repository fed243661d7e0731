// The ranked list: the sort selector, the travellers in the chosen order, and Load more for the next page.
import { useId, useLayoutEffect, useRef } from 'react';
import { Users } from 'lucide-react';
import {
  LEADERBOARD_SORTS,
  LEADERBOARD_SORT_LABELS,
  type LeaderboardSort,
  type LeaderboardUser,
} from '@waymarks/shared';
import { Button } from '../../../components/ui/Button';
import { Select } from '../../../components/ui/Select';
import { Spinner } from '../../../components/ui/Spinner';
import { LEADERBOARD_MESSAGES } from '../messages';
import type { MedalRank } from './Medal';
import { FIGURE_LABELS, ROW_COLUMNS, TravelerRow } from './TravelerRow';

export interface TravelerListProps {
  users: readonly LeaderboardUser[];
  sort: LeaderboardSort;
  onSortChange: (sort: LeaderboardSort) => void;
  /** A new order is loading; the old one stays on screen meanwhile. */
  sorting: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  medalOf: (user: LeaderboardUser) => MedalRank | null;
  onOpen: (user: LeaderboardUser) => void;
}

const isSort = (value: string): value is LeaderboardSort =>
  (LEADERBOARD_SORTS as readonly string[]).includes(value);

export function TravelerList({
  users,
  sort,
  onSortChange,
  sorting,
  hasMore,
  loadingMore,
  onLoadMore,
  medalOf,
  onOpen,
}: TravelerListProps) {
  const headingId = useId();
  const list = useRef<HTMLOListElement>(null);
  // After Load more, focus moves to the first traveller of the new page rather than being lost with the
  // button when that page was the last.
  const focusFrom = useRef<number | null>(null);
  useLayoutEffect(() => {
    const index = focusFrom.current;
    if (index === null || users.length <= index) return;
    focusFrom.current = null;
    list.current?.children[index]?.querySelector('button')?.focus();
  }, [users.length]);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex items-center gap-2">
          <h2 id={headingId} className="text-title font-semibold text-slate-900">
            Rankings
          </h2>
          {sorting && <Spinner label="Sorting" className="size-5 text-brand-700" />}
        </div>
        <div className="sm:w-60">
          <Select
            label="Sort by"
            value={sort}
            onChange={(event) => {
              if (isSort(event.target.value)) onSortChange(event.target.value);
            }}
          >
            {LEADERBOARD_SORTS.map((key) => (
              <option key={key} value={key}>
                {LEADERBOARD_SORT_LABELS[key]}
              </option>
            ))}
          </Select>
        </div>
      </div>

      {users.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-card border border-dashed border-slate-300 bg-white px-4 py-10 text-center">
          <Users aria-hidden="true" className="size-8 text-slate-400" />
          <p className="font-semibold text-slate-800">{LEADERBOARD_MESSAGES.empty}</p>
          <p className="text-sm text-slate-600">Turn on the switch above to be the first.</p>
        </div>
      ) : (
        <div className="md:overflow-hidden md:rounded-card md:border md:border-slate-200/80 md:bg-white md:shadow-card">
          <div
            aria-hidden="true"
            className={`hidden border-b border-slate-200 bg-slate-50 py-2 text-xs font-semibold uppercase tracking-wide text-slate-600 md:grid ${ROW_COLUMNS}`}
          >
            <span className="text-center">#</span>
            <span>Traveler</span>
            {Object.values(FIGURE_LABELS).map((label) => (
              <span key={label} className="text-right">
                {label}
              </span>
            ))}
          </div>
          <ol
            ref={list}
            aria-labelledby={headingId}
            aria-busy={sorting || undefined}
            className={`flex flex-col gap-3 md:gap-0 md:divide-y md:divide-slate-200/80 ${sorting ? 'opacity-60' : ''}`}
          >
            {users.map((user) => (
              <TravelerRow key={user.userId} user={user} medal={medalOf(user)} onOpen={onOpen} />
            ))}
          </ol>
        </div>
      )}

      {hasMore && (
        <Button
          variant="secondary"
          busy={loadingMore}
          onClick={() => {
            focusFrom.current = users.length;
            onLoadMore();
          }}
          className="self-center"
        >
          {loadingMore ? 'Loading more…' : 'Load more'}
        </Button>
      )}
    </section>
  );
}
