// `npm run admin -- restore <dir>`: brings a backup made by `backup` into the configured DATA_DIR, checked
// against its manifest, then migrates it, so a backup of an older version opens in a newer app.
import { access, chmod, copyFile, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';
import { createDatabase, migrateToLatest } from '../db/database.js';
import {
  AUTH_SECRET_FILE,
  BackupRefused,
  MEDIA_FOLDER,
  copyStoredFiles,
  databaseFigures,
  describeCounts,
  readManifest,
  sha256OfFile,
  totalsOf,
} from './backup-files.js';
import { BUCKET_TOOLS } from './backup.js';

export const POSTGRES_RESTORE =
  'With PostgreSQL a backup is restored with its own tool: ' +
  'pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" <dir>/waymarks.dump, ' +
  `then the media are copied back (rsync -a, or for a bucket ${BUCKET_TOOLS} the other way round).`;

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

export async function restore(config: Config, dir: string, options: { force: boolean }): Promise<string> {
  if (config.database.dialect === 'postgres') throw new BackupRefused(POSTGRES_RESTORE);
  const source = path.resolve(dir);
  const manifest = await readManifest(source);
  if (manifest.storage !== config.storage.kind) {
    throw new BackupRefused(
      `This backup was made with STORAGE=${manifest.storage} and this server has STORAGE=${config.storage.kind}: ` +
        'restore it with the storage it was made with.',
    );
  }

  // Everything is checked before anything in DATA_DIR is touched.
  const backupDatabase = path.join(source, manifest.database.file);
  if (!(await exists(backupDatabase)) || (await sha256OfFile(backupDatabase)) !== manifest.database.sha256) {
    throw new BackupRefused(
      `${backupDatabase} is missing or not the file the backup wrote (its checksum differs).`,
    );
  }
  const backupMedia = path.join(source, MEDIA_FOLDER);
  const media = await totalsOf(backupMedia);
  if (media.files !== manifest.media.files || media.bytes !== manifest.media.bytes) {
    throw new BackupRefused(
      `${backupMedia} holds ${media.files} files (${media.bytes} bytes); the manifest lists ` +
        `${manifest.media.files} (${manifest.media.bytes} bytes).`,
    );
  }

  const target = config.database.file;
  // SQLite removes the -wal file when the last connection closes: one there means a server (or another
  // process) has the database open, or one ended in a crash. Either way, replacing the file loses data.
  if (await exists(`${target}-wal`)) {
    throw new BackupRefused(
      `${target}-wal exists: a server is running on this database, or one stopped without closing it. ` +
        'Stop the server (start and stop it once after a crash) before restoring.',
    );
  }
  const mediaDir = config.storage.kind === 'local' ? config.storage.dir : undefined;
  const inUse = [
    ...((await exists(target)) ? [target] : []),
    ...(mediaDir && (await readdir(mediaDir).catch(() => [])).length > 0 ? [mediaDir] : []),
  ];
  if (inUse.length > 0 && !options.force) {
    throw new BackupRefused(
      `${inUse.join(' and ')} already ${inUse.length > 1 ? 'exist' : 'exists'}: restore replaces them only with --force.`,
    );
  }
  await rm(`${target}-shm`, { force: true });
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });

  // The database file appears whole or not at all.
  const incoming = `${target}.restoring`;
  await copyFile(backupDatabase, incoming);
  await chmod(incoming, 0o600);
  await rename(incoming, target);
  if (mediaDir) await copyStoredFiles(backupMedia, mediaDir);
  if (manifest.authSecret) {
    // Sessions and signed links of the backup stay valid only with the secret that signed them.
    const secret = path.join(config.dataDir, AUTH_SECRET_FILE);
    await copyFile(path.join(source, AUTH_SECRET_FILE), secret);
    await chmod(secret, 0o600);
  }

  const db = createDatabase(config.database);
  let applied: string[];
  try {
    applied = await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  const { counts } = databaseFigures(target);
  const lines = [
    `Restored ${describeCounts(counts, media)} from ${source} (made ${manifest.createdAt} by version ${manifest.appVersion}).`,
    applied.length ? `Applied migrations: ${applied.join(', ')}.` : 'Database schema is up to date.',
  ];
  if (manifest.storage === 's3') {
    lines.push(`Media are in S3: copy the bucket back with ${BUCKET_TOOLS}, the other way round.`);
  }
  return lines.join('\n');
}
