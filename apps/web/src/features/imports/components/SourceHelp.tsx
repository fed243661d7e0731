// 'Where do I find my file?': one short disclosure per source, each opened with the keyboard as any
// <details>.
import { CircleHelp } from 'lucide-react';
import { IMPORT_TEXTS } from '../messages';
import { IMPORT_SOURCES } from '../sources';

export function SourceHelp() {
  return (
    <section aria-labelledby="import-help-title" className="flex flex-col gap-2">
      <h2 id="import-help-title" className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <CircleHelp aria-hidden="true" className="size-5 text-brand-700" />
        {IMPORT_TEXTS.helpTitle}
      </h2>
      <ul className="flex flex-col divide-y divide-slate-100 rounded-control border border-slate-200 bg-white">
        {IMPORT_SOURCES.map((source) => (
          <li key={source.id}>
            <details className="group">
              <summary className="flex min-h-11 cursor-pointer items-center px-3.5 text-sm font-semibold text-slate-800 hover:bg-slate-50">
                {source.name}
              </summary>
              <p className="px-3.5 pb-3 text-sm text-slate-700">{source.steps}</p>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
