// /import (issue 26): choose a location history (drop it or pick it, with help per source), watch it go up
// and be read with real progress bars (either can be cancelled), then choose from the preview the places
// the plan has room for, save them, and see the result. The import being looked at is in the URL
// (?id=…), so a reload, or 'Review' in the profile's history, comes back to it.
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import {
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  IMPORT_PRIVACY_TEXT,
  getTier,
  importMaxBytes,
  importTooLargeMessage,
  type ImportSummary,
} from '@waymarks/shared';
import { useApi } from '../../../app/auth/useApi';
import { useAuth } from '../../../app/auth/useAuth';
import { describeError } from '../../../lib/api';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { Card } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { usePins } from '../../pins';
import {
  importKeys,
  isWaiting,
  refreshAfterImport,
  useCommitImport,
  useDeleteImport,
  useImportList,
  useImportPreview,
  useImportSummary,
} from '../api/imports';
import { PutUnreachable, putFile } from '../api/put-file';
import { IMPORT_TEXTS, doneText, readSoFar, waitingText } from '../messages';
import { pinRoom } from '../selection';
import { isAbort, uploadImport, type ImportUploadDeps } from '../upload-flow';
import { ImportDropzone } from './ImportDropzone';
import { ImportPreviewPanel } from './ImportPreviewPanel';
import { ImportProgress, readPercent } from './ImportProgress';
import { SourceHelp } from './SourceHelp';

type Notice = { tone: 'error' | 'info'; text: string };

/** Why files chosen cannot be imported, before anything goes up; null when they can. */
function refusalOf(files: readonly File[], limitBytes: number): string | null {
  if (files.length > IMPORT_LIMITS.maxFiles) return IMPORT_MESSAGES.tooManyFiles;
  if (files.some((file) => file.size === 0)) return IMPORT_MESSAGES.emptyFile;
  const tooLarge = files.find((file) => file.size > limitBytes);
  return tooLarge ? importTooLargeMessage(tooLarge.size, limitBytes) : null;
}

function uploadErrorText(error: unknown): string {
  if (error instanceof PutUnreachable) return IMPORT_TEXTS.uploadUnreachable;
  // A busy import (409) or a file the plan cannot take (413): the server's own sentence.
  return describeError(error, IMPORT_TEXTS.uploadFailed, IMPORT_TEXTS.uploadUnreachable);
}

export function ImportScreen() {
  const api = useApi();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const importId = searchParams.get('id');
  const [upload, setUpload] = useState<{
    percent: number;
    controller: AbortController;
    cancelling: boolean;
  } | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const summary = useImportSummary(upload ? null : importId);
  const remove = useDeleteImport();
  const status = summary.data?.status;
  const stageRef = useRef<HTMLDivElement>(null);

  // Leaving the page cancels an upload under way (the flow then removes the import, so it blocks no next
  // one); what the upload settles to afterwards is not shown, nor put in another page's URL.
  const live = useRef<{ mounted: boolean; upload: AbortController | null }>({ mounted: true, upload: null });
  useEffect(() => {
    const current = live.current;
    current.mounted = true;
    return () => {
      current.mounted = false;
      current.upload?.abort();
    };
  }, []);

  const deps: ImportUploadDeps = {
    uploadUrl: (body) => api('importUploadUrl', { body }),
    put: (url, file, options) => putFile(url, file, options),
    complete: (id) => api('completeImport', { params: { importId: id } }),
    remove: (id) => api('deleteImport', { params: { importId: id }, query: { photos: 'keep' } }),
  };

  // Each new stage takes the focus, so the keyboard and a screen reader start from what it shows.
  const stage = upload ? 'uploading' : (status ?? (importId ? 'loading' : 'choose'));
  const firstStage = useRef(true);
  useEffect(() => {
    if (firstStage.current) {
      firstStage.current = false;
      return;
    }
    stageRef.current?.focus();
  }, [stage]);

  const startOver = (next: Notice | null = null) => {
    setNotice(next);
    setSearchParams({}, { replace: true });
  };

  function choose(files: File[]) {
    if (!user) return;
    const refused = refusalOf(files, importMaxBytes(getTier(user.tier).storageGB));
    if (refused) {
      setNotice({ tone: 'error', text: refused });
      return;
    }
    setNotice(null);
    const controller = new AbortController();
    live.current.upload = controller;
    setUpload({ percent: 0, controller, cancelling: false });
    uploadImport(files, deps, {
      onProgress: (percent) => setUpload((current) => current && { ...current, percent }),
      // In the URL from the start: a reload mid-upload comes back to this import, to cancel it.
      onStarted: (id) => {
        if (live.current.mounted) setSearchParams({ id }, { replace: true });
      },
      signal: controller.signal,
    })
      .finally(() => {
        live.current.upload = null;
      })
      .then(
        (answer: ImportSummary) => {
          if (!live.current.mounted) return;
          queryClient.setQueryData(importKeys.one(answer.importId), answer);
          setUpload(null);
          setSearchParams({ id: answer.importId }, { replace: true });
        },
        (error: unknown) => {
          if (!live.current.mounted) return;
          setUpload(null);
          // The flow has removed the import.
          setSearchParams({}, { replace: true });
          if (isAbort(error)) setNotice({ tone: 'info', text: IMPORT_TEXTS.cancelled });
          else setNotice({ tone: 'error', text: uploadErrorText(error) });
        },
      );
  }

  function cancelImport() {
    if (!importId) return;
    remove.mutate(
      { importId },
      {
        onSuccess: () => startOver({ tone: 'info', text: IMPORT_TEXTS.cancelled }),
        onError: (error) =>
          setNotice({ tone: 'error', text: describeError(error, IMPORT_TEXTS.cancelFailed) }),
      },
    );
  }

  // A save that has finished: everything showing the traveller's places follows at once (once per import).
  const refreshed = useRef<string | null>(null);
  useEffect(() => {
    if (status !== 'done' || !importId || refreshed.current === importId) return;
    refreshed.current = importId;
    void refreshAfterImport(queryClient);
  }, [status, importId, queryClient]);

  return (
    <div className="flex flex-col gap-5">
      <ButtonLink to="/dashboard" variant="ghost" className="-ml-4 self-start">
        <ArrowLeft aria-hidden="true" className="size-5" />
        Back to Dashboard
      </ButtonLink>
      <div className="flex flex-col gap-2">
        <h1 className="text-display font-bold text-slate-900">{IMPORT_TEXTS.title}</h1>
        <p className="text-slate-700">{IMPORT_TEXTS.intro}</p>
      </div>
      <div aria-live="polite" className="empty:hidden">
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      </div>
      <Card as="div" ref={stageRef} tabIndex={-1} className="flex flex-col gap-5 outline-none">
        {upload ? (
          <ImportProgress
            label={IMPORT_TEXTS.uploading}
            percent={upload.percent}
            cancelling={upload.cancelling}
            onCancel={() => {
              setUpload({ ...upload, cancelling: true });
              upload.controller.abort();
            }}
          />
        ) : !importId ? (
          <>
            <WaitingImports />
            <ImportDropzone onChoose={choose} />
            <SourceHelp />
          </>
        ) : summary.isPending ? (
          <Spinner label="Loading your import…" className="size-6 text-brand-700" />
        ) : summary.isError ? (
          <Failed
            text={describeError(summary.error, IMPORT_TEXTS.statusFailed)}
            onRetry={() => startOver()}
          />
        ) : (
          <Stage
            summary={summary.data}
            cancelling={remove.isPending}
            onCancel={cancelImport}
            onStartOver={() => startOver()}
          />
        )}
      </Card>
      <p className="text-sm text-slate-600">{IMPORT_PRIVACY_TEXT}</p>
    </div>
  );
}

/** An import not finished yet (one at a time may be under way): the way back to it. */
function WaitingImports() {
  const list = useImportList();
  const waiting = (list.data ?? []).filter((each) => isWaiting(each));
  if (waiting.length === 0) return null;
  return (
    <Alert tone="info">
      <ul className="flex flex-col gap-1">
        {waiting.map((each) => (
          <li key={each.importId}>
            {waitingText(each.fileNames.join(', '))}{' '}
            <Link
              to={`/import?id=${encodeURIComponent(each.importId)}`}
              className="font-semibold underline underline-offset-4"
            >
              {each.status === 'ready' ? IMPORT_TEXTS.review : IMPORT_TEXTS.inProgress}
            </Link>
          </li>
        ))}
      </ul>
    </Alert>
  );
}

function Failed({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-start gap-3">
      <Alert tone="error">{text}</Alert>
      <Button onClick={onRetry}>{IMPORT_TEXTS.tryAnother}</Button>
    </div>
  );
}

/** What an import that exists shows, by its status. */
function Stage({
  summary,
  cancelling,
  onCancel,
  onStartOver,
}: {
  summary: ImportSummary;
  cancelling: boolean;
  onCancel: () => void;
  onStartOver: () => void;
}) {
  const { progress } = summary;
  switch (summary.status) {
    case 'reading':
      return (
        <ImportProgress
          label={IMPORT_TEXTS.reading}
          percent={readPercent(progress.bytesRead, progress.bytesTotal)}
          detail={readSoFar(progress.points, progress.stays)}
          cancelling={cancelling}
          onCancel={onCancel}
        />
      );
    case 'uploading':
      return (
        <div className="flex flex-col items-start gap-3">
          <Alert tone="info">{IMPORT_TEXTS.notFinished}</Alert>
          <Button variant="secondary" busy={cancelling} onClick={onCancel}>
            {IMPORT_TEXTS.cancel}
          </Button>
        </div>
      );
    case 'failed':
      return <Failed text={summary.error?.message ?? IMPORT_TEXTS.readFailed} onRetry={onStartOver} />;
    case 'ready':
      return <Preview summary={summary} cancelling={cancelling} onCancel={onCancel} />;
    case 'committing':
      return <Spinner label={IMPORT_TEXTS.saving} className="size-6 text-brand-700" />;
    case 'done':
      return (
        <div className="flex flex-col items-start gap-3">
          <Alert tone="success">{doneText(summary.created, summary.matched)}</Alert>
          <div className="flex flex-wrap gap-2">
            <ButtonLink to="/dashboard">{IMPORT_TEXTS.viewMap}</ButtonLink>
            <Button variant="secondary" onClick={onStartOver}>
              {IMPORT_TEXTS.anotherImport}
            </Button>
          </div>
        </div>
      );
    case 'undone':
      return <Failed text={IMPORT_TEXTS.undoneAlready} onRetry={onStartOver} />;
  }
}

/** A read import: its places to choose from, against the room the plan leaves. */
function Preview({
  summary,
  cancelling,
  onCancel,
}: {
  summary: ImportSummary;
  cancelling: boolean;
  onCancel: () => void;
}) {
  const { user } = useAuth();
  const pins = usePins();
  const preview = useImportPreview(summary.importId, true);
  const commit = useCommitImport(summary.importId);

  if (preview.isError || pins.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <Alert tone="error">{describeError(preview.error ?? pins.error, IMPORT_TEXTS.previewFailed)}</Alert>
        <Button variant="secondary" onClick={() => void Promise.all([preview.refetch(), pins.refetch()])}>
          {IMPORT_TEXTS.tryAgain}
        </Button>
      </div>
    );
  }
  if (!user || !preview.data || !pins.data) {
    return <Spinner label="Loading the places found…" className="size-6 text-brand-700" />;
  }
  const plan = getTier(user.tier);
  return (
    <>
      <ImportPreviewPanel
        preview={preview.data}
        room={pinRoom(plan.maxPins, pins.data.length)}
        planName={plan.name}
        saving={commit.isPending}
        saveError={commit.error ? describeError(commit.error, IMPORT_TEXTS.commitFailed) : null}
        onSave={(placeKeys) => commit.mutate(placeKeys)}
      />
      <Button variant="ghost" className="self-start" busy={cancelling} onClick={onCancel}>
        {IMPORT_TEXTS.cancel}
      </Button>
    </>
  );
}
