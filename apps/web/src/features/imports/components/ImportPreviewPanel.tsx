// The preview of an import that has been read (issue 26): the places in a list, the countries (the new
// ones marked) and the years, and what the plan allows. On a plan with a pin limit the largest stays are
// chosen first, up to the room left, and the rest are offered with an upgrade. Places already on the map
// are shown apart and take none of the room. Nothing is counted before the save. The map (where WebGL is)
// shows where the places are; the list is where they are chosen.
import { Suspense, lazy, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { MapPin } from 'lucide-react';
import type { ImportPreview } from '@waymarks/shared';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { webglAvailable } from '../../../lib/webgl';
import { MapErrorBoundary } from '../../dashboard';
import {
  IMPORT_TEXTS,
  chosenText,
  foundSummary,
  leftOverText,
  overRoomText,
  placesCount,
  roomText,
} from '../messages';
import { formatDay, placeDetails } from '../place-format';
import {
  defaultSelection,
  isMatched,
  newPlaces,
  placeKeysToCommit,
  selectAll,
  summariseChoice,
  yearsVisited,
} from '../selection';

const ImportMap = lazy(() => import('./ImportMap'));

/** Places drawn at first, and added by each 'Show more': a history can hold thousands. */
export const PLACES_PAGE = 100;

const UPGRADE_LINK = 'font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800';

export function ImportPreviewPanel({
  preview,
  room,
  planName,
  saving,
  saveError,
  onSave,
}: {
  preview: ImportPreview;
  /** New pins the plan takes: Infinity when unlimited. */
  room: number;
  planName: string;
  saving: boolean;
  saveError: string | null;
  onSave: (placeKeys: string[]) => void;
}) {
  const candidates = useMemo(() => newPlaces(preview.places), [preview.places]);
  const matched = useMemo(() => preview.places.filter(isMatched), [preview.places]);
  const [chosen, setChosen] = useState(() => defaultSelection(preview.places, room));
  const [shown, setShown] = useState(PLACES_PAGE);
  const [withMap] = useState(webglAvailable);
  const summary = summariseChoice(preview, chosen, room);
  const years = useMemo(() => yearsVisited(preview.places), [preview.places]);
  const countries = preview.countries.filter((country) => country.countryCode !== 'XX');
  const limited = room !== Infinity;
  const allFit = candidates.length <= room;
  const leftOver = limited ? candidates.length - Math.min(room, candidates.length) : 0;
  const listId = useId();
  const from = preview.from ? formatDay(preview.from) : null;
  const to = preview.to ? formatDay(preview.to) : null;

  const toggle = (placeKey: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(placeKey);
      else next.delete(placeKey);
      return next;
    });

  if (preview.places.length === 0) {
    return <Alert tone="info">{IMPORT_TEXTS.nothingFound}</Alert>;
  }

  return (
    <div className="flex flex-col gap-5">
      <section aria-labelledby="import-found-title" className="flex flex-col gap-2">
        <h2 id="import-found-title" className="text-title font-semibold text-slate-900">
          {foundSummary(preview.places.length, from, to)}
        </h2>
        <p className="text-sm text-slate-700">{IMPORT_TEXTS.nothingCounted}</p>
        {withMap && (
          <MapErrorBoundary>
            <Suspense fallback={<div className="h-64 rounded-control bg-[#cfe3ef] sm:h-80" />}>
              <ImportMap places={preview.places} chosen={chosen} />
            </Suspense>
          </MapErrorBoundary>
        )}
      </section>

      <section aria-labelledby="import-countries-title" className="flex flex-col gap-2">
        <h3 id="import-countries-title" className="text-base font-semibold text-slate-900">
          Countries
        </h3>
        <ul aria-label="Countries in this import" className="flex flex-wrap gap-2">
          {countries.map((country) => (
            <li
              key={country.countryCode}
              className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 bg-white px-3 py-1 text-sm text-slate-800"
            >
              {country.countryName}
              <span className="text-slate-500">({country.places})</span>
              {country.isNew && (
                <span className="rounded-full bg-brand-50 px-2 text-xs font-semibold text-brand-800">
                  New
                </span>
              )}
            </li>
          ))}
        </ul>
        <p className="text-sm text-slate-600">{IMPORT_TEXTS.countryRule}</p>
        {years.length > 0 && (
          <p className="text-sm text-slate-700">
            <span className="font-semibold">Years: </span>
            {years.join(', ')}
          </p>
        )}
      </section>

      <section aria-labelledby="import-places-title" className="flex flex-col gap-3">
        <h3 id="import-places-title" className="text-base font-semibold text-slate-900">
          Places to add
        </h3>
        <p className="text-sm text-slate-700">
          {roomText(room, planName)}{' '}
          {limited && !allFit && (
            <Link to="/profile?tab=subscription" className={UPGRADE_LINK}>
              {IMPORT_TEXTS.upgrade}
            </Link>
          )}
        </p>
        {candidates.length > 0 && (
          <>
            <div className="flex flex-wrap items-center gap-2">
              <Button
                variant="secondary"
                aria-controls={listId}
                onClick={() => setChosen(selectAll(preview.places, room))}
              >
                {allFit ? 'Select all' : `Select the largest ${room.toLocaleString('en-GB')}`}
              </Button>
              <Button variant="secondary" aria-controls={listId} onClick={() => setChosen(new Set())}>
                Select none
              </Button>
              <p role="status" className="text-sm font-medium text-slate-800">
                {chosenText(summary.newPins, candidates.length)}
              </p>
            </div>
            <ul
              id={listId}
              aria-label="New places"
              className="flex flex-col divide-y divide-slate-100 rounded-control border border-slate-200 bg-white"
            >
              {candidates.slice(0, shown).map((place) => (
                <li key={place.placeKey}>
                  <label className="flex min-h-11 cursor-pointer items-start gap-3 px-3.5 py-2.5 hover:bg-slate-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-500">
                    <input
                      type="checkbox"
                      checked={chosen.has(place.placeKey)}
                      onChange={(event) => toggle(place.placeKey, event.target.checked)}
                      className="mt-0.5 size-5 shrink-0 accent-brand-700"
                    />
                    <span className="flex min-w-0 flex-col">
                      <span className="font-medium text-slate-900 [overflow-wrap:anywhere]">
                        {place.title}
                      </span>
                      <span className="text-xs text-slate-600">{placeDetails(place)}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
            {candidates.length > shown && (
              <Button
                variant="ghost"
                className="self-start"
                onClick={() => setShown((count) => count + PLACES_PAGE)}
              >
                Show more places ({(candidates.length - shown).toLocaleString('en-GB')} left)
              </Button>
            )}
          </>
        )}
      </section>

      {matched.length > 0 && (
        <section aria-labelledby="import-matched-title" className="flex flex-col gap-2">
          <h3 id="import-matched-title" className="text-base font-semibold text-slate-900">
            Already on your map
          </h3>
          <p className="text-sm text-slate-600">
            {placesCount(matched.length)} of this import {matched.length === 1 ? 'is' : 'are'} near a pin you
            have. {matched.length === 1 ? 'It is' : 'They are'} not added again and not counted as new.
          </p>
          <ul aria-label="Places already on your map" className="flex flex-col gap-1">
            {matched.slice(0, shown).map((place) => (
              <li key={place.placeKey} className="flex items-start gap-2 text-sm text-slate-700">
                <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success-700" />
                <span className="min-w-0 [overflow-wrap:anywhere]">
                  {place.title} <span className="text-slate-500">· already on your map</span>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <div className="flex flex-col gap-3 border-t border-slate-200 pt-4" aria-live="polite">
        {summary.newCountries.length > 0 && (
          <p className="text-sm text-slate-800">
            New countries with your choice: <strong>{summary.newCountries.join(', ')}</strong>
          </p>
        )}
        {summary.overRoom > 0 ? (
          <Alert tone="error">
            {overRoomText(summary.overRoom, room)}{' '}
            <Link to="/profile?tab=subscription" className={UPGRADE_LINK}>
              {IMPORT_TEXTS.upgrade}
            </Link>
          </Alert>
        ) : (
          leftOver > 0 && (
            <p className="text-sm text-slate-700">
              {leftOverText(candidates.length - summary.newPins)}{' '}
              <Link to="/profile?tab=subscription" className={UPGRADE_LINK}>
                {IMPORT_TEXTS.upgrade}
              </Link>
            </p>
          )
        )}
        {saveError && <Alert tone="error">{saveError}</Alert>}
        <Button
          className="self-stretch px-5 sm:self-start"
          busy={saving}
          disabled={summary.overRoom > 0 || (summary.newPins === 0 && matched.length === 0)}
          onClick={() => onSave(placeKeysToCommit(preview.places, chosen))}
        >
          {summary.newPins > 0
            ? `${IMPORT_TEXTS.save} (${summary.newPins.toLocaleString('en-GB')})`
            : IMPORT_TEXTS.save}
        </Button>
      </div>
    </div>
  );
}
