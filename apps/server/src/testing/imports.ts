// A traveller's location history through the real import protocol (upload-url → PUT → complete), and what
// the suites ask of an import afterwards.
import { ImportPreview, ImportSummary, ImportUploadUrlResponse } from '@waymarks/shared';
import type { ObjectStorage } from '../adapters/storage/object-storage.js';
import type { ApiCall, SignedInUser, TestApp } from './test-app.js';

export type ImportStage = 'reserved' | 'stored' | 'read';

/**
 * Imports the files as one import, up to `until` (read by default: completed, and read by the job, which
 * apiCaller waits for); answers its id.
 */
export async function importFiles(
  t: TestApp,
  call: ApiCall,
  user: SignedInUser,
  files: readonly { name: string; bytes: Buffer }[],
  until: ImportStage = 'read',
): Promise<string> {
  let importId: string | undefined;
  for (const file of files) {
    const reserved = await call('POST', '/api/imports/upload-url', user, {
      fileName: file.name,
      fileSize: file.bytes.length,
      ...(importId ? { importId } : {}),
    });
    if (reserved.statusCode !== 200) throw new Error(`upload-url: ${reserved.statusCode} ${reserved.body}`);
    const link = ImportUploadUrlResponse.parse(reserved.json());
    importId = link.importId;
    if (until === 'reserved') continue;
    const stored = await putImportFile(t, link.uploadUrl, link.contentType, file.bytes);
    if (stored.status !== 200) throw new Error(`PUT ${link.uploadUrl}: ${stored.status} ${stored.body}`);
  }
  if (until !== 'read') return importId!;
  const completed = await call('POST', `/api/imports/${importId}/complete`, user);
  if (completed.statusCode !== 200) throw new Error(`complete: ${completed.statusCode} ${completed.body}`);
  return importId!;
}

/** The browser's PUT: to this app for local storage (a relative URL), straight to the bucket for S3. */
export async function putImportFile(
  t: TestApp,
  url: string,
  contentType: string,
  bytes: Buffer,
): Promise<{ status: number; body: string }> {
  if (url.startsWith('/')) {
    const res = await t.app.inject({
      method: 'PUT',
      url,
      payload: bytes,
      headers: { 'content-type': contentType },
    });
    return { status: res.statusCode, body: res.body };
  }
  const res = await fetch(url, { method: 'PUT', headers: { 'content-type': contentType }, body: bytes });
  return { status: res.status, body: await res.text() };
}

export async function importStatus(
  call: ApiCall,
  user: SignedInUser,
  importId: string,
): Promise<ImportSummary> {
  const res = await call('GET', `/api/imports/${importId}`, user);
  if (res.statusCode !== 200) throw new Error(`GET import: ${res.statusCode} ${res.body}`);
  return ImportSummary.parse(res.json());
}

export async function importPreview(
  call: ApiCall,
  user: SignedInUser,
  importId: string,
): Promise<ImportPreview> {
  const res = await call('GET', `/api/imports/${importId}/preview`, user);
  if (res.statusCode !== 200) throw new Error(`GET preview: ${res.statusCode} ${res.body}`);
  return ImportPreview.parse(res.json());
}

/** Every stored object of the traveller's imports: none once each is read, cancelled or swept. */
export async function importObjectsOf(
  storage: Pick<ObjectStorage, 'list'>,
  userId: string,
): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list(`imports/${userId}/`)) keys.push(object.key);
  return keys;
}
