// Failures of a connection itself, as Node's sockets and DNS name them: the peer refused, reset or is out of
// reach. The database (db/unavailable.ts) and storage (adapters/storage/s3.ts) both read them as "out of
// reach for now, try again", never as a wrong request.

const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** The error's `code`, when it has a text one (Node's system errors, pg's SQLSTATEs). */
export function errorCode(error: Error): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

export function isSocketError(error: Error): boolean {
  const code = errorCode(error);
  return code !== undefined && SOCKET_CODES.has(code);
}
