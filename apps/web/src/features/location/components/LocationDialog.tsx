// The location dialog (SPEC.md §2): the place's header (name, 'Saved • N media' or 'New location', visit
// date, flag and country, Verified badge); the tabs 'Upload Photos & Videos' and, for a saved pin, 'View
// Media (count)'; saving a place without photos. A saved pin leads with the place (name, visit date,
// notes), then its photos, with Save in a bar at the dialog's foot; it can be moved on the map, and deleted
// after confirmation (decision 086). Quick upload opens it at 0, 0 as 'Upload & Auto-Detect' and ends with a summary of
// the places it added and 'Show on map'. The pin's forms come from pins and the photos and videos from
// media: this is where the two meet. Below the photos, the place's part in the travel page (share).
import { useEffect, useRef, useState } from 'react';
import { BadgeCheck, CalendarDays, X } from 'lucide-react';
import { formatVisitDate, hasFeature, type Pin, type TierId } from '@waymarks/shared';
import { CountryFlag } from '../../../components/CountryFlag';
import { Tabs } from '../../../components/ui/Tabs';
import {
  MediaGallery,
  QuickUploadSummary,
  UploadPanel,
  UploadResults,
  isQuickUpload,
  type UploadLeftover,
  type UploadOutcome,
} from '../../media';
import { NewPlaceForm, SavedPinForm } from '../../pins';
import { placeStatusText, showsVerified, type MapPlace } from '../../places';
import { PlaceShareSwitches } from '../../share';
import { DialogClose, DialogPanel, DialogRoot, DialogTitle } from '../../../components/ui/Dialog';

type TabId = 'upload' | 'view';

function PlaceBody({
  place,
  tier,
  pins,
  onSaved,
  onDeleted,
  onMove,
  onShowTop,
  lastUpload,
  onUploaded,
  leftover,
  onLeftover,
  onQuickUploaded,
  sharedFiles,
}: {
  place: MapPlace;
  tier: TierId;
  pins: readonly Pin[];
  onSaved: (pin: Pin) => void;
  onDeleted: () => void;
  /** 'Move pin': the dialog closes and the map takes the new point. */
  onMove: ((pin: Pin) => void) | undefined;
  /** Brings the dialog's top (the header and tabs) back into view. */
  onShowTop: () => void;
  /** The last upload run of this dialog, shown with the media it added. */
  lastUpload: UploadOutcome | null;
  onUploaded: (outcome: UploadOutcome) => void;
  /** Files an upload to this place could not send, kept while the place became a pin. */
  leftover: UploadLeftover | null;
  onLeftover: (leftover: UploadLeftover, pinId: string) => void;
  /** A quick upload that placed files: the dialog sums it up rather than opening one of its places. */
  onQuickUploaded: (outcome: UploadOutcome) => void;
  /** A quick upload's first selection: files shared to the installed app from the phone's gallery. */
  sharedFiles: readonly File[] | null;
}) {
  const pin = place.pin;
  // SPEC.md §2: the dialog opens on the view tab when the pin exists and has media, or just had files
  // uploaded to it (a place that became a pin with them, whose files may all have been refused since);
  // files that could not be sent keep it on the upload tab.
  const uploadedHere =
    pin !== null &&
    (lastUpload?.results.some(
      (result) => result.outcome.ok && result.outcome.uploaded.pin.pinId === pin.pinId,
    ) ??
      false);
  const [tab, setTab] = useState<TabId>(
    pin && (pin.mediaCount > 0 || uploadedHere) && !leftover ? 'view' : 'upload',
  );
  const quick = !pin && isQuickUpload(place);
  // Files skipped as kept already are listed with the rest, but were not uploaded.
  const uploadedCount = lastUpload?.results.filter((result) => result.outcome.ok).length ?? 0;

  function uploaded(outcome: UploadOutcome, failed: UploadLeftover | null) {
    if (quick) {
      onQuickUploaded(outcome);
      return;
    }
    const target = pin ?? outcome.pins[0];
    if (!target) return;
    // The newest copy of the pin the files went to: the last complete answer carries its count.
    const latest =
      outcome.results
        .map((result) => (result.outcome.ok ? result.outcome.uploaded.pin : null))
        .filter((candidate): candidate is Pin => candidate?.pinId === target.pinId)
        .at(-1) ?? target;
    // The place is a pin now: the dialog shows it, keeping what could not be sent on the upload tab.
    if (failed) {
      if (!pin) {
        onLeftover(failed, latest.pinId);
        onSaved(latest);
      }
      return;
    }
    onUploaded(outcome);
    if (!pin) onSaved(latest);
    setTab('view');
    onShowTop();
  }

  const uploadPanel = (
    <UploadPanel
      target={{ ...place, pin }}
      existingPins={pins}
      onUploaded={uploaded}
      initial={leftover ?? (quick && sharedFiles?.length ? { files: [...sharedFiles], results: [] } : null)}
    />
  );

  if (!pin) {
    return (
      <div className="flex flex-col gap-6">
        {uploadPanel}
        {!quick && (
          <section aria-labelledby="save-without-photos" className="border-t border-slate-200 pt-5">
            <h3 id="save-without-photos" className="mb-3 text-sm font-semibold text-slate-900">
              No photos to hand? Save the place now
            </h3>
            <NewPlaceForm
              key={`${place.lat},${place.lng}`}
              place={place}
              tier={tier}
              pinCount={pins.length}
              onSaved={onSaved}
            />
          </section>
        )}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <SavedPinForm key={pin.pinId} pin={pin} onDeleted={onDeleted} onMove={onMove && (() => onMove(pin))}>
        <div className="border-t border-slate-200 pt-5">
          <Tabs
            label="Photos and videos"
            tabs={[
              { id: 'upload', label: 'Upload Photos & Videos' },
              { id: 'view', label: `View Media (${pin.mediaCount})` },
            ]}
            selected={tab}
            onSelect={setTab}
          >
            {tab === 'view' ? (
              <div className="flex flex-col gap-4">
                {lastUpload && (
                  <section aria-labelledby="last-upload" className="flex flex-col gap-2">
                    <h3 id="last-upload" className="text-sm font-semibold text-success-800">
                      {uploadedCount === 1 ? '1 file uploaded' : `${uploadedCount} files uploaded`}
                    </h3>
                    <UploadResults results={lastUpload.results} refusalsShownElsewhere />
                  </section>
                )}
                <MediaGallery pin={pin} tier={tier} />
              </div>
            ) : (
              uploadPanel
            )}
          </Tabs>
        </div>
        <PlaceShareSwitches pinId={pin.pinId} className="border-t border-slate-200 pt-5" />
      </SavedPinForm>
    </div>
  );
}

export function LocationDialog({
  place,
  tier,
  pins,
  onClose,
  onSaved,
  onDeleted,
  onMovePin,
  onShowOnMap,
  sharedFiles = null,
}: {
  place: MapPlace | null;
  tier: TierId;
  /** The user's pins: the pin limit, and where uploaded files near one of them go. */
  pins: readonly Pin[];
  onClose: () => void;
  onSaved: (pin: Pin) => void;
  onDeleted: () => void;
  /** 'Move pin' in a saved pin's details: the dialog closes, focus going where the caller puts it. */
  onMovePin?: (pin: Pin) => void;
  /** 'Show on map' at the end of a quick upload: the places it added, for the map to show them all. */
  onShowOnMap: (pins: Pin[]) => void;
  /** Files shared to the installed app: the quick upload opens with them selected. */
  sharedFiles?: readonly File[] | null;
}) {
  const [shown, setShown] = useState(place);
  // Keep the last place while the dialog animates closed.
  useEffect(() => {
    if (place) setShown(place);
  }, [place]);
  const current = place ?? shown;
  const pin = current?.pin ?? null;
  const quick = current !== null && !pin && isQuickUpload(current);
  const content = useRef<HTMLDivElement>(null);
  const showTop = () => content.current?.scrollTo({ top: 0 });
  // Closed to move its pin: focus goes to the map's move bar, not back to what opened the dialog.
  const movingAway = useRef(false);
  const move =
    onMovePin &&
    ((moved: Pin) => {
      movingAway.current = true;
      onMovePin(moved);
    });
  const [lastUpload, setLastUpload] = useState<UploadOutcome | null>(null);
  const [leftover, setLeftover] = useState<(UploadLeftover & { pinId: string }) | null>(null);
  const [quickOutcome, setQuickOutcome] = useState<UploadOutcome | null>(null);
  // A closed dialog forgets its last upload; a new pin made by the upload keeps it.
  useEffect(() => {
    if (!place) {
      setLastUpload(null);
      setLeftover(null);
      setQuickOutcome(null);
    }
  }, [place]);

  return (
    <DialogRoot open={place !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogPanel
        overlayClassName="fixed inset-0 z-40 bg-slate-950/40 data-[state=open]:animate-fade-in"
        ref={content}
        onCloseAutoFocus={(event) => {
          if (!movingAway.current) return;
          movingAway.current = false;
          event.preventDefault();
        }}
        className="fixed inset-x-0 bottom-0 z-50 max-h-[92dvh] scroll-pb-24 overflow-y-auto rounded-t-card bg-white p-5 shadow-card sm:inset-x-auto sm:bottom-auto sm:left-1/2 sm:top-1/2 sm:max-h-[calc(100dvh-2rem)] sm:w-[calc(100vw-2rem)] sm:max-w-2xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-card sm:p-6 sm:data-[state=open]:animate-pop-in"
      >
        {current && (
          <>
            <div className="mb-4 flex items-start justify-between gap-3">
              <div className="min-w-0">
                <DialogTitle className="break-words text-title font-semibold text-slate-900">
                  {quick ? 'Upload & Auto-Detect' : current.name}
                </DialogTitle>
                <p className="mt-0.5 text-sm font-medium text-slate-600">
                  {quick ? 'Smart upload' : placeStatusText(current)}
                </p>
              </div>
              <DialogClose
                aria-label="Close"
                className="-mr-2 -mt-2 flex size-11 shrink-0 items-center justify-center rounded-control text-slate-500 hover:bg-slate-100 hover:text-slate-800"
              >
                <X aria-hidden="true" className="size-5" />
              </DialogClose>
            </div>
            {!quick && (
              <ul className="mb-5 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-700">
                <li className="flex items-center gap-2">
                  <CountryFlag code={current.countryCode} className="h-4 w-[1.375rem]" />
                  {current.countryName}
                </li>
                {pin?.visitDate && (
                  <li className="flex items-center gap-1.5">
                    <CalendarDays aria-hidden="true" className="size-4 text-slate-500" />
                    <span className="sr-only">Visited </span>
                    {formatVisitDate(pin.visitDate)}
                  </li>
                )}
                {pin && showsVerified(pin, hasFeature(tier, 'verificationBadges')) && (
                  <li className="flex items-center gap-1 rounded-full bg-violet-100 px-2.5 py-0.5 font-semibold text-violet-900">
                    <BadgeCheck aria-hidden="true" className="size-4" />
                    Verified
                    <span className="font-normal">· {pin.verificationScore}/100</span>
                  </li>
                )}
              </ul>
            )}
            {quick && quickOutcome ? (
              <QuickUploadSummary
                results={quickOutcome.results}
                unplaced={quickOutcome.unplaced}
                existingPins={pins}
                onShowOnMap={onShowOnMap}
              />
            ) : (
              <PlaceBody
                key={pin?.pinId ?? `${current.lat},${current.lng}`}
                place={current}
                tier={tier}
                pins={pins}
                onSaved={onSaved}
                onDeleted={onDeleted}
                onMove={move}
                onShowTop={showTop}
                lastUpload={lastUpload}
                onUploaded={setLastUpload}
                leftover={leftover && leftover.pinId === pin?.pinId ? leftover : null}
                onLeftover={(kept, pinId) => setLeftover({ ...kept, pinId })}
                onQuickUploaded={setQuickOutcome}
                sharedFiles={sharedFiles}
              />
            )}
          </>
        )}
      </DialogPanel>
    </DialogRoot>
  );
}
