// The upload tab of the location dialog (SPEC.md §2, §4, §5): smart-detection settings, what the files'
// metadata say, 'When did you visit?' for an unsaved place with auto-detect date off, the uploader, the
// Upload button with its progress, and each file's verification afterwards. A quick upload that placed
// nothing keeps its files without GPS in the Unplaced tray here; once files are placed, the dialog's
// summary takes the tray over.
import { useEffect, useMemo, useRef, useState } from 'react';
import { UploadCloud } from 'lucide-react';
import {
  MEDIA_MESSAGES,
  hasCoordinates,
  visitDateError,
  type MediaMetadata,
  type Pin,
} from '@waymarks/shared';
import { describeError } from '../../../lib/api';
import { Alert } from '../../../components/ui/Alert';
import { VisitDateField } from '../../../components/VisitDateField';
import { readFileMetadata } from '../read-metadata';
import { addToTray, waitingFiles, type UnplacedFile } from '../unplaced';
import {
  DEFAULT_UPLOAD_SETTINGS,
  UploadRefused,
  captureDays,
  groupFiles,
  isQuickUpload,
  runUpload,
  type FileResult,
  type UploadOutcome,
  type UploadSettings,
  type UploadTarget,
} from '../upload-flow';
import { AutoDetectedCard, type DetectedSummary } from './AutoDetectedCard';
import { NAMED_PLACES, NO_PLACES, type DetectedPlaces } from '../detected-places';
import { FileDropzone } from './FileDropzone';
import { ProgressBar } from './ProgressBar';
import { SmartDetectionCard } from './SmartDetectionCard';
import { UnplacedTray } from './UnplacedTray';
import { RunReport, fileKey } from './UploadResults';
import { useUploadDeps } from './useUploadDeps';

/** Files a run could not send, with every file's outcome. */
export interface UploadLeftover {
  files: File[];
  results: FileResult[];
}

export function UploadPanel({
  target,
  existingPins,
  onUploaded,
  initial = null,
}: {
  /** The place; visitDate is ignored here (the panel has its own picker). */
  target: Omit<UploadTarget, 'visitDate'>;
  existingPins: readonly Pin[];
  /** After a run where every file went up: the pins they went to and each file's verification. */
  onUploaded: (outcome: UploadOutcome, leftover: UploadLeftover | null) => void;
  /** What a run left for the traveller when the panel had to start again (the place became a pin). */
  initial?: UploadLeftover | null;
}) {
  const { deps, refresh } = useUploadDeps(existingPins);
  const { placeAt } = deps;
  const [files, setFiles] = useState<File[]>(initial?.files ?? []);
  const [metadata, setMetadata] = useState<ReadonlyMap<File, MediaMetadata>>(new Map());
  const [detecting, setDetecting] = useState(false);
  const [places, setPlaces] = useState<DetectedPlaces>(NO_PLACES);
  const [settings, setSettings] = useState<UploadSettings>(DEFAULT_UPLOAD_SETTINGS);
  const [visitDate, setVisitDate] = useState('');
  const [dateError, setDateError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState(0);
  /** A refusal of the whole run (nothing selected, no GPS in quick upload, a pin not made). */
  const [error, setError] = useState<string | null>(null);
  const [results, setResults] = useState<FileResult[] | null>(
    initial?.results.length ? initial.results : null,
  );
  const [explain, setExplain] = useState<string | null>(null);
  /** A quick upload's files without GPS, waiting for a place; a new selection leaves them there. */
  const [tray, setTray] = useState<UnplacedFile[]>([]);
  const selection = useRef(0);
  const uploadButton = useRef<HTMLButtonElement>(null);

  const quick = isQuickUpload(target);
  const showDatePicker = !target.pin && !quick && !settings.autoDetectDate;
  const detectOn = settings.autoDetectDate || settings.autoVerifyLocation;

  function changeSelection(next: File[]) {
    // SPEC.md §4: changing the selection clears the error, the results and the auto-detect flag.
    selection.current += 1;
    setFiles(next);
    setError(null);
    setResults(null);
    setExplain(null);
    setPlaces(NO_PLACES);
  }

  // Auto-detect runs once per selection when date or location detection is on (SPEC.md §4).
  useEffect(() => {
    if (!detectOn || files.length === 0) return;
    const ticket = selection.current;
    const missing = files.filter((file) => !metadata.has(file));
    let cancelled = false;
    void (async () => {
      setDetecting(true);
      const read = await Promise.all(
        missing.map(async (file) => [file, await readFileMetadata(file)] as const),
      );
      if (cancelled || ticket !== selection.current) return;
      const all = new Map(metadata);
      for (const [file, meta] of read) all.set(file, meta);
      setMetadata(all);
      // The places the photos' own GPS names; the selected place's fallback group is not news.
      const groups = groupFiles(files, (file) => all.get(file), settings, target).filter((g) => !g.fallback);
      const names = await Promise.all(
        groups.slice(0, NAMED_PLACES).map(async ({ centre }) => (await placeAt(centre.lat, centre.lng)).name),
      );
      if (cancelled || ticket !== selection.current) return;
      setPlaces({ count: groups.length, names });
      setDetecting(false);
    })();
    return () => {
      cancelled = true;
      setDetecting(false);
    };
    // Runs for a new selection or when detection is switched on; metadata it writes itself is not a trigger.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [files, detectOn]);

  const summary: DetectedSummary | null = useMemo(() => {
    if (files.length === 0 || files.some((file) => !metadata.has(file))) return null;
    const metas = files.map((file) => metadata.get(file)!);
    const days = captureDays(metas);
    return {
      photos: files.filter((file) => !file.type.startsWith('video/')).length,
      videos: files.filter((file) => file.type.startsWith('video/')).length,
      withGps: metas.filter((meta) => hasCoordinates(meta.location)).length,
      firstDay: days[0] ?? null,
      lastDay: days.at(-1) ?? null,
      places,
    };
  }, [files, metadata, places]);

  const blockedReason =
    files.length === 0 ? MEDIA_MESSAGES.noFilesSelected : uploading ? MEDIA_MESSAGES.uploadInProgress : null;

  async function upload() {
    if (blockedReason) {
      setExplain(blockedReason);
      return;
    }
    const dateProblem = showDatePicker && visitDate ? visitDateError(visitDate) : null;
    setDateError(dateProblem);
    if (dateProblem) return;
    setUploading(true);
    setError(null);
    setResults(null);
    setExplain(null);
    setProgress(0);
    try {
      const outcome = await runUpload(
        files,
        settings,
        { ...target, visitDate: showDatePicker && visitDate ? visitDate : null },
        deps,
        setProgress,
        metadata,
      );
      const failed = outcome.results.filter((result) => !result.outcome.ok && !result.outcome.skipped);
      setResults(outcome.results);
      // Errors keep their files selected; the ones that went up, or were skipped, leave the selection, and
      // files without GPS go to the tray.
      const failedKeys = new Set(failed.map((result) => fileKey(result.file)));
      const remaining = files.filter((file) => failedKeys.has(fileKey(file)));
      setFiles(remaining);
      const waiting = addToTray(tray, waitingFiles(outcome.unplaced));
      setTray(waiting);
      await refresh();
      // With a failure the panel stays, showing what went up and what did not, the failed files kept; so
      // it does when nothing went up, every file skipped or failed, and nothing changed elsewhere.
      if (outcome.results.some((result) => result.outcome.ok)) {
        onUploaded(
          { ...outcome, unplaced: waiting },
          failed.length > 0 ? { files: remaining, results: outcome.results } : null,
        );
      }
    } catch (caught) {
      // Nothing had GPS to be placed by: the files wait in the tray rather than in the selection.
      if (caught instanceof UploadRefused && caught.unplaced.length > 0) {
        setTray(addToTray(tray, caught.unplaced));
        setFiles(files.filter((file) => !caught.unplaced.includes(file)));
      }
      // The server's words for a pin it would not make (a plan's limit); never an error's own text.
      setError(
        describeError(caught, MEDIA_MESSAGES.uploadFailed, (other) =>
          other instanceof UploadRefused ? other.message : MEDIA_MESSAGES.uploadFailed,
        ),
      );
    } finally {
      setUploading(false);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      {quick && (
        <p className="text-sm text-slate-700">
          Choose photos with GPS and each place they were taken becomes a pin on your map.
        </p>
      )}
      <SmartDetectionCard settings={settings} disabled={uploading} onChange={setSettings} />
      {detectOn && <AutoDetectedCard detecting={detecting} summary={summary} />}
      {showDatePicker && (
        <VisitDateField
          label="When did you visit?"
          value={visitDate}
          onChange={(value) => {
            setVisitDate(value);
            setDateError(null);
          }}
          error={dateError}
        />
      )}
      <FileDropzone
        files={files}
        metadata={metadata}
        disabled={uploading}
        onAdd={(added) => {
          const known = new Set(files.map(fileKey));
          changeSelection([...files, ...added.filter((file) => !known.has(fileKey(file)))]);
        }}
        onRemove={(file) => changeSelection(files.filter((candidate) => candidate !== file))}
      />
      {uploading && <ProgressBar value={progress} />}
      {error && <Alert tone="error">{error}</Alert>}
      {results && !uploading && <RunReport results={results} />}
      {quick && (
        <UnplacedTray
          tray={tray}
          existingPins={existingPins}
          onChange={(next) => {
            setTray(next);
            if (next.length === 0) uploadButton.current?.focus();
          }}
          // Files placed from here: the dialog sums up this run and the tray's together.
          onPlaced={(placed) =>
            onUploaded({ ...placed, results: [...(results ?? []), ...placed.results] }, null)
          }
          settings={settings}
          metadata={metadata}
          disabled={uploading}
        />
      )}
      <div className="flex flex-col gap-2">
        <button
          ref={uploadButton}
          type="button"
          aria-disabled={blockedReason ? true : undefined}
          aria-describedby={explain ? 'upload-blocked-reason' : undefined}
          onClick={upload}
          className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-control px-4 font-semibold text-white shadow-sm ${
            blockedReason
              ? 'cursor-not-allowed bg-brand-700/60'
              : 'bg-brand-700 hover:bg-brand-800 active:bg-brand-900'
          }`}
        >
          <UploadCloud aria-hidden="true" className="size-5" />
          {uploading
            ? 'Uploading…'
            : quick
              ? 'Upload & Auto-Detect'
              : `Upload ${files.length > 0 ? `${files.length} ${files.length === 1 ? 'file' : 'files'}` : ''}`.trim()}
        </button>
        {explain && (
          <p
            id="upload-blocked-reason"
            role="status"
            className="rounded-control bg-slate-900 px-3 py-2 text-sm text-white"
          >
            {explain}
          </p>
        )}
      </div>
    </div>
  );
}
