// What a backup folder holds and the file work backup and restore share: the manifest, copying a folder
// of stored objects, and reading figures from a SQLite file without changing it.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { constants, copyFile, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';

export const MANIFEST_FILE = 'backup.json';
export const DATABASE_FILE = 'waymarks.db';
export const MEDIA_FOLDER = 'media';
export const AUTH_SECRET_FILE = 'auth-secret';
const MANIFEST_FORMAT = 1;

/** A backup or restore that cannot go ahead; its message says why and what to do instead. */
export class BackupRefused extends Error {}

export interface RowCounts {
  users: number;
  pins: number;
  media: number;
}

export interface FileTotals {
  files: number;
  bytes: number;
}

export interface BackupManifest {
  format: typeof MANIFEST_FORMAT;
  createdAt: string;
  appVersion: string;
  /** The last migration the copied database had: a newer app runs the rest on restore. */
  migration: string | null;
  database: { file: string; bytes: number; sha256: string };
  /** Where the media lived: with `s3` the folder holds no media, the bucket is copied with its own tools. */
  storage: 'local' | 's3';
  counts: RowCounts;
  /** The stored objects copied (local storage; zero with S3). */
  media: FileTotals;
  /** Ready media items of the copied database whose original was deleted before its file was copied. */
  mediaWithoutFile: number;
  /** Whether DATA_DIR/auth-secret was copied (it signs sessions and links when AUTH_SECRET is unset). */
  authSecret: boolean;
}

export async function writeManifest(dir: string, manifest: BackupManifest): Promise<void> {
  await writeFile(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(path.join(dir, MANIFEST_FILE), 'utf8');
  } catch {
    throw new BackupRefused(`${dir} is not a Waymarks backup: it has no ${MANIFEST_FILE}.`);
  }
  const manifest = JSON.parse(text) as Partial<BackupManifest>;
  if (manifest.format !== MANIFEST_FORMAT || !manifest.database || !manifest.counts || !manifest.media) {
    throw new BackupRefused(`${path.join(dir, MANIFEST_FILE)} is not a backup manifest this version reads.`);
  }
  return manifest as BackupManifest;
}

export const appVersion = async (): Promise<string> =>
  (JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string })
    .version;

export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every file under `root` as a path relative to it, leaving out part files (uploads still being written). */
export async function* storedFiles(root: string, under = ''): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(path.join(root, under), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    const relative = path.join(under, entry.name);
    if (entry.isDirectory()) yield* storedFiles(root, relative);
    else if (entry.isFile() && !entry.name.endsWith('.part')) yield relative;
  }
}

/**
 * Copies the stored objects under `from` into `to`, private to this user. A stored object is never
 * rewritten once named, so each copy is whole; one deleted between the listing and its copy is left out.
 */
export async function copyStoredFiles(from: string, to: string): Promise<FileTotals> {
  const totals: FileTotals = { files: 0, bytes: 0 };
  for await (const relative of storedFiles(from)) {
    const target = path.join(to, relative);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    try {
      await copyFile(path.join(from, relative), target, constants.COPYFILE_EXCL);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    totals.files += 1;
    totals.bytes += (await stat(target)).size;
  }
  return totals;
}

export async function totalsOf(root: string): Promise<FileTotals> {
  const totals: FileTotals = { files: 0, bytes: 0 };
  for await (const relative of storedFiles(root)) {
    totals.files += 1;
    totals.bytes += (await stat(path.join(root, relative))).size;
  }
  return totals;
}

export interface DatabaseFigures {
  counts: RowCounts;
  migration: string | null;
  /** Owner and id of each ready media item: where its original must be. */
  readyMedia: { userId: string; mediaId: string }[];
}

/**
 * Reads the figures of a database file, closed again before it returns. It only reads, so a backup's copy
 * stays byte for byte what was written (its checksum is in the manifest); it opens read-write all the
 * same, because a read-only connection to a WAL database cannot remove the -wal file when it closes, and a
 * -wal file left behind reads as a server still running. These are counts of a snapshot, not the app's
 * data access, so they read the tables directly rather than through their repositories.
 */
export function databaseFigures(file: string): DatabaseFigures {
  const sqlite = new SQLite(file, { fileMustExist: true });
  try {
    const count = (table: string) =>
      (sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    const last = sqlite.prepare('select name from kysely_migration order by name desc limit 1').get() as
      { name: string } | undefined;
    const readyMedia = (
      sqlite.prepare(`select user_id, id from media where status = 'ready'`).all() as {
        user_id: string;
        id: string;
      }[]
    ).map((row) => ({ userId: row.user_id, mediaId: row.id }));
    return {
      counts: { users: count('users'), pins: count('pins'), media: count('media') },
      migration: last?.name ?? null,
      readyMedia,
    };
  } finally {
    sqlite.close();
  }
}

export function describeCounts(counts: RowCounts, media: FileTotals): string {
  const mb = (media.bytes / 1_000_000).toFixed(1);
  return `${counts.users} users, ${counts.pins} pins, ${counts.media} media items (${media.files} files, ${mb} MB)`;
}
