// The stats bar (SPEC.md §2, §9): 'World Explorer Progress' out of 195, Places, Cities, Media and the
// average media per place, and the achievements the server awarded. Every figure comes from the one
// GET /api/countries answer, so the bar and the server never disagree.
import { useId, useState } from 'react';
import { Award, Building2, Camera, ChevronDown, Images, MapPin } from 'lucide-react';
import {
  TOTAL_COUNTRIES,
  achievementsFor,
  worldProgressPercent,
  type CountriesSummary,
} from '@waymarks/shared';

/** SPEC.md §9: the average media per place, to one decimal (0.0 without places). */
export function averageMediaPerPlace(summary: Pick<CountriesSummary, 'totalMedia' | 'totalPins'>): string {
  return (summary.totalPins > 0 ? summary.totalMedia / summary.totalPins : 0).toFixed(1);
}

const number = new Intl.NumberFormat('en-US');

function StatCard({
  label,
  shortLabel,
  value,
  icon,
}: {
  label: string;
  /** Shown instead of the label on a phone, where four cards share a row. */
  shortLabel?: string;
  value: string;
  icon: React.ReactNode;
}) {
  return (
    <li className="flex items-center gap-3 rounded-control border border-slate-200 bg-white px-2 py-1.5 sm:px-3 sm:py-2.5">
      <span className="hidden size-9 shrink-0 xl:flex items-center justify-center rounded-full bg-brand-50 text-brand-700">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="truncate text-xs font-medium text-slate-600">
          {shortLabel ? (
            <>
              <span className="sm:hidden">{shortLabel}</span>
              <span className="hidden sm:inline">{label}</span>
            </>
          ) : (
            label
          )}
        </p>
        <p className="text-base font-bold tabular-nums text-slate-900 sm:text-lg">{value}</p>
      </div>
    </li>
  );
}

/**
 * On a phone the bar folds into one line (the countries, places and media) with Show stats, so the map gets
 * the screen; from the sm breakpoint up it is always open.
 */
export function StatsBar({ summary, loading }: { summary: CountriesSummary | undefined; loading: boolean }) {
  const achievementsId = useId();
  const cardsId = useId();
  const [open, setOpen] = useState(false);
  const countries = summary?.totalCountries ?? 0;
  const percent = worldProgressPercent(countries);
  const shown = (value: number | undefined) =>
    loading && value === undefined ? '…' : number.format(value ?? 0);
  return (
    <section
      aria-label="Your travel statistics"
      aria-busy={loading}
      className="border-b border-slate-200 bg-slate-50"
    >
      <div className="flex items-center gap-2 px-3 py-1 sm:hidden">
        <p className="min-w-0 flex-1 truncate text-sm text-slate-700">
          <span className="font-semibold tabular-nums text-slate-900">
            {shown(summary?.totalCountries)} / {TOTAL_COUNTRIES}
          </span>{' '}
          countries · {shown(summary?.totalPins)} {summary?.totalPins === 1 ? 'place' : 'places'} ·{' '}
          {shown(summary?.totalMedia)} media
        </p>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={cardsId}
          onClick={() => setOpen(!open)}
          className="inline-flex min-h-11 shrink-0 items-center gap-1 rounded-control px-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          {open ? 'Hide stats' : 'Show stats'}
          <ChevronDown
            aria-hidden="true"
            className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </div>
      <ul
        id={cardsId}
        className={`mx-auto max-w-7xl grid-cols-4 gap-2 px-3 pb-2 sm:grid sm:px-5 sm:py-2.5 lg:grid-cols-[2fr_1fr_1fr_1fr_1fr_2fr] ${open ? 'grid' : 'hidden'}`}
      >
        <li className="col-span-4 rounded-control border border-slate-200 bg-white px-3 py-2 sm:py-2.5 lg:col-span-1">
          <div className="flex items-baseline justify-between gap-2">
            <p className="text-xs font-medium text-slate-600">World Explorer Progress</p>
            <p className="text-sm font-semibold tabular-nums text-slate-900">
              {shown(summary?.totalCountries)} / {TOTAL_COUNTRIES} countries
            </p>
          </div>
          <div
            role="progressbar"
            aria-label="World Explorer Progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(percent * 10) / 10}
            aria-valuetext={`${countries} of ${TOTAL_COUNTRIES} countries, ${percent.toFixed(1)}%`}
            className="mt-2 h-2.5 overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className="h-full rounded-full bg-brand-600 transition-[width]"
              style={{ width: `${percent}%` }}
            />
          </div>
        </li>
        <StatCard
          label="Places"
          value={shown(summary?.totalPins)}
          icon={<MapPin aria-hidden="true" className="size-5" />}
        />
        <StatCard
          label="Cities"
          value={shown(summary?.totalCities)}
          icon={<Building2 aria-hidden="true" className="size-5" />}
        />
        <StatCard
          label="Media"
          value={shown(summary?.totalMedia)}
          icon={<Camera aria-hidden="true" className="size-5" />}
        />
        <StatCard
          label="Media per place"
          shortLabel="Per place"
          value={summary ? averageMediaPerPlace(summary) : loading ? '…' : '0.0'}
          icon={<Images aria-hidden="true" className="size-5" />}
        />
        <li className="col-span-4 flex items-center gap-x-3 gap-y-1.5 rounded-control border border-slate-200 bg-white px-3 py-2 sm:block sm:py-2.5 lg:col-span-1">
          <p id={achievementsId} className="text-xs font-medium text-slate-600">
            Achievements
          </p>
          <ul aria-labelledby={achievementsId} className="flex flex-wrap gap-1.5 sm:mt-1.5">
            {(summary?.achievements ?? achievementsFor(countries)).map((achievement) => (
              <li
                key={achievement.id}
                title={`${achievement.name}: ${achievement.countries}+ ${achievement.countries === 1 ? 'country' : 'countries'}`}
                className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold sm:px-2.5 sm:py-1 ${
                  achievement.earned
                    ? 'bg-amber-100 text-amber-900 ring-1 ring-amber-300'
                    : 'bg-slate-100 text-slate-600'
                }`}
              >
                <Award aria-hidden="true" className="size-3.5" />
                {achievement.name}
                <span className="sr-only">
                  {achievement.earned
                    ? ' (earned)'
                    : ` (locked: visit ${achievement.countries} ${achievement.countries === 1 ? 'country' : 'countries'})`}
                </span>
              </li>
            ))}
          </ul>
        </li>
      </ul>
    </section>
  );
}
