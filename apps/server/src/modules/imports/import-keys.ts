// Where an import's files live while they wait to be read. Keys are chosen by the server: nothing the
// browser sends (not the file's name) becomes part of a path. A link writes only the `upload-<n>` key;
// completing moves each to `file-<n>`, which no link names, so the bytes read are the bytes completed.

export const IMPORT_PREFIX = 'imports/';

/** Every object of the traveller's imports starts with this. */
export const importKeyPrefix = (userId: string): string => `${IMPORT_PREFIX}${userId}/`;

export interface ImportFileKeys {
  /** Where the browser's PUT of file n lands. */
  upload: string;
  /** The file as completed, read by the job. */
  file: string;
}

export function importFileKeys(userId: string, importId: string, n: number): ImportFileKeys {
  const base = `${importKeyPrefix(userId)}${importId}/`;
  return { upload: `${base}upload-${n}`, file: `${base}file-${n}` };
}

/** Every key the import's files may be stored under. */
export function importObjectKeys(userId: string, importId: string, files: number): string[] {
  return Array.from({ length: files }, (_, n) => Object.values(importFileKeys(userId, importId, n))).flat();
}

export interface ParsedImportKey {
  userId: string;
  importId: string;
  object: 'upload' | 'file';
  n: number;
}

/** What a stored key names, or undefined for a key that is not an import's. */
export function parseImportKey(key: string): ParsedImportKey | undefined {
  const match = /^imports\/([^/]+)\/([^/]+)\/(upload|file)-(\d{1,3})$/.exec(key);
  if (!match) return undefined;
  return {
    userId: match[1]!,
    importId: match[2]!,
    object: match[3] as 'upload' | 'file',
    n: Number(match[4]),
  };
}
