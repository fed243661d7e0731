// The profile's "Share your travels" (issue 27): off until the traveller turns it on, with what the page
// is; on, its link (copy, open, a new link, turn off), Share and the story picture, and what it shows, each
// choice saved at once and taken back with a message when the save fails. /profile#share lands here.
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Download, Power, RefreshCw, RotateCw, Share2 } from 'lucide-react';
import { SHARE_MESSAGES } from '@waymarks/shared';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { describeError } from '../../../lib/api';
import {
  useRegenerateShare,
  useSetSharing,
  useShareSettings,
  useUpdateShareChoices,
  type ShareChoices as Choices,
} from '../api/share';
import { absoluteUrl, browserShare } from '../browser-share';
import { SHARE_TEXTS } from '../messages';
import { downloadPicture } from '../share-flow';
import { ConfirmButton } from './ConfirmButton';
import { ShareButton } from './ShareButton';
import { ShareChoices } from './ShareChoices';
import { ShareLink } from './ShareLink';

/** /profile#share (the Share button while the page is off): the section scrolled to and focused. */
function useLandHere(ready: boolean) {
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!ready || hash !== '#share') return;
    section.current?.scrollIntoView?.({ block: 'start' });
    section.current?.focus({ preventScroll: true });
  }, [ready, hash]);
  return section;
}

function StoryPictureButton({ url }: { url: string }) {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  async function download() {
    setNote(null);
    setBusy(true);
    const done = await downloadPicture(url, 'story', browserShare).then(
      () => true,
      () => false,
    );
    setBusy(false);
    setNote(
      done
        ? { tone: 'success', text: SHARE_TEXTS.storyDone }
        : { tone: 'error', text: SHARE_TEXTS.pictureFailed },
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <Button variant="secondary" busy={busy} onClick={() => void download()} className="self-start">
        {!busy && <Download aria-hidden="true" className="size-4" />}
        {SHARE_TEXTS.story}
      </Button>
      <div aria-live="polite" className="empty:hidden">
        {note && <Alert tone={note.tone}>{note.text}</Alert>}
      </div>
    </div>
  );
}

export function ShareSection() {
  const share = useShareSettings();
  const setSharing = useSetSharing();
  const regenerate = useRegenerateShare();
  const choices = useUpdateShareChoices();
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const [news, setNews] = useState<string | null>(null);
  const section = useLandHere(share.isSuccess);

  function change(changes: Choices) {
    setChoiceError(null);
    choices.mutate(changes, {
      onError: (error) => setChoiceError(describeError(error, SHARE_TEXTS.saveFailed)),
    });
  }

  function turnOn() {
    setNews(null);
    setSharing.mutate(true);
  }

  const settings = share.data;
  const on = settings?.enabled === true && settings.url !== null;

  return (
    <Card
      as="section"
      id="share"
      ref={section}
      tabIndex={-1}
      aria-labelledby="share-title"
      className="flex scroll-mt-6 flex-col gap-5 outline-none"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="share-title" className="text-title font-semibold text-slate-900">
          {SHARE_TEXTS.title}
        </h2>
        {choices.isPending && (
          <span className="inline-flex items-center gap-2 text-sm text-slate-600">
            <Spinner className="size-4" />
            {SHARE_TEXTS.saving}
          </span>
        )}
      </div>
      {share.isPending ? (
        <Spinner label={SHARE_TEXTS.loading} className="size-5 text-brand-700" />
      ) : share.isError ? (
        <div className="flex flex-col items-start gap-3">
          <Alert tone="error">{SHARE_TEXTS.loadFailed}</Alert>
          <Button variant="secondary" onClick={() => void share.refetch()} busy={share.isFetching}>
            {!share.isFetching && <RotateCw aria-hidden="true" className="size-4" />}
            {SHARE_TEXTS.retry}
          </Button>
        </div>
      ) : !on ? (
        <div className="flex flex-col items-start gap-4">
          <p className="text-sm text-slate-700">{SHARE_TEXTS.offIntro}</p>
          <p className="text-sm text-slate-600">{SHARE_MESSAGES.privacy}</p>
          <Button busy={setSharing.isPending} onClick={turnOn}>
            {!setSharing.isPending && <Share2 aria-hidden="true" className="size-4" />}
            {setSharing.isPending ? SHARE_TEXTS.turningOn : SHARE_TEXTS.turnOn}
          </Button>
          <div aria-live="assertive" className="self-stretch empty:hidden">
            {setSharing.isError && (
              <Alert tone="error">{describeError(setSharing.error, SHARE_TEXTS.turnOnFailed)}</Alert>
            )}
          </div>
        </div>
      ) : (
        <>
          <p className="text-sm text-slate-700">{SHARE_TEXTS.onIntro}</p>
          <ShareLink link={absoluteUrl(settings.url!)} />
          <div aria-live="polite" className="empty:hidden">
            {news && <Alert tone="success">{news}</Alert>}
          </div>
          <div className="flex flex-wrap gap-2">
            <ShareButton />
            <StoryPictureButton url={settings.url!} />
          </div>
          <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-5">
            <ConfirmButton
              title={SHARE_TEXTS.regenerateTitle}
              question={SHARE_TEXTS.regenerateQuestion}
              confirm={SHARE_TEXTS.regenerateConfirm}
              keep={SHARE_TEXTS.keepLink}
              busy={regenerate.isPending}
              onOpen={regenerate.reset}
              error={regenerate.error && describeError(regenerate.error, SHARE_TEXTS.regenerateFailed)}
              onConfirm={() =>
                regenerate.mutateAsync().then(
                  () => {
                    setNews(SHARE_TEXTS.regenerated);
                    return true;
                  },
                  () => false,
                )
              }
            >
              <RefreshCw aria-hidden="true" className="size-4" />
              {SHARE_TEXTS.regenerate}
            </ConfirmButton>
            <ConfirmButton
              danger
              title={SHARE_TEXTS.turnOffTitle}
              question={SHARE_TEXTS.turnOffQuestion}
              confirm={SHARE_TEXTS.turnOffConfirm}
              keep={SHARE_TEXTS.keep}
              busy={setSharing.isPending}
              onOpen={setSharing.reset}
              error={setSharing.error && describeError(setSharing.error, SHARE_TEXTS.turnOffFailed)}
              onConfirm={() =>
                setSharing.mutateAsync(false).then(
                  () => {
                    setNews(null);
                    return true;
                  },
                  () => false,
                )
              }
            >
              <Power aria-hidden="true" className="size-4" />
              {SHARE_TEXTS.turnOff}
            </ConfirmButton>
          </div>
          <div className="flex flex-col gap-5 border-t border-slate-100 pt-5">
            <ShareChoices settings={settings} onChange={change} />
            <div aria-live="assertive" className="empty:hidden">
              {choiceError && <Alert tone="error">{choiceError}</Alert>}
            </div>
            <p className="text-sm text-slate-600">{SHARE_MESSAGES.privacy}</p>
          </div>
        </>
      )}
    </Card>
  );
}
