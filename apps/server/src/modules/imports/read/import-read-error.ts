// Why a file could not be read as a location history: a code the API answers with, and a sentence for the
// traveller that says what was found (decision 100).

export type ImportReadErrorCode =
  | 'not-json'
  | 'not-xml'
  | 'truncated'
  | 'record-too-large'
  | 'unknown-format'
  | 'encrypted'
  | 'no-points'
  | 'unsafe-archive'
  | 'too-large'
  | 'file-missing';

export class ImportReadError extends Error {
  override name = 'ImportReadError';

  constructor(
    readonly code: ImportReadErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** A file that stops before its end: every reader says it the same way. */
export function cutOff(bytesRead: number): ImportReadError {
  return new ImportReadError(
    'truncated',
    `The file stops before its end (after ${bytesRead.toLocaleString('en')} bytes): it may have been cut off while it was copied or downloaded.`,
  );
}
