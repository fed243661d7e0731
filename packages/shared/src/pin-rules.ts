// Pin rules the server enforces and the web app mirrors (SPEC.md §3 Pin, §9 tiers): limits, messages and
// visit dates. Free of zod so the browser can import it without the schema library.

export const PIN_LIMITS = {
  titleMax: 200,
  descriptionMax: 2000,
  /** The earliest visit date accepted. */
  earliestVisitDate: '1900-01-01',
} as const;

export const PIN_MESSAGES = {
  notFound: 'Pin not found',
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${PIN_LIMITS.titleMax} characters`,
  descriptionTooLong: `Description must be at most ${PIN_LIMITS.descriptionMax} characters`,
  latInvalid: 'lat must be a number between -90 and 90',
  lngInvalid: 'lng must be a number between -180 and 180',
  visitDateInvalid: 'Visit date must be a real date written YYYY-MM-DD',
  visitDateTooEarly: 'Visit date cannot be before 1900',
  visitDateInFuture: 'Visit date cannot be in the future',
  updateEmpty: 'Nothing to update: give a title, description, visitDate, or lat and lng',
  moveNeedsBoth: 'lat and lng go together: give both to move a pin',
} as const;

/** Why a pin title is refused, or null: the form says what the server's schema would. */
export function pinTitleError(title: string): string | null {
  const trimmed = title.trim();
  if (!trimmed) return PIN_MESSAGES.titleRequired;
  if (trimmed.length > PIN_LIMITS.titleMax) return PIN_MESSAGES.titleTooLong;
  return null;
}

/**
 * 403 message when a tier's pin limit is reached, e.g. 'Your Wanderer plan allows 10 pins. Upgrade to add
 * more.' Past the limit (after a move to a smaller plan) it says that what is there stays.
 */
export function pinLimitMessage(planName: string, maxPins: number, pinCount = maxPins): string {
  if (pinCount > maxPins) {
    return (
      `You have ${pinCount} pins and your ${planName} plan allows ${maxPins}. ` +
      'All of them are kept; upgrade to add more.'
    );
  }
  return `Your ${planName} plan allows ${maxPins} pins. Upgrade to add more.`;
}

const VISIT_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (so 2024-02-30 is refused). */
export function isCalendarDate(value: string): boolean {
  const match = VISIT_DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The latest date that is "today" somewhere on Earth (UTC+14), so a traveller's local today is never
 * refused as future whatever their time zone.
 */
export function latestVisitDate(now: number = Date.now()): string {
  return new Date(now + 14 * 3_600_000).toISOString().slice(0, 10);
}

/** Why a visit date is refused, or null when it is accepted: the checks of the server, in its words. */
export function visitDateError(value: string, now: number = Date.now()): string | null {
  if (!isCalendarDate(value)) return PIN_MESSAGES.visitDateInvalid;
  if (value < PIN_LIMITS.earliestVisitDate) return PIN_MESSAGES.visitDateTooEarly;
  if (value > latestVisitDate(now)) return PIN_MESSAGES.visitDateInFuture;
  return null;
}

const VISIT_DATE_FORMAT = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/**
 * A visit date as people read it, 'March 5, 2024'. The date is a calendar day, not an instant, so it is
 * formatted in UTC: no time zone can move it to the day before.
 */
export function formatVisitDate(value: string): string {
  if (!isCalendarDate(value)) return value;
  return VISIT_DATE_FORMAT.format(new Date(`${value}T00:00:00Z`));
}
