// The Content-Disposition header for files users download: their own names, made safe to hand to a browser.

/** Control characters (C0, DEL, C1) and the bidirectional overrides that make "gpj.exe" read "exe.jpg". */
// eslint-disable-next-line no-control-regex
const UNSAFE_FILENAME_CHARS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069"\\/]/g;

/**
 * A filename safe to offer in Content-Disposition: no quotes, control characters or path separators, no
 * leading dots (a hidden file, or what is left of "../"), at most 200 characters, never empty.
 */
export function safeFilename(name: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(UNSAFE_FILENAME_CHARS, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '');
  const short = Array.from(cleaned).slice(0, 200).join('').trim();
  return short || 'download';
}

/**
 * The Content-Disposition header of RFC 6266: a plain ASCII `filename` for old clients, and the exact name
 * as `filename*=UTF-8''…` (RFC 8187) for the rest.
 */
export function contentDisposition(disposition: 'inline' | 'attachment', filename?: string): string {
  if (filename === undefined) return disposition;
  const name = safeFilename(filename);
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    // Outside printable ASCII, and '%' which some browsers percent-decode inside filename="".
    .replace(/[^\x20-\x7e]|%/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeRfc8187(name)}`;
}

/** Percent-encodes everything outside RFC 8187's attr-char. */
function encodeRfc8187(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
