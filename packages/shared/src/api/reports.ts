// The Report Content contract: POST /api/reports.
import { z } from 'zod';
import { LIMITS, MESSAGES } from '../validation.js';
import {
  DEFAULT_REPORT_URGENCY,
  REPORT_CONTENT_TYPES,
  REPORT_ID_PATTERN,
  REPORT_LIMITS,
  REPORT_MESSAGES,
  REPORT_URGENCIES,
} from '../report-rules.js';

export const ReportRequest = z.strictObject({
  contentType: z.enum(REPORT_CONTENT_TYPES, { error: REPORT_MESSAGES.contentTypeRequired }),
  contentLocation: z
    .string()
    .trim()
    .min(1, REPORT_MESSAGES.contentLocationRequired)
    .max(REPORT_LIMITS.contentLocationMax, REPORT_MESSAGES.contentLocationTooLong)
    .describe('URL, user ID or description of where the content is'),
  description: z
    .string()
    .trim()
    .min(1, REPORT_MESSAGES.descriptionRequired)
    .max(REPORT_LIMITS.descriptionMax, REPORT_MESSAGES.descriptionTooLong),
  reporterEmail: z
    .union([
      z.literal(''),
      z.string().trim().max(LIMITS.emailMax, MESSAGES.emailInvalid).pipe(z.email(MESSAGES.emailInvalid)),
    ])
    .optional()
    .transform((value) => (value ? value.toLowerCase() : undefined))
    .describe('Optional address for follow-up'),
  urgency: z
    .enum(REPORT_URGENCIES, { error: REPORT_MESSAGES.urgencyInvalid })
    .default(DEFAULT_REPORT_URGENCY),
});
export type ReportRequest = z.input<typeof ReportRequest>;

export const ReportResponse = z.object({
  reportId: z.string().regex(REPORT_ID_PATTERN).describe("Shown as '#' + reportId"),
});
export type ReportResponse = z.infer<typeof ReportResponse>;
