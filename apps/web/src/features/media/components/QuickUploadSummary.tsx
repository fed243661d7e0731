// The end of a quick upload: what it added ('14 photos in 6 places, 5 countries'), each place with its
// count, the files left out each in one sentence naming it, the files skipped as already on the map
// ('IMG_1.jpg: Already in Lisbon'), the Unplaced tray of the files without GPS (files placed from it join
// the summary), and 'Show on map' to see the new pins.
import { useEffect, useId, useRef, useState } from 'react';
import { CircleAlert, CircleCheck, CopyCheck, Map as MapIcon } from 'lucide-react';
import type { Pin } from '@waymarks/shared';
import { Button } from '../../../components/ui/Button';
import { CountryFlag } from '../../../components/CountryFlag';
import { useRefusals } from '../api/media';
import type { UnplacedFile } from '../unplaced';
import type { FileResult } from '../upload-flow';
import { describeMedia, describeSummary, summariseUpload } from '../upload-summary';
import { UnplacedTray } from './UnplacedTray';

const NONE: readonly never[] = [];

export function QuickUploadSummary({
  results: ranResults,
  unplaced = NONE,
  existingPins = NONE,
  onShowOnMap,
}: {
  results: readonly FileResult[];
  /** The files without GPS, waiting for a place. */
  unplaced?: readonly UnplacedFile[];
  /** The traveller's pins, to choose from for them. */
  existingPins?: readonly Pin[];
  /** The places the kept files are in, for the map to show them all. */
  onShowOnMap: (pins: Pin[]) => void;
}) {
  const [tray, setTray] = useState<UnplacedFile[]>([...unplaced]);
  const [placed, setPlaced] = useState<FileResult[]>([]);
  const results = [...ranResults, ...placed];
  // A file refused once its pixels are read leaves the count, and joins the files left out, when it shows.
  const refusals = useRefusals(
    results.flatMap(({ outcome }) => (outcome.ok ? [outcome.uploaded.pin.pinId] : [])),
  );
  const summary = summariseUpload(results, refusals);
  const headingId = useId();
  const leftOutId = useId();
  const skippedId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The Upload button that had focus is gone: the summary's heading takes it, so it is read out.
  useEffect(() => heading.current?.focus(), []);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex items-start gap-3 rounded-card border border-success-200 bg-success-50 p-4">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-success-700" />
        <div className="min-w-0">
          <h3
            id={headingId}
            ref={heading}
            tabIndex={-1}
            className="text-lg font-semibold text-success-900 focus-visible:outline-offset-4"
          >
            {describeSummary(summary)}
          </h3>
          {summary.places.length > 0 && (
            <p className="text-sm text-success-800">Each place is a pin on your map now.</p>
          )}
        </div>
      </div>
      {summary.places.length > 0 && (
        <ul
          aria-label="Places"
          className="flex flex-col divide-y divide-slate-100 rounded-control border border-slate-200 text-sm"
        >
          {summary.places.map(({ pin, photos, videos }) => (
            <li key={pin.pinId} className="flex items-center gap-2.5 px-3 py-2">
              <CountryFlag code={pin.countryCode} className="h-4" />
              <p className="min-w-0 flex-1 truncate">
                <span className="font-medium text-slate-900">{pin.title}</span>
                <span className="text-slate-600">, {pin.countryName}</span>
              </p>
              <span className="shrink-0 tabular-nums text-slate-600">{describeMedia(photos, videos)}</span>
            </li>
          ))}
        </ul>
      )}
      {unplaced.length > 0 && (
        <UnplacedTray
          tray={tray}
          existingPins={existingPins}
          onChange={(next) => {
            setTray(next);
            // Nothing waits any more: the heading, which counts what the tray placed, is read out again.
            if (next.length === 0) heading.current?.focus();
          }}
          onPlaced={(outcome) => setPlaced((earlier) => [...earlier, ...outcome.results])}
        />
      )}
      {summary.leftOut.length > 0 && (
        <section aria-labelledby={leftOutId} className="flex flex-col gap-2">
          <h4 id={leftOutId} className="text-sm font-semibold text-slate-900">
            Not added to your map
          </h4>
          <ul
            aria-labelledby={leftOutId}
            className="flex flex-col divide-y divide-slate-100 rounded-control border border-danger-200 text-sm"
          >
            {summary.leftOut.map(({ name, reason }, index) => (
              <li key={`${name}-${index}`} className="flex items-start gap-2 px-3 py-2">
                <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger-700" />
                <p className="min-w-0 text-slate-800 [overflow-wrap:anywhere]">{reason}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
      {summary.skipped.length > 0 && (
        <section aria-labelledby={skippedId} className="flex flex-col gap-2">
          <h4 id={skippedId} className="text-sm font-semibold text-slate-900">
            Skipped
          </h4>
          <ul
            aria-labelledby={skippedId}
            className="flex flex-col divide-y divide-slate-100 rounded-control border border-slate-200 text-sm"
          >
            {summary.skipped.map(({ name, reason }, index) => (
              <li key={`${name}-${index}`} className="flex items-start gap-2 px-3 py-2">
                <CopyCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
                <p className="min-w-0 text-slate-800 [overflow-wrap:anywhere]">{reason}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
      {summary.places.length > 0 && (
        <Button
          onClick={() => onShowOnMap(summary.places.map((place) => place.pin))}
          className="sm:self-start"
        >
          <MapIcon aria-hidden="true" className="size-5" />
          Show on map
        </Button>
      )}
    </section>
  );
}
