import {
  REPORT_CONTENT_TYPE_LABELS,
  REPORT_URGENCY_DESCRIPTIONS,
  type ReportContentType,
  type ReportUrgency,
} from '@waymarks/shared';
import { escapeHtml, mailPage } from '../../adapters/mail/html.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';

interface ReportForMail {
  reportId: string;
  contentType: ReportContentType;
  contentLocation: string;
  description: string;
  reporterEmail: string | undefined;
  urgency: ReportUrgency;
  receivedAt: Date;
}

/** Tells the support address about a new report; urgent ones say so in the subject. */
export function reportReceivedMail(to: string, report: ReportForMail): MailMessage {
  const urgency = `${report.urgency} (${REPORT_URGENCY_DESCRIPTIONS[report.urgency]})`;
  const fields: [string, string][] = [
    ['Report ID', `#${report.reportId}`],
    ['Urgency', urgency],
    ['Content type', REPORT_CONTENT_TYPE_LABELS[report.contentType]],
    ['Content location', report.contentLocation],
    ['Reporter e-mail', report.reporterEmail ?? 'not given'],
    ['Received', report.receivedAt.toISOString()],
  ];
  const flag = report.urgency === 'critical' || report.urgency === 'high' ? '[URGENT] ' : '';
  return {
    to,
    subject: `${flag}Content report #${report.reportId}: ${REPORT_CONTENT_TYPE_LABELS[report.contentType]}, ${report.urgency}`,
    text: `A content report was submitted on Waymarks.\n\n${fields.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\nDescription:\n${report.description}\n\nReview it within 24-48 hours; high-priority reports within hours.\n`,
    html: mailPage([
      '<p>A content report was submitted on Waymarks.</p>',
      `<table>${fields.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>`,
      `<p><strong>Description</strong></p><p style="white-space:pre-wrap">${escapeHtml(report.description)}</p>`,
    ]),
  };
}
