// The four tabs of the traveller dialog (SPEC.md §2, §3 User details): overview, countries, cities and
// timeline, each showing part of one GET /api/leaderboard/user/{id} answer.
import type { ReactNode } from 'react';
import { BadgeCheck } from 'lucide-react';
import {
  formatFileSize,
  formatVisitDate,
  getTier,
  isVerifiedTraveler,
  travelSpanText,
  type LeaderboardUserDetails,
} from '@waymarks/shared';
import { CountryFlag } from '../../../components/CountryFlag';
import { TravelerAvatar } from './TravelerAvatar';
import { TravelerBadges } from './TravelerBadges';

/** SPEC.md §9: the overview shows this many countries, those with the most media. */
export const TOP_COUNTRIES = 5;

const BYTES_PER_MB = 1024 * 1024;

const countOf = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-control bg-slate-50 px-3 py-6 text-center text-sm text-slate-600">{children}</p>
  );
}

function Stat({ label, value, detail }: { label: string; value: ReactNode; detail?: string | undefined }) {
  return (
    <div className="rounded-control bg-slate-50 px-3 py-2.5">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="text-lg font-bold tabular-nums text-slate-900">{value}</dd>
      {detail && <dd className="text-xs text-slate-600">{detail}</dd>}
    </div>
  );
}

export function OverviewPanel({ details }: { details: LeaderboardUserDetails }) {
  const { user } = details;
  const { firstVisit, lastVisit, durationDays } = user.travelDuration;
  const span =
    firstVisit && lastVisit ? `${formatVisitDate(firstVisit)} – ${formatVisitDate(lastVisit)}` : undefined;
  const topCountries = [...details.countries]
    .sort((a, b) => b.mediaCount - a.mediaCount)
    .slice(0, TOP_COUNTRIES);
  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-center gap-3">
        <TravelerAvatar name={user.displayName} picture={user.profilePicture} className="size-14 text-xl" />
        <div className="min-w-0">
          <p className="text-sm text-slate-600">{getTier(user.tier).name}</p>
          {isVerifiedTraveler(user) && (
            <p className="inline-flex items-center gap-1 text-sm font-semibold text-violet-700">
              <BadgeCheck aria-hidden="true" className="size-4" />
              Verified · score {user.verificationScore}/100
            </p>
          )}
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <Stat label="Rank" value={`#${user.rank}`} />
        <Stat label="Countries" value={user.stats.totalCountries} />
        <Stat label="Cities" value={user.stats.totalCities} />
        <Stat label="Media" value={user.stats.totalMedia} />
        <Stat label="Storage used" value={formatFileSize(user.stats.totalUsedMB * BYTES_PER_MB)} />
        <Stat label="Travel span" value={travelSpanText(durationDays)} detail={span} />
      </dl>
      <section className="flex flex-col gap-2">
        <h3 className="font-semibold text-slate-900">Top countries</h3>
        {topCountries.length === 0 ? (
          <Empty>No countries yet</Empty>
        ) : (
          <ol className="flex flex-col gap-1.5">
            {topCountries.map((country) => (
              <li key={country.countryCode} className="flex items-center gap-2.5 text-sm">
                <CountryFlag code={country.countryCode} className="h-4" />
                <span className="min-w-0 flex-1 truncate font-medium text-slate-800">
                  {country.countryName}
                </span>
                <span className="tabular-nums text-slate-600">
                  {countOf(country.mediaCount, 'media', 'media')}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section className="flex flex-col gap-2">
        <h3 className="font-semibold text-slate-900">Badges</h3>
        <TravelerBadges badges={user.badges} emptyText="No badges yet" />
      </section>
    </div>
  );
}

const LIST = 'flex flex-col divide-y divide-slate-200/80';

export function CountriesPanel({ countries }: { countries: LeaderboardUserDetails['countries'] }) {
  if (countries.length === 0) return <Empty>No countries yet</Empty>;
  return (
    <ul className={LIST}>
      {countries.map((country) => (
        <li key={country.countryCode} className="flex items-center gap-3 py-2.5">
          <CountryFlag code={country.countryCode} className="h-5" />
          <span className="min-w-0 flex-1 truncate font-medium text-slate-900">{country.countryName}</span>
          <span className="shrink-0 text-right text-sm tabular-nums text-slate-600">
            {countOf(country.pinCount, 'pin')} · {countOf(country.mediaCount, 'media', 'media')}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function CitiesPanel({ cities }: { cities: LeaderboardUserDetails['cities'] }) {
  if (cities.length === 0) return <Empty>No cities yet</Empty>;
  return (
    <ul className={LIST}>
      {cities.map((city, index) => (
        <li key={`${city.countryCode}-${city.title}-${index}`} className="flex items-start gap-3 py-2.5">
          <CountryFlag code={city.countryCode} className="mt-1 h-4" />
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-slate-900">{city.title}</p>
            <p className="text-sm text-slate-600">
              {city.countryName}
              {' · '}
              {city.visitDate ? formatVisitDate(city.visitDate) : 'No visit date'}
            </p>
          </div>
          <span className="shrink-0 text-sm tabular-nums text-slate-600">
            {countOf(city.mediaCount, 'media', 'media')}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function TimelinePanel({ timeline }: { timeline: LeaderboardUserDetails['timeline'] }) {
  if (timeline.length === 0) return <Empty>No dated visits yet</Empty>;
  // Newest first, whatever order the answer came in (ISO days sort as text).
  const days = [...timeline].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  return (
    <ol className="flex flex-col gap-3 border-l-2 border-brand-200 pl-4">
      {days.map((day) => (
        <li key={day.date} className="relative">
          <span
            aria-hidden="true"
            className="absolute -left-[1.4rem] top-1.5 size-2.5 rounded-full bg-brand-600 ring-2 ring-white"
          />
          <p className="text-sm font-semibold text-slate-900">
            <time dateTime={day.date}>{formatVisitDate(day.date)}</time>
          </p>
          <p className="text-sm text-slate-700">{day.places.join(', ')}</p>
          <p className="text-xs text-slate-600">{countOf(day.mediaCount, 'media', 'media')}</p>
        </li>
      ))}
    </ol>
  );
}
