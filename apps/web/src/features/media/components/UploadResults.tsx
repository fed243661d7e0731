// Each file of an upload run with where it went and its verification (SPEC.md §4: the verification
// results are shown after an upload), or why it was refused, at upload or afterwards when its pixels
// turned out unreadable.
import { BadgeCheck, CircleAlert } from 'lucide-react';
import { useRefusals } from '../api/media';
import { REFUSED_WITHOUT_REASON } from '../messages';
import type { FileResult } from '../upload-flow';

export const fileKey = (file: File) => `${file.name}|${file.size}|${file.lastModified}`;

/** The line under the file name, and whether it is good news. */
function describe(
  { pinTitle, outcome }: FileResult,
  refusals: ReadonlyMap<string, string | null>,
): { ok: boolean; text: string } {
  if (!outcome.ok) return { ok: false, text: outcome.message };
  const { mediaId, verification } = outcome.uploaded;
  if (refusals.has(mediaId)) return { ok: false, text: refusals.get(mediaId) ?? REFUSED_WITHOUT_REASON };
  const status = verification.status === 'verified' ? 'Verified' : 'Unverified';
  return { ok: true, text: `${pinTitle} · ${status} · ${verification.score}/100` };
}

export function UploadResults({ results }: { results: readonly FileResult[] }) {
  const refusals = useRefusals(
    results.flatMap(({ outcome }) => (outcome.ok ? [outcome.uploaded.pin.pinId] : [])),
  );
  return (
    <ul
      aria-label="Upload results"
      className="flex flex-col divide-y divide-slate-100 rounded-control border border-slate-200 text-sm"
    >
      {results.map((result) => {
        const { ok, text } = describe(result, refusals);
        const verified = result.outcome.ok && result.outcome.uploaded.verification.status === 'verified';
        return (
          <li key={fileKey(result.file)} className="flex items-start gap-2 px-3 py-2">
            {ok ? (
              <BadgeCheck
                aria-hidden="true"
                className={`mt-0.5 size-4 shrink-0 ${verified ? 'text-violet-700' : 'text-slate-400'}`}
              />
            ) : (
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger-700" />
            )}
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-slate-900">{result.file.name}</p>
              <p className="text-slate-600">{text}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
