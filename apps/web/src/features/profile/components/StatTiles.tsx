// Three figures of the account: countries visited, pins and media (SPEC.md §2 /profile).
import type { ReactNode } from 'react';
import { Globe2, Images, MapPin } from 'lucide-react';
import { Card, IconTile } from '../../../components/ui/Card';

function Tile({ icon, label, value }: { icon: ReactNode; label: string; value: number | null }) {
  return (
    <Card
      as="li"
      padding="none"
      className="flex flex-col items-center gap-2 p-3 text-center sm:flex-row sm:gap-4 sm:p-5 sm:text-left"
    >
      <IconTile>{icon}</IconTile>
      <div>
        <p className="text-2xl font-bold text-slate-900">
          {value === null ? (
            <span className="inline-block h-7 w-10 animate-pulse rounded bg-slate-200" />
          ) : (
            value
          )}
        </p>
        <p className="text-sm font-medium text-slate-600">{label}</p>
      </div>
    </Card>
  );
}

/** `countries` is null while the country figures load. */
export function StatTiles({
  countries,
  pins,
  media,
}: {
  countries: number | null;
  pins: number;
  media: number;
}) {
  return (
    <ul aria-label="Your figures" className="grid grid-cols-3 gap-3 sm:gap-4">
      <Tile icon={<Globe2 />} label="Countries" value={countries} />
      <Tile icon={<MapPin />} label="Pins" value={pins} />
      <Tile icon={<Images />} label="Media" value={media} />
    </ul>
  );
}
