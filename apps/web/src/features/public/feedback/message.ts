// What 'Send via Email' and 'Copy Message' hand over (SPEC.md §2, Feedback page): built only from the
// fields that are filled in. Pure functions, tested in message.test.ts.

export interface FeedbackFields {
  name: string;
  email: string;
  subject: string;
  message: string;
}

/** 'Name: …' and 'Email: …' for the fields given, a blank line, then the message. */
export function feedbackBody({ name, email, message }: FeedbackFields): string {
  const from = [
    name.trim() ? `Name: ${name.trim()}` : null,
    email.trim() ? `Email: ${email.trim()}` : null,
  ].filter((line): line is string => line !== null);
  return [from.join('\n'), message.trim()].filter(Boolean).join('\n\n');
}

/**
 * mailto: link to the support address. Subject and body are percent-encoded (spaces as %20, never '+',
 * which mail programs would show) and line breaks are CRLF, as RFC 6068 asks.
 */
export function feedbackMailto(to: string, fields: FeedbackFields): string {
  const subject = fields.subject.trim();
  const body = feedbackBody(fields).replace(/\r?\n/g, '\r\n');
  const query = [
    subject ? `subject=${encodeURIComponent(subject)}` : null,
    body ? `body=${encodeURIComponent(body)}` : null,
  ].filter(Boolean);
  return `mailto:${to}${query.length ? `?${query.join('&')}` : ''}`;
}

/** The text 'Copy Message' puts on the clipboard: recipient, subject and message, ready to paste. */
export function feedbackClipboardText(to: string, fields: FeedbackFields): string {
  const subject = fields.subject.trim();
  const head = [`To: ${to}`, subject ? `Subject: ${subject}` : null].filter(Boolean).join('\n');
  const body = feedbackBody(fields);
  return body ? `${head}\n\n${body}` : head;
}
