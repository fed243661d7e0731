// Share: with the travel page on, its picture and link go to the device's share sheet, or the picture is
// downloaded and the link copied where the device cannot share files; with it off, the profile's section
// where it is turned on. The dashboard header shapes the button (`className`) to stand with its own.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Share2, X } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { useShareSettings } from '../api/share';
import { absoluteUrl, browserShare } from '../browser-share';
import { fallbackText, SHARE_TEXTS } from '../messages';
import { shareTravelPage } from '../share-flow';

/** How long the header's note of what happened stays before it folds away. */
const NOTE_MS = 8000;

export function ShareButton({
  className,
  labelClassName = '',
  floatingNote = false,
}: {
  /** The button's own classes (the header's); by default a secondary Button. */
  className?: string;
  /** Classes of the label "Share", e.g. read aloud only on a phone. */
  labelClassName?: string;
  /** The note of what happened floats under the button (in the header) rather than following it. */
  floatingNote?: boolean;
}) {
  const share = useShareSettings();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);

  useEffect(() => {
    if (!note || !floatingNote) return;
    const timer = setTimeout(() => setNote(null), NOTE_MS);
    return () => clearTimeout(timer);
  }, [note, floatingNote]);

  async function start() {
    setNote(null);
    const settings = share.data ?? (await share.refetch()).data;
    if (!settings?.enabled || !settings.url) {
      navigate('/profile#share');
      return;
    }
    setBusy(true);
    try {
      const outcome = await shareTravelPage(
        settings.url,
        absoluteUrl(settings.url),
        SHARE_TEXTS.shareTitle,
        browserShare,
      );
      if (outcome.kind === 'fallback') setNote(fallbackText(outcome.downloaded, outcome.copied));
    } finally {
      setBusy(false);
    }
  }

  const content = (
    <>
      {busy ? (
        <Spinner className="size-5 shrink-0" />
      ) : (
        <Share2 aria-hidden="true" className="size-5 shrink-0" />
      )}
      <span className={labelClassName}>{SHARE_TEXTS.share}</span>
    </>
  );

  return (
    <div className={floatingNote ? 'relative' : 'flex flex-col gap-2'}>
      {className ? (
        <button
          type="button"
          title={SHARE_TEXTS.title}
          aria-busy={busy || undefined}
          disabled={busy}
          onClick={() => void start()}
          className={className}
        >
          {content}
        </button>
      ) : (
        <Button variant="secondary" busy={busy} onClick={() => void start()} className="self-start">
          {!busy && <Share2 aria-hidden="true" className="size-4" />}
          {SHARE_TEXTS.share}
        </Button>
      )}
      <div
        role="status"
        aria-live="polite"
        className={
          floatingNote
            ? 'absolute right-0 top-full z-30 mt-2 w-72 max-w-[calc(100vw-1.5rem)] empty:hidden'
            : 'empty:hidden'
        }
      >
        {note && (
          <p
            className={`flex items-start gap-2 text-sm font-medium text-slate-800 ${floatingNote ? 'rounded-control border border-slate-200 bg-white p-3 shadow-lg' : ''}`}
          >
            <span className="min-w-0 flex-1">{note}</span>
            {floatingNote && (
              <button
                type="button"
                aria-label={SHARE_TEXTS.dismiss}
                onClick={() => setNote(null)}
                className="-m-2 flex size-9 shrink-0 items-center justify-center rounded-control text-slate-500 hover:bg-slate-100"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            )}
          </p>
        )}
      </div>
    </div>
  );
}
