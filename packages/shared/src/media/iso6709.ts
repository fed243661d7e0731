// ISO 6709, the location text of phones and cameras in videos.
import type { MediaLocation } from './types.js';
import { locationOf } from './values.js';

const ISO6709 = /^\s*([+-])(\d+)(\.\d+)?([+-])(\d+)(\.\d+)?(?:[+-]\d+(?:\.\d+)?)?(?:CRS[\w:.-]*)?\/?\s*$/;

/** '+35.6586+139.7454/', '+48.8584+002.2945+035.000/', or the ±DDMM(.m) and ±DDMMSS(.s) forms. */
export function parseIso6709(text: string): MediaLocation | null {
  const match = ISO6709.exec(text);
  if (!match) return null;
  const lat = iso6709Angle(match[2]!, match[3], 2);
  const lng = iso6709Angle(match[5]!, match[6], 3);
  if (lat === null || lng === null) return null;
  return locationOf(match[1] === '-' ? -lat : lat, match[4] === '-' ? -lng : lng, null);
}

/** The length of the integer part says the form: degrees, degrees+minutes, or degrees+minutes+seconds. */
function iso6709Angle(whole: string, fraction: string | undefined, degreeDigits: number): number | null {
  const frac = fraction ?? '';
  if (whole.length <= degreeDigits) return Number(whole + frac);
  const degrees = Number(whole.slice(0, degreeDigits));
  const minutes = whole.slice(degreeDigits, degreeDigits + 2);
  if (whole.length === degreeDigits + 2) {
    const m = Number(minutes + frac);
    return m < 60 ? degrees + m / 60 : null;
  }
  if (whole.length === degreeDigits + 4) {
    const s = Number(whole.slice(degreeDigits + 2) + frac);
    return Number(minutes) < 60 && s < 60 ? degrees + Number(minutes) / 60 + s / 3600 : null;
  }
  return null;
}
