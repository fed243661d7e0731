// The installed app's share target (SHARE_TARGET_PATH) as the server sees it: only when no service worker of
// the app took the share sheet's POST, which it does to keep the files on the device (the web app's
// src/lib/shared-files.ts). The files are read to nowhere, not kept: the dashboard opens asking for them
// again, and by then the app's worker is installed.
import type { FastifyInstance } from 'fastify';
import { SHARE_TARGET_PATH, SHARED_FILES_PARAM, type SharedFilesArrival } from '@waymarks/shared';

const AGAIN: SharedFilesArrival = 'again';
/** More than a share sheet's photos would be: past it the connection is dropped rather than read on. */
const MOST_READ_BYTES = 256 * 1024 * 1024;

export async function shareTargetRoutes(app: FastifyInstance): Promise<void> {
  // Whatever the share sheet sends is read and dropped: a browser still sending its files when the answer
  // came would take the closed connection for a failure, not follow the answer.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => {
    let read = 0;
    payload.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > MOST_READ_BYTES) payload.destroy();
    });
    payload.on('end', () => done(null, undefined));
    payload.on('error', (error) => done(error, undefined));
  });
  app.post(SHARE_TARGET_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.redirect(`/dashboard?${SHARED_FILES_PARAM}=${AGAIN}`, 303),
  );
}
