// Where files without GPS were taken, as the traveller says: one of their pins from a list, or a place
// found with the map's own search box (their places first, then the gazetteer's). A result standing
// within the grouping distance of a pin is that pin, as on the map. Nothing is sent until the traveller
// confirms with 'Upload to …'.
import { useEffect, useId, useRef, useState } from 'react';
import type { Pin, PlaceSearchResult } from '@waymarks/shared';
import { Button } from '../../../components/ui/Button';
import { Select } from '../../../components/ui/Select';
import { SearchBox, nearestPinWithin } from '../../dashboard';
import { placeFromPin, placeFromSearch, usePlaceLookups, type MapPlace } from '../../places';
import { plural } from '../detected-places';
import { ProgressBar } from './ProgressBar';

export function PlaceChooser({
  files,
  existingPins,
  sending,
  progress,
  onSend,
  onCancel,
}: {
  /** The files the place is for: one, or every file waiting. */
  files: readonly File[];
  existingPins: readonly Pin[];
  sending: boolean;
  progress: number;
  onSend: (place: MapPlace) => void;
  onCancel: () => void;
}) {
  const { search } = usePlaceLookups();
  const [place, setPlace] = useState<MapPlace | null>(null);
  const headingId = useId();
  const group = useRef<HTMLDivElement>(null);
  // Opened from a file's button: the first control takes focus, so the keyboard goes on from there.
  useEffect(() => {
    group.current?.querySelector<HTMLElement>('select, input')?.focus();
  }, []);

  const what = files.length === 1 ? files[0]!.name : `these ${plural(files.length, 'file', 'files')}`;
  const chooseResult = (result: PlaceSearchResult) => {
    const saved = nearestPinWithin(existingPins, result);
    setPlace(saved ? placeFromPin(saved) : placeFromSearch(result));
  };

  return (
    <div
      ref={group}
      role="group"
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-control border border-brand-200 bg-brand-50/40 p-3"
    >
      <p id={headingId} className="text-sm font-semibold text-slate-900 [overflow-wrap:anywhere]">
        Where {files.length === 1 ? 'was' : 'were'} {what} taken?
      </p>
      {existingPins.length > 0 && (
        <Select
          label="One of your places"
          value={place?.pin?.pinId ?? ''}
          disabled={sending}
          onChange={(event) => {
            const pin = existingPins.find((candidate) => candidate.pinId === event.target.value);
            setPlace(pin ? placeFromPin(pin) : null);
          }}
        >
          <option value="">Choose a place</option>
          {existingPins.map((pin) => (
            <option key={pin.pinId} value={pin.pinId}>
              {pin.title}, {pin.countryName}
            </option>
          ))}
        </Select>
      )}
      <div className="flex flex-col gap-1.5">
        <p className="text-sm font-medium text-slate-800">
          {existingPins.length > 0 ? 'Or find a place' : 'Find a place'}
        </p>
        <SearchBox
          search={search}
          onSelect={chooseResult}
          pins={existingPins}
          onSelectPin={(pin) => setPlace(placeFromPin(pin))}
        />
      </div>
      {/* Always there, so the choice is read out when it is made; out of the layout while empty. */}
      <p role="status" className={place ? 'text-sm text-slate-800' : 'sr-only'}>
        {place && (
          <>
            Chosen: <span className="font-semibold">{place.name}</span>, {place.countryName}
            {place.pin ? ' (one of your places)' : ' (a new place on your map)'}
          </>
        )}
      </p>
      {sending && <ProgressBar value={progress} label={`Uploading ${what}…`} />}
      <div className="flex flex-wrap gap-2">
        {place && (
          <Button busy={sending} onClick={() => onSend(place)} className="min-w-0 [overflow-wrap:anywhere]">
            Upload to {place.name}
          </Button>
        )}
        <Button variant="secondary" disabled={sending} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
