// The Unplaced tray (docs/decisions/089): the files of a quick upload without GPS, each by name with a
// small picture where the browser can draw one, waiting for a place. The traveller chooses a place for one
// file or for all (PlaceChooser) and they go up to it as any upload to a place does, the place becoming a
// pin if it is none yet; or leaves files out. A file whose try failed stays, its sentence beside it. A
// live region says what happened; focus comes back to the tray's heading, or to the caller's when the
// tray is empty.
import { useEffect, useId, useRef, useState } from 'react';
import { FileVideo, ImageIcon } from 'lucide-react';
import type { MediaMetadata, Pin } from '@waymarks/shared';
import { Button } from '../../../components/ui/Button';
import type { MapPlace } from '../../places';
import { placeRefusal } from '../refusals';
import {
  afterRefusal,
  afterSending,
  leaveOut,
  leftOutAnnouncement,
  sentAnnouncement,
  settledResults,
  type UnplacedFile,
} from '../unplaced';
import { DEFAULT_UPLOAD_SETTINGS, runUpload, type UploadOutcome, type UploadSettings } from '../upload-flow';
import { PlaceChooser } from './PlaceChooser';
import { fileKey } from './UploadResults';
import { useUploadDeps } from './useUploadDeps';

/** Pictures every browser draws; HEIC and videos show an icon instead of being decoded for a thumbnail. */
const DRAWN_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

function FileThumb({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!DRAWN_TYPES.has(file.type) || typeof URL.createObjectURL !== 'function') return;
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  if (url) {
    return (
      <img src={url} alt="" decoding="async" className="size-12 shrink-0 rounded-control object-cover" />
    );
  }
  const Icon = file.type.startsWith('video/') ? FileVideo : ImageIcon;
  return (
    <span className="flex size-12 shrink-0 items-center justify-center rounded-control bg-slate-100">
      <Icon aria-hidden="true" className="size-5 text-slate-500" />
    </span>
  );
}

/** The files the place chooser is open for: one file's, under its row, or every file's, under the list. */
interface Chooser {
  files: File[];
  forAll: boolean;
}

export function UnplacedTray({
  tray,
  existingPins,
  onChange,
  onPlaced,
  settings = DEFAULT_UPLOAD_SETTINGS,
  metadata,
  disabled = false,
}: {
  tray: readonly UnplacedFile[];
  existingPins: readonly Pin[];
  /** The files still waiting; when none is, the caller takes focus. */
  onChange: (tray: UnplacedFile[]) => void;
  /** Files that went up, or were kept already: their results and pins, with what still waits. */
  onPlaced: (outcome: UploadOutcome) => void;
  settings?: UploadSettings;
  /** What was read of the files already, so it is not read again. */
  metadata?: ReadonlyMap<File, MediaMetadata>;
  /** While another upload runs. */
  disabled?: boolean;
}) {
  const { deps, refresh } = useUploadDeps(existingPins);
  const [chooser, setChooser] = useState<Chooser | null>(null);
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const busy = disabled || sending;

  function settle(next: UnplacedFile[], said: string) {
    setChooser(null);
    setAnnouncement(said);
    onChange(next);
    if (next.length > 0) heading.current?.focus();
  }

  function open(files: File[], forAll: boolean, button: HTMLButtonElement) {
    opener.current = button;
    setChooser({ files, forAll });
  }

  function cancel() {
    setChooser(null);
    opener.current?.focus();
  }

  async function send(files: File[], place: MapPlace) {
    setSending(true);
    setProgress(0);
    try {
      const target = { ...place, visitDate: null };
      const outcome = await runUpload(files, settings, target, deps, setProgress, metadata);
      await refresh();
      const next = afterSending(tray, outcome.results);
      settle(next, sentAnnouncement(outcome.results));
      const settled = settledResults(outcome.results);
      if (settled.length > 0) onPlaced({ results: settled, pins: outcome.pins, unplaced: next });
    } catch (caught) {
      // The place could not be made (a plan's pin limit, say): each file says so by its name.
      const refusal = (file: File) => placeRefusal(file, caught);
      settle(afterRefusal(tray, files, refusal), files.map(refusal).join(' '));
    } finally {
      setSending(false);
    }
  }

  function leave(files: File[]) {
    settle(leaveOut(tray, files), leftOutAnnouncement(files));
  }

  const chooserFor = (files: File[]) => (
    <PlaceChooser
      files={files}
      existingPins={existingPins}
      sending={sending}
      progress={progress}
      onSend={(place) => void send(files, place)}
      onCancel={cancel}
    />
  );
  const one = tray.length === 1;

  return (
    <>
      <div role="status" className="sr-only">
        {announcement}
      </div>
      {tray.length > 0 && (
        <section
          aria-labelledby={headingId}
          className="flex flex-col gap-3 rounded-card border border-amber-300 bg-amber-50 p-3 sm:p-4"
        >
          <div>
            <h3
              id={headingId}
              ref={heading}
              tabIndex={-1}
              className="text-base font-semibold text-slate-900 focus-visible:outline-offset-4"
            >
              Unplaced
            </h3>
            <p className="text-sm text-slate-700">
              {one
                ? 'This file has no GPS location, so it is not on your map yet. Choose a place for it, or leave it out.'
                : `These ${tray.length} files have no GPS location, so they are not on your map yet. Choose a place for each, or leave them out.`}
            </p>
          </div>
          <ul
            aria-label="Unplaced files"
            className="flex flex-col divide-y divide-slate-100 rounded-control border border-slate-200 bg-white"
          >
            {tray.map(({ file, failure }) => {
              const choosing = chooser !== null && !chooser.forAll && chooser.files[0] === file;
              return (
                <li key={fileKey(file)} className="flex flex-col gap-3 p-2.5">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                    <FileThumb file={file} />
                    <div className="min-w-40 flex-1">
                      <p className="truncate text-sm font-medium text-slate-900">{file.name}</p>
                      {failure && (
                        <p className="text-sm text-danger-800 [overflow-wrap:anywhere]">{failure}</p>
                      )}
                    </div>
                    <div className="flex gap-2">
                      <Button
                        variant="secondary"
                        disabled={busy}
                        aria-label={`Choose a place for ${file.name}`}
                        aria-expanded={choosing}
                        onClick={(event) => open([file], false, event.currentTarget)}
                        className="px-3.5 text-sm"
                      >
                        Choose a place
                      </Button>
                      <Button
                        variant="ghost"
                        disabled={busy}
                        aria-label={`Leave out ${file.name}`}
                        onClick={() => leave([file])}
                        className="px-3 text-sm"
                      >
                        Leave out
                      </Button>
                    </div>
                  </div>
                  {choosing && chooserFor([file])}
                </li>
              );
            })}
          </ul>
          {!one && (
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                disabled={busy}
                aria-expanded={chooser?.forAll ?? false}
                onClick={(event) =>
                  open(
                    tray.map((entry) => entry.file),
                    true,
                    event.currentTarget,
                  )
                }
              >
                Choose a place for all {tray.length}
              </Button>
              <Button variant="ghost" disabled={busy} onClick={() => leave(tray.map((entry) => entry.file))}>
                Leave all out
              </Button>
            </div>
          )}
          {chooser?.forAll && chooserFor(chooser.files)}
        </section>
      )}
    </>
  );
}
