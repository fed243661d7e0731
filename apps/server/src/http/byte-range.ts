// The Range header of a GET (RFC 9110 §14.2), for files served in pieces such as the PMTiles basemap.

/** Inclusive byte offsets, as in Content-Range. */
export interface ByteRange {
  start: number;
  end: number;
}

const SINGLE_RANGE = /^bytes=[ \t]*(\d*)-(\d*)[ \t]*$/i;

/**
 * The one range a Range header asks of `size` bytes, or:
 * - undefined when the whole file is to be sent: no header, another unit, a malformed range, or several
 *   ranges (a server may ignore Range; PMTiles readers never ask for several, so no multipart answers);
 * - 'unsatisfiable' for a well-formed range that lies wholly past the end (416).
 */
export function parseByteRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (header === undefined) return undefined;
  const match = SINGLE_RANGE.exec(header);
  if (!match) return undefined;
  const [first, last] = [match[1]!, match[2]!];
  if (first === '' && last === '') return undefined;
  if (first === '') {
    // bytes=-n: the last n bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Infinity : Number(last);
  if (end < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}
