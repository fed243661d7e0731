// Each file of an upload run with where it went and its verification (SPEC.md §4: the verification
// results are shown after an upload), or why it was refused, at upload or afterwards when its pixels
// turned out unreadable: one sentence naming the file (refusals.ts); or, quietly, that it was skipped as
// the traveller keeps it already ('IMG_1.jpg: Already in Lisbon'). RunReport adds the alert of a run with
// failures, so that each failure is said once; a skipped file is no failure.
import { BadgeCheck, CircleAlert, CopyCheck } from 'lucide-react';
import { Alert } from '../../../components/ui/Alert';
import { useRefusals } from '../api/media';
import { refusedAfterUpload } from '../refusals';
import type { FileResult } from '../upload-flow';

export const fileKey = (file: File) => `${file.name}|${file.size}|${file.lastModified}`;

/** What a row says: a file that went up by name with its place and verification, else why not. */
type Line =
  { ok: true; verified: boolean; text: string } | { ok: false; text: string; named: boolean; skipped?: true };

function describe(
  { file, pinTitle, outcome }: FileResult,
  refusals: ReadonlyMap<string, string | null>,
  refusalsShownElsewhere: boolean,
): Line {
  if (!outcome.ok) {
    return { ok: false, text: outcome.message, named: true, ...(outcome.skipped ? { skipped: true } : {}) };
  }
  const { mediaId, verification } = outcome.uploaded;
  if (refusals.has(mediaId)) {
    // The gallery below lists it with its reason and a way to remove it: said there, once.
    return refusalsShownElsewhere
      ? { ok: false, text: 'Not kept', named: false }
      : { ok: false, text: refusedAfterUpload(file, refusals.get(mediaId) ?? null), named: true };
  }
  const verified = verification.status === 'verified';
  const status = verified ? 'Verified' : 'Unverified';
  return { ok: true, verified, text: `${pinTitle} · ${status} · ${verification.score}/100` };
}

export function UploadResults({
  results,
  refusalsShownElsewhere = false,
}: {
  results: readonly FileResult[];
  /** A file refused after its upload is only marked 'Not kept' here: its reason is shown elsewhere. */
  refusalsShownElsewhere?: boolean;
}) {
  const refusals = useRefusals(
    results.flatMap(({ outcome }) => (outcome.ok ? [outcome.uploaded.pin.pinId] : [])),
  );
  return (
    <ul
      aria-label="Upload results"
      className="flex flex-col divide-y divide-slate-100 rounded-control border border-slate-200 text-sm"
    >
      {results.map((result) => {
        const line = describe(result, refusals, refusalsShownElsewhere);
        return (
          <li key={fileKey(result.file)} className="flex items-start gap-2 px-3 py-2">
            {line.ok ? (
              <BadgeCheck
                aria-hidden="true"
                className={`mt-0.5 size-4 shrink-0 ${line.verified ? 'text-violet-700' : 'text-slate-400'}`}
              />
            ) : line.skipped ? (
              <CopyCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
            ) : (
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger-700" />
            )}
            {!line.ok && line.named ? (
              <p className="min-w-0 flex-1 text-slate-800 [overflow-wrap:anywhere]">{line.text}</p>
            ) : (
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-slate-900">{result.file.name}</p>
                <p className={line.ok ? 'text-slate-600' : 'text-danger-800'}>{line.text}</p>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The failures of a run, each said once: when every file failed, their sentences (each names its file)
 * are the alert and no list follows; otherwise the alert counts them and the list says why for each.
 */
export function RunReport({ results }: { results: readonly FileResult[] }) {
  const failed = results.flatMap(({ outcome }) => (outcome.ok || outcome.skipped ? [] : [outcome.message]));
  if (failed.length > 0 && failed.length === results.length) {
    return (
      <Alert tone="error">
        {failed.length === 1 ? (
          failed[0]
        ) : (
          <ul className="flex flex-col gap-1">
            {failed.map((message, index) => (
              <li key={index}>{message}</li>
            ))}
          </ul>
        )}
      </Alert>
    );
  }
  return (
    <>
      {failed.length > 0 && (
        <Alert tone="error">{`${failed.length} of ${results.length} files could not be uploaded.`}</Alert>
      )}
      <UploadResults results={results} />
    </>
  );
}
