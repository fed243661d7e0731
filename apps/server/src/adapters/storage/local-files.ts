// File-system steps of local storage: walking the store, writing and syncing, and telling a missing file
// from a real error.
import type { FileHandle } from 'node:fs/promises';
import { mkdir, open, readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';

/** Files under `folder` whose keys start with `prefix`; `folderKey` is the key of the folder itself. */
export async function* walk(
  folder: string,
  folderKey: string,
  prefix: string,
): AsyncGenerator<{ key: string; file: string }> {
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  for (const entry of entries) {
    const key = folderKey + entry.name;
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      const inside = `${key}/`;
      if (inside.startsWith(prefix) || prefix.startsWith(inside)) yield* walk(file, inside, prefix);
    } else if (entry.isFile() && key.startsWith(prefix)) {
      yield { key, file };
    }
  }
}

/** Creates the private part file `part`, its folders too; EEXIST when it is already there. */
export async function openPart(part: string): Promise<FileHandle> {
  for (let attempt = 1; ; attempt += 1) {
    await mkdir(path.dirname(part), { recursive: true, mode: 0o700 });
    try {
      return await open(part, 'wx', 0o600);
    } catch (error) {
      // A delete elsewhere may prune the folder between mkdir and open: make it again.
      if (errorCode(error) !== 'ENOENT' || attempt >= 3) throw error;
    }
  }
}

export async function writeAll(handle: FileHandle, bytes: Buffer): Promise<void> {
  let offset = 0;
  while (offset < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
    offset += bytesWritten;
  }
}

/** A renamed or linked file survives a power cut only once its folder's entry is on disk too. */
export async function syncDirectory(folder: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(folder, 'r');
    await handle.sync();
  } catch {
    // Some platforms (Windows) cannot open a folder; the data itself is already synced.
  } finally {
    await handle?.close();
  }
}

export async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

export async function removeFile(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
}

export function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/** ENOTDIR too: a key whose folder is a file names nothing. */
export function isMissing(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'ENOENT' || code === 'ENOTDIR';
}
