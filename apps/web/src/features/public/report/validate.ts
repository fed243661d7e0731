// The Report Content form's rules (SPEC.md §5, Report form), with the messages the server uses, so the
// form refuses on the spot what POST /api/reports would refuse.
import {
  REPORT_CONTENT_TYPES,
  REPORT_LIMITS,
  REPORT_MESSAGES,
  validateEmail,
  type ReportContentType,
  type ReportRequest,
  type ReportUrgency,
} from '@waymarks/shared';

export interface ReportValues {
  /** '' while the placeholder option 'Select content type' is chosen. */
  contentType: ReportContentType | '';
  contentLocation: string;
  description: string;
  reporterEmail: string;
  urgency: ReportUrgency;
}

export type ReportField = 'contentType' | 'contentLocation' | 'description' | 'reporterEmail';
export type ReportErrors = Partial<Record<ReportField, string>>;

/** The order errors are checked in, which is also the order of the fields on the page. */
export const REPORT_FIELDS: readonly ReportField[] = [
  'contentType',
  'contentLocation',
  'description',
  'reporterEmail',
];

function isContentType(value: string): value is ReportContentType {
  return (REPORT_CONTENT_TYPES as readonly string[]).includes(value);
}

function requiredText(value: string, max: number, required: string, tooLong: string): string | undefined {
  const text = value.trim();
  if (!text) return required;
  if (text.length > max) return tooLong;
  return undefined;
}

/** Each invalid field's message; an empty object means the report may be sent. */
export function validateReport(values: ReportValues): ReportErrors {
  const errors: ReportErrors = {};
  if (!isContentType(values.contentType)) errors.contentType = REPORT_MESSAGES.contentTypeRequired;
  const location = requiredText(
    values.contentLocation,
    REPORT_LIMITS.contentLocationMax,
    REPORT_MESSAGES.contentLocationRequired,
    REPORT_MESSAGES.contentLocationTooLong,
  );
  if (location) errors.contentLocation = location;
  const description = requiredText(
    values.description,
    REPORT_LIMITS.descriptionMax,
    REPORT_MESSAGES.descriptionRequired,
    REPORT_MESSAGES.descriptionTooLong,
  );
  if (description) errors.description = description;
  // Optional: only a filled-in address is checked.
  const email = values.reporterEmail.trim() ? validateEmail(values.reporterEmail) : null;
  if (email) errors.reporterEmail = email;
  return errors;
}

/** The request body for valid values: trimmed texts, the e-mail left out when empty. */
export function toReportRequest(values: ReportValues): ReportRequest {
  if (!isContentType(values.contentType)) throw new Error('toReportRequest needs a content type');
  const email = values.reporterEmail.trim();
  return {
    contentType: values.contentType,
    contentLocation: values.contentLocation.trim(),
    description: values.description.trim(),
    ...(email ? { reporterEmail: email } : {}),
    urgency: values.urgency,
  };
}
