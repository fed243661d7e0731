// `npm run admin -- backup <dir>`: a consistent copy of a running SQLite database (SQLite's online backup)
// and then of the media on local disk, with a manifest of what was copied.
import { access, chmod, copyFile, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Config } from '../config.js';
import { mediaKeys } from '../modules/media/index.js';
import {
  AUTH_SECRET_FILE,
  BackupRefused,
  DATABASE_FILE,
  MEDIA_FOLDER,
  appVersion,
  copyStoredFiles,
  databaseFigures,
  describeCounts,
  sha256OfFile,
  writeManifest,
  type BackupManifest,
} from './backup-files.js';

/** How to copy a bucket, named wherever a backup or restore meets S3 storage. */
export const BUCKET_TOOLS =
  "`aws s3 sync s3://<bucket> <dir>/bucket` or `rclone sync <remote>:<bucket> <dir>/bucket` (or the bucket's own versioning)";

export const POSTGRES_BACKUP =
  'With PostgreSQL the database is backed up with its own tool: ' +
  'pg_dump -Fc --dbname="$DATABASE_URL" --file=<dir>/waymarks.dump ' +
  '(and brought back with pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" <dir>/waymarks.dump). ' +
  'Dump the database first, then copy the media: DATA_DIR/media (e.g. rsync -a DATA_DIR/media/ <dir>/media/), ' +
  `or the bucket with ${BUCKET_TOOLS}.`;

export async function backup(config: Config, dir: string): Promise<string> {
  if (config.database.dialect === 'postgres') throw new BackupRefused(POSTGRES_BACKUP);
  const source = config.database.file;
  if (source === ':memory:') throw new BackupRefused('An in-memory database cannot be backed up.');
  await access(source).catch(() => {
    throw new BackupRefused(`There is no database at ${source} to back up.`);
  });
  const target = path.resolve(dir);
  const existing = await readdir(target).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (existing.length > 0) {
    throw new BackupRefused(`${target} is not empty: a backup goes into a new or empty folder.`);
  }
  await mkdir(target, { recursive: true, mode: 0o700 });

  // The database first: every media item ready in the copy then has its files on disk, because files are
  // written before their item becomes ready. Files copied for items the copy does not know yet are
  // removed after a restore by the start-up sweep (it deletes stored objects no row owns).
  const databaseFile = path.join(target, DATABASE_FILE);
  await copyDatabase(source, databaseFile);

  let media = { files: 0, bytes: 0 };
  if (config.storage.kind === 'local') {
    media = await copyStoredFiles(config.storage.dir, path.join(target, MEDIA_FOLDER));
  }
  const secret = path.join(config.dataDir, AUTH_SECRET_FILE);
  const authSecret = await copyFile(secret, path.join(target, AUTH_SECRET_FILE)).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );

  const figures = databaseFigures(databaseFile);
  const mediaWithoutFile =
    config.storage.kind === 'local'
      ? await countMissingOriginals(path.join(target, MEDIA_FOLDER), figures.readyMedia)
      : 0;
  const manifest: BackupManifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    appVersion: await appVersion(),
    migration: figures.migration,
    database: {
      file: DATABASE_FILE,
      bytes: (await stat(databaseFile)).size,
      sha256: await sha256OfFile(databaseFile),
    },
    storage: config.storage.kind,
    counts: figures.counts,
    media,
    mediaWithoutFile,
    authSecret,
  };
  await writeManifest(target, manifest);

  const lines = [`Backed up ${describeCounts(figures.counts, media)} to ${target}.`];
  if (mediaWithoutFile > 0) {
    lines.push(
      `Warning: ${mediaWithoutFile} media items were deleted while the backup ran and have no file in it; ` +
        'run the backup again for a copy without them.',
    );
  }
  if (config.storage.kind === 's3') {
    lines.push(
      `Media are in S3 and were not copied: copy the bucket now, after the database, with ${BUCKET_TOOLS}.`,
    );
  }
  return lines.join('\n');
}

/**
 * SQLite's online backup: a consistent snapshot, WAL included, while the server goes on writing. The copy
 * is then switched out of WAL mode, so the one file is the whole database.
 */
async function copyDatabase(source: string, target: string): Promise<void> {
  const live = new SQLite(source, { fileMustExist: true });
  try {
    live.pragma('busy_timeout = 5000');
    await live.backup(target);
  } finally {
    live.close();
  }
  await chmod(target, 0o600);
  const copy = new SQLite(target, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

/** Ready items whose original is not in the copied media: deleted (row, then files) between the two copies. */
async function countMissingOriginals(
  mediaDir: string,
  readyMedia: { userId: string; mediaId: string }[],
): Promise<number> {
  let missing = 0;
  for (const { userId, mediaId } of readyMedia) {
    const original = path.join(mediaDir, ...mediaKeys(userId, mediaId).original.split('/'));
    if (
      !(await access(original).then(
        () => true,
        () => false,
      ))
    )
      missing += 1;
  }
  return missing;
}
