// The page's full address in a read-only field, with Copy link (the clipboard, or the text selected for
// the traveller to copy where the browser refuses) and Open page. "Link copied" is said aloud.
import { useEffect, useRef, useState } from 'react';
import { Check, Copy, ExternalLink } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { ExternalButtonLink } from '../../../components/ui/ButtonLink';
import { Input } from '../../../components/ui/Input';
import { copyText } from '../browser-share';
import { SHARE_TEXTS } from '../messages';

/** How long "Link copied" stays, so that a second copy is announced again. */
const COPIED_MS = 5000;

export function ShareLink({ link }: { link: string }) {
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'selected' | null>(null);

  useEffect(() => setCopied(null), [link]);
  useEffect(() => {
    if (copied !== 'yes') return;
    const timer = setTimeout(() => setCopied(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    setCopied(null);
    if (await copyText(link)) {
      setCopied('yes');
      return;
    }
    field.current?.focus();
    field.current?.select();
    setCopied('selected');
  }

  return (
    <div className="flex flex-col gap-3">
      <Input
        ref={field}
        label={SHARE_TEXTS.linkLabel}
        value={link}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        className="font-mono text-sm"
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button onClick={() => void copy()}>
          {copied === 'yes' ? (
            <Check aria-hidden="true" className="size-4" />
          ) : (
            <Copy aria-hidden="true" className="size-4" />
          )}
          {SHARE_TEXTS.copy}
        </Button>
        <ExternalButtonLink href={link} newTab>
          <ExternalLink aria-hidden="true" className="size-4" />
          {SHARE_TEXTS.open}
        </ExternalButtonLink>
      </div>
      <p role="status" aria-live="polite" className="text-sm font-semibold text-success-800 empty:hidden">
        {copied === 'yes' ? SHARE_TEXTS.copied : copied === 'selected' ? SHARE_TEXTS.copyFallback : ''}
      </p>
    </div>
  );
}
