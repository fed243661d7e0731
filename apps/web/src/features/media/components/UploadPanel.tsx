// The upload tab of the location dialog (SPEC.md §2, §4, §5): smart-detection settings, what the files'
// metadata say, 'When did you visit?' for an unsaved place with auto-detect date off, the uploader, the
// Upload button with its progress, and each file's verification afterwards.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { UploadCloud } from 'lucide-react';
import {
  MEDIA_MESSAGES,
  hasCoordinates,
  visitDateError,
  type MediaMetadata,
  type Pin,
} from '@waymarks/shared';
import { useApi } from '../../../app/auth/useApi';
import { describeError } from '../../../lib/api';
import { Alert } from '../../../components/ui/Alert';
import { VisitDateField } from '../../../components/VisitDateField';
import { refreshPinFigures } from '../../pins';
import { placeFromReverse, placeWhenLookupFails, usePlaceLookups } from '../../places';
import { mediaKeys } from '../api/media';
import { uploadOneFile } from '../api/upload';
import { contentHashOf } from '../content-hash';
import { readFileMetadata } from '../read-metadata';
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
import { SmartDetectionCard } from './SmartDetectionCard';
import { RunReport, fileKey } from './UploadResults';

function ProgressBar({ value }: { value: number }) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex justify-between text-sm font-medium text-slate-800">
        <span id="upload-progress-label">Uploading…</span>
        <span className="tabular-nums">{value}%</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="upload-progress-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="h-2.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-700 transition-[width]" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}

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
  const api = useApi();
  const queryClient = useQueryClient();
  const { reverse } = usePlaceLookups();
  // A group's place is named like a clicked point: town, else region, else country (SPEC.md §8 fallback).
  const placeAt = (lat: number, lng: number) =>
    reverse(lat, lng).then(
      (found) => placeFromReverse(lat, lng, found),
      () => placeWhenLookupFails(lat, lng),
    );
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
  const [results, setResults] = useState<FileResult[] | null>(initial?.results ?? null);
  const [explain, setExplain] = useState<string | null>(null);
  const selection = useRef(0);

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
        {
          readMetadata: readFileMetadata,
          placeAt,
          createPin: async (body) => (await api('createPin', { body })).pin,
          deletePin: (pinId) => api('deletePin', { params: { pinId } }),
          contentHash: contentHashOf,
          uploadFile: (pinId, file, meta, hash) => uploadOneFile(api, pinId, file, meta, hash),
          existingPins,
        },
        setProgress,
        metadata,
      );
      const failed = outcome.results.filter((result) => !result.outcome.ok && !result.outcome.skipped);
      setResults(outcome.results);
      // Errors keep their files selected; the ones that went up, or were skipped, leave the selection.
      const failedKeys = new Set(failed.map((result) => fileKey(result.file)));
      const remaining = files.filter((file) => failedKeys.has(fileKey(file)));
      setFiles(remaining);
      await Promise.all([
        refreshPinFigures(queryClient),
        queryClient.invalidateQueries({ queryKey: mediaKeys.all }),
      ]);
      // With a failure the panel stays, showing what went up and what did not, the failed files kept; so
      // it does when nothing went up, every file skipped or failed, and nothing changed elsewhere.
      if (outcome.results.some((result) => result.outcome.ok)) {
        onUploaded(outcome, failed.length > 0 ? { files: remaining, results: outcome.results } : null);
      }
    } catch (caught) {
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
      <div className="flex flex-col gap-2">
        <button
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
