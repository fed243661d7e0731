// Sends a ZIP the server streams as it writes it (an account export, a pin's Download All): saved under its
// own name, never kept by a cache, with its length when it is known in advance (-1 when it is not).
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../adapters/storage/content-disposition.js';

export interface ZipDownload {
  filename: string;
  stream: Readable;
  /** Bytes, or -1 when the archive's length is not known before it is written. */
  size: number;
}

export function sendZip(reply: FastifyReply, zip: ZipDownload): FastifyReply {
  reply
    .header('Content-Type', 'application/zip')
    .header('Content-Disposition', contentDisposition('attachment', zip.filename))
    .header('Cache-Control', 'private, no-store');
  if (zip.size >= 0) reply.header('Content-Length', String(zip.size));
  return reply.send(zip.stream);
}
