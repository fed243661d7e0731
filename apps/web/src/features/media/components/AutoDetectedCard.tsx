// The auto-detected information card (SPEC.md §2 Upload tab): what the selected files' own metadata say
// (how many carry GPS, when they were taken, which places they group into) before anything is sent.
import { Loader2, MapPin, CalendarDays, Images } from 'lucide-react';
import { formatVisitDate } from '@waymarks/shared';
import { describePlaces, plural, type DetectedPlaces } from '../detected-places';

export interface DetectedSummary {
  photos: number;
  videos: number;
  withGps: number;
  firstDay: string | null;
  lastDay: string | null;
  places: DetectedPlaces;
}

export function AutoDetectedCard({
  detecting,
  summary,
}: {
  detecting: boolean;
  summary: DetectedSummary | null;
}) {
  return (
    <section
      aria-live="polite"
      className="rounded-card border border-brand-200 bg-brand-50 p-4 text-sm text-slate-800"
    >
      <h3 id="auto-detected-title" className="mb-2 font-semibold text-slate-900">
        Auto-detected information
      </h3>
      {detecting ? (
        <p role="status" className="flex items-center gap-2">
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          Analysing metadata…
        </p>
      ) : !summary ? (
        <p className="text-slate-600">Select photos or videos to read their date and place.</p>
      ) : (
        <ul className="flex flex-col gap-1.5">
          <li className="flex items-start gap-2">
            <Images aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-800" />
            {[
              summary.photos ? plural(summary.photos, 'photo', 'photos') : '',
              summary.videos ? plural(summary.videos, 'video', 'videos') : '',
            ]
              .filter(Boolean)
              .join(' and ')}
            {`, ${summary.withGps} with GPS`}
          </li>
          <li className="flex items-start gap-2">
            <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-800" />
            {summary.firstDay
              ? summary.lastDay && summary.lastDay !== summary.firstDay
                ? `Taken ${formatVisitDate(summary.firstDay)} – ${formatVisitDate(summary.lastDay)}`
                : `Taken ${formatVisitDate(summary.firstDay)}`
              : 'No capture date found'}
          </li>
          <li className="flex items-start gap-2">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-800" />
            {describePlaces(summary.places)}
          </li>
        </ul>
      )}
    </section>
  );
}
