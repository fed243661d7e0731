// The profile's Imported travels: the way to /import, and each past import with its files, its date, what
// it found and made, and an Undo for a saved one (an import not saved yet is reviewed on /import).
import { useState } from 'react';
import { Link } from 'react-router';
import { FileUp } from 'lucide-react';
import { IMPORT_FORMAT_NAMES, type ImportSummary } from '@waymarks/shared';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { Card } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { isWaiting, useImportList } from '../api/imports';
import { IMPORT_TEXTS, doneText, placesCount } from '../messages';
import { formatDay } from '../place-format';
import { UndoImportDialog } from './UndoImportDialog';

const STATUS_NAMES: Record<ImportSummary['status'], string> = {
  uploading: 'Uploading',
  reading: 'Being read',
  ready: 'Waiting for your choice',
  committing: 'Being added to your map',
  done: 'Added to your map',
  failed: 'Could not be read',
  undone: 'Undone',
};

function figures(summary: ImportSummary): string {
  if (summary.status === 'done') return doneText(summary.created, summary.matched);
  if (summary.status === 'ready') return `${placesCount(summary.places)} found.`;
  if (summary.status === 'failed') return summary.error?.message ?? '';
  return '';
}

export function ImportHistory() {
  const list = useImportList();
  const [undoing, setUndoing] = useState<ImportSummary | null>(null);
  const [news, setNews] = useState<string | null>(null);

  return (
    <Card as="section" aria-labelledby="import-history-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="import-history-title" className="text-title font-semibold text-slate-900">
          {IMPORT_TEXTS.historyTitle}
        </h2>
        <ButtonLink to="/import" variant="secondary">
          <FileUp aria-hidden="true" className="size-4" />
          {IMPORT_TEXTS.title}
        </ButtonLink>
      </div>
      <div aria-live="polite" className="empty:hidden">
        {news && <Alert tone="success">{news}</Alert>}
      </div>
      {list.isPending ? (
        <Spinner label="Loading your imports…" className="size-5 text-brand-700" />
      ) : list.isError ? (
        <Alert tone="error">{IMPORT_TEXTS.historyFailed}</Alert>
      ) : list.data.length === 0 ? (
        <p className="text-sm text-slate-600">{IMPORT_TEXTS.historyEmpty}</p>
      ) : (
        <ul aria-label="Your imports" className="flex flex-col divide-y divide-slate-100">
          {list.data.map((summary) => (
            <li key={summary.importId} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center">
              <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">
                  {summary.fileNames.join(', ')}
                </p>
                <p className="text-xs text-slate-600">
                  {[
                    formatDay(summary.createdAt.slice(0, 10)),
                    summary.format && IMPORT_FORMAT_NAMES[summary.format],
                    STATUS_NAMES[summary.status],
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                {figures(summary) && <p className="text-sm text-slate-700">{figures(summary)}</p>}
              </div>
              {summary.status === 'done' ? (
                <Button
                  variant="secondary"
                  className="self-start px-4 sm:self-auto"
                  aria-label={`${IMPORT_TEXTS.undo} the import of ${summary.fileNames.join(', ')}`}
                  onClick={() => {
                    setNews(null);
                    setUndoing(summary);
                  }}
                >
                  {IMPORT_TEXTS.undo}
                </Button>
              ) : (
                isWaiting(summary) && (
                  <Link
                    to={`/import?id=${encodeURIComponent(summary.importId)}`}
                    className="self-start text-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800 sm:self-auto"
                  >
                    {summary.status === 'ready' ? IMPORT_TEXTS.review : IMPORT_TEXTS.inProgress}
                  </Link>
                )
              )}
            </li>
          ))}
        </ul>
      )}
      {undoing && (
        <UndoImportDialog
          summary={undoing}
          onClose={() => setUndoing(null)}
          onUndone={(text) => {
            setUndoing(null);
            setNews(text);
          }}
        />
      )}
    </Card>
  );
}
