// How the viewer writes an item's dates: when it was taken, else when it was uploaded.

const UPLOADED = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const TAKEN_WALL_CLOCK = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});
const TAKEN_DAY = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const DATE_PARTS = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/;

/**
 * A photo's date is the local time where it was taken, so its digits are shown as they are, whatever
 * zone the viewer is in; only a UTC instant ('Z', a video's creation time) is moved to the viewer's zone.
 */
export function formatTaken(value: string | null): string | null {
  if (!value) return null;
  if (/z$/i.test(value.trim())) {
    const instant = new Date(value);
    return Number.isNaN(instant.getTime()) ? null : UPLOADED.format(instant);
  }
  const parts = DATE_PARTS.exec(value);
  if (!parts) return null;
  const [, year, month, day, hour, minute] = parts.map(Number);
  const wall = new Date(Date.UTC(year!, month! - 1, day!, hour || 0, minute || 0));
  if (Number.isNaN(wall.getTime())) return null;
  return (parts[4] === undefined ? TAKEN_DAY : TAKEN_WALL_CLOCK).format(wall);
}

export function formatUploaded(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : UPLOADED.format(date);
}
