// The Feedback page's card (SPEC.md §2, §4 and §5, Feedback): nothing is sent from here; the visitor's own
// mail program does that ('Send via Email'), or they paste the copied text anywhere ('Copy Message').
import { useEffect, useRef, useState } from 'react';
import { Check, Clock, Copy, Mail, MessagesSquare } from 'lucide-react';
import { useAuth } from '../../../app/auth/useAuth';
import { publicConfig } from '../../../app/public-config';
import { Button } from '../../../components/ui/Button';
import { ExternalButtonLink } from '../../../components/ui/ButtonLink';
import { Input } from '../../../components/ui/Input';
import { Textarea } from '../../../components/ui/Textarea';
import { PRODUCT_NAME } from '../../../components/site/links';
import { feedbackClipboardText, feedbackMailto } from './message';

export const DEFAULT_FEEDBACK_SUBJECT = `Feedback for ${PRODUCT_NAME}`;
/** SPEC.md §9: the copied confirmation lasts 2000 ms. */
export const COPIED_MS = 2000;

export function FeedbackForm() {
  const { supportEmail, discordUrl } = publicConfig();
  const { user } = useAuth();
  // Name and e-mail follow the signed-in user until the visitor types their own (null = not edited).
  const [nameInput, setName] = useState<string | null>(null);
  const [emailInput, setEmail] = useState<string | null>(null);
  const [subject, setSubject] = useState(DEFAULT_FEEDBACK_SUBJECT);
  const [message, setMessage] = useState('');
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const name = nameInput ?? user?.name ?? '';
  const email = emailInput ?? user?.email ?? '';
  const fields = { name, email, subject, message };

  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(feedbackClipboardText(supportEmail, fields));
    } catch {
      // SPEC.md §8: clipboard copy failures on the feedback page are silently ignored.
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  }

  return (
    <div className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Input
          label="Name"
          name="name"
          autoComplete="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <Input
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <Input
        label="Subject"
        name="subject"
        value={subject}
        onChange={(event) => setSubject(event.target.value)}
      />
      <Textarea
        label="Message"
        name="message"
        rows={6}
        placeholder="What do you love, what is missing, what went wrong?"
        value={message}
        onChange={(event) => setMessage(event.target.value)}
      />

      <div className="mt-1 flex flex-col gap-3">
        <ExternalButtonLink href={feedbackMailto(supportEmail, fields)} variant="primary" size="lg" fullWidth>
          <Mail aria-hidden="true" className="size-5" />
          Send via Email
        </ExternalButtonLink>
        <div className="grid gap-3 sm:grid-cols-2">
          <Button variant="secondary" onClick={copy} className="whitespace-nowrap">
            {copied ? (
              <Check aria-hidden="true" className="size-5 text-success-700" />
            ) : (
              <Copy aria-hidden="true" className="size-5" />
            )}
            {copied ? 'Copied!' : 'Copy Message'}
          </Button>
          <ExternalButtonLink href={discordUrl} newTab className="whitespace-nowrap">
            <MessagesSquare aria-hidden="true" className="size-5" />
            Join Discord
          </ExternalButtonLink>
        </div>
      </div>
      <p role="status" className="sr-only">
        {copied ? 'Message copied to the clipboard' : ''}
      </p>

      <p className="flex items-center justify-center gap-2 border-t border-slate-100 pt-5 text-sm text-slate-600">
        <Clock aria-hidden="true" className="size-4" />
        We typically respond within 1–2 business days.
      </p>
    </div>
  );
}
