// Content reports: stored, announced to the support address, limited per client address (an IPv6 /64).
import { randomBytes } from 'node:crypto';
import type { ReportContentType, ReportRequest, ReportUrgency } from '@waymarks/shared';
import type { Mailer } from '../../adapters/mail/mailer.js';
import { tooManyRequests } from '../../http/errors.js';
import { throttleKey, type Throttle, type ThrottlePolicy } from '../auth/index.js';
import { newId } from '../../common/ids.js';
import { reportReceivedMail } from './reports.mails.js';
import type { ReportsRepository } from './reports.repository.js';

/** Ten reports an hour from one address is far beyond honest use; more is a flood. */
const REPORT_FLOOD_POLICY: ThrottlePolicy = {
  windowMs: 60 * 60_000,
  maxFailures: 10,
  lockMs: 60 * 60_000,
  delayStepMs: 0,
  maxDelayMs: 0,
};

export const REPORT_FLOOD_MESSAGE = 'Too many reports from your network. Please try again later.';

const REPORT_ID_LENGTH = 9;
const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** 9 characters of upper-case base 36 from a CSPRNG (36^9 ≈ 10^14 ids). */
export function newReportId(): string {
  const bytes = randomBytes(REPORT_ID_LENGTH * 2);
  let id = '';
  // 252 is the largest multiple of 36 below 256: rejecting bytes above it keeps every character equally likely.
  for (const byte of bytes) {
    if (byte < 252) id += BASE36[byte % 36];
    if (id.length === REPORT_ID_LENGTH) return id;
  }
  return id + newReportId().slice(id.length);
}

type ParsedReport = {
  contentType: ReportContentType;
  contentLocation: string;
  description: string;
  reporterEmail?: string | undefined;
  urgency: ReportUrgency;
} & Omit<ReportRequest, 'contentType' | 'contentLocation' | 'description' | 'reporterEmail' | 'urgency'>;

interface ReportsServiceDeps {
  reports: ReportsRepository;
  throttle: Throttle;
  mailer: Mailer;
  supportEmail: string;
  now: () => number;
  onMailError: (error: unknown) => void;
}

export class ReportsService {
  constructor(private readonly deps: ReportsServiceDeps) {}

  /** The open reports, newest first, for an operator (the admin CLI's reports). */
  listOpen(limit: number) {
    return this.deps.reports.listOpen(limit);
  }

  async submit(report: ParsedReport, clientKey: string): Promise<{ reportId: string }> {
    const { reports, throttle, mailer, now } = this.deps;
    // Counted before it is stored, in one statement: parallel reports cannot all pass a check made before
    // any of them is recorded. A refused report counts too, so a flood keeps the address refused.
    const flood = await throttle.reserve(throttleKey('report-from', clientKey), REPORT_FLOOD_POLICY);
    if (!flood.allowed) throw tooManyRequests(REPORT_FLOOD_MESSAGE);

    const receivedAt = now();
    let reportId = newReportId();
    const row = {
      id: newId(),
      content_type: report.contentType,
      content_location: report.contentLocation,
      description: report.description,
      reporter_email: report.reporterEmail ?? null,
      urgency: report.urgency,
      created_at: receivedAt,
    };
    while (!(await reports.insert({ ...row, report_id: reportId }))) reportId = newReportId();

    try {
      await mailer.send(
        reportReceivedMail(this.deps.supportEmail, {
          ...report,
          reportId,
          reporterEmail: report.reporterEmail,
          receivedAt: new Date(receivedAt),
        }),
      );
    } catch (error) {
      // The report is stored, so the reporter is told so; the failed notice is logged for the operator.
      this.deps.onMailError(error);
    }
    return { reportId };
  }
}
