// Each file of an upload run with where it went and its verification (SPEC.md §4: the verification
// results are shown after an upload), or why it was refused.
import { BadgeCheck, CircleAlert } from 'lucide-react';
import type { FileResult } from '../upload-flow';

export const fileKey = (file: File) => `${file.name}|${file.size}|${file.lastModified}`;

export function UploadResults({ results }: { results: readonly FileResult[] }) {
  return (
    <ul
      aria-label="Upload results"
      className="flex flex-col divide-y divide-slate-100 rounded-control border border-slate-200 text-sm"
    >
      {results.map(({ file, pinTitle, outcome }) => (
        <li key={fileKey(file)} className="flex items-start gap-2 px-3 py-2">
          {outcome.ok ? (
            <BadgeCheck
              aria-hidden="true"
              className={`mt-0.5 size-4 shrink-0 ${outcome.uploaded.verification.status === 'verified' ? 'text-violet-700' : 'text-slate-400'}`}
            />
          ) : (
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger-700" />
          )}
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-slate-900">{file.name}</p>
            <p className="text-slate-600">
              {outcome.ok
                ? `${pinTitle} · ${outcome.uploaded.verification.status === 'verified' ? 'Verified' : 'Unverified'} · ${outcome.uploaded.verification.score}/100`
                : outcome.message}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
