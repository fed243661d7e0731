// Report Content (/illegal-content): what a visitor may report and how urgently (SPEC.md §3, §5, §9).
// No zod here, so the report page can use the rules without loading the schema library.

export const REPORT_CONTENT_TYPES = [
  'photo',
  'video',
  'location',
  'description',
  'profile',
  'other',
] as const;
export type ReportContentType = (typeof REPORT_CONTENT_TYPES)[number];

export const REPORT_CONTENT_TYPE_LABELS: Record<ReportContentType, string> = {
  photo: 'Photo',
  video: 'Video',
  location: 'Location',
  description: 'Description',
  profile: 'Profile',
  other: 'Other',
};

export const REPORT_URGENCIES = ['low', 'medium', 'high', 'critical'] as const;
export type ReportUrgency = (typeof REPORT_URGENCIES)[number];

/** SPEC.md §9, Report urgency levels. */
export const REPORT_URGENCY_DESCRIPTIONS: Record<ReportUrgency, string> = {
  low: 'General policy violation',
  medium: 'Inappropriate content',
  high: 'Illegal or harmful content',
  critical: 'Immediate danger',
};

export const DEFAULT_REPORT_URGENCY: ReportUrgency = 'medium';

export const REPORT_LIMITS = {
  contentLocationMax: 2000,
  descriptionMax: 5000,
} as const;

export const REPORT_MESSAGES = {
  contentTypeRequired: 'Please select a content type',
  contentLocationRequired: 'Content location is required',
  contentLocationTooLong: `Content location must be at most ${REPORT_LIMITS.contentLocationMax} characters`,
  descriptionRequired: 'Description is required',
  descriptionTooLong: `Description must be at most ${REPORT_LIMITS.descriptionMax} characters`,
  urgencyInvalid: 'Please select an urgency level',
} as const;

/** 9 characters of upper-case base 36 (SPEC.md §9), shown to the reporter as '#' + id. */
export const REPORT_ID_PATTERN = /^[0-9A-Z]{9}$/;
