import { describe, expect, it, vi } from 'vitest';
import type { ImportUploadUrlRequest } from '@waymarks/shared';
import { buildSummary } from './imports.testing';
import { isAbort, uploadImport, type ImportUploadDeps } from './upload-flow';

const file = (name: string, size: number) => new File([new Uint8Array(size)], name);

/** Deps whose PUTs report half, then all of each file; every call recorded. */
function server({ failPut = false }: { failPut?: boolean } = {}) {
  const calls: string[] = [];
  const links: ImportUploadUrlRequest[] = [];
  const deps: ImportUploadDeps = {
    uploadUrl: vi.fn(async (body: ImportUploadUrlRequest) => {
      links.push(body);
      calls.push(`link ${body.fileName}`);
      return {
        importId: 'imp-1',
        uploadUrl: `/put/${body.fileName}`,
        contentType: 'application/octet-stream',
        expiresAt: '2026-11-20T16:00:00.000Z',
      };
    }),
    put: vi.fn(async (url, sent, { contentType, onProgress }) => {
      calls.push(`put ${url} ${contentType}`);
      onProgress(sent.size / 2);
      if (failPut) throw new Error('PUT refused');
      onProgress(sent.size);
    }),
    complete: vi.fn(async (importId: string) => {
      calls.push(`complete ${importId}`);
      return buildSummary({ importId });
    }),
    remove: vi.fn(async (importId: string) => {
      calls.push(`remove ${importId}`);
    }),
  };
  return { deps, calls, links };
}

describe('uploadImport', () => {
  it('makes one import of several files, each PUT with its type, then completes once', async () => {
    const { deps, calls, links } = server();
    const progress: number[] = [];
    const done = await uploadImport([file('a.gpx', 100), file('b.gpx', 300)], deps, {
      onProgress: (percent) => progress.push(percent),
      signal: new AbortController().signal,
    });

    expect(done.importId).toBe('imp-1');
    expect(links).toEqual([
      { fileName: 'a.gpx', fileSize: 100 },
      { fileName: 'b.gpx', fileSize: 300, importId: 'imp-1' },
    ]);
    expect(calls).toEqual([
      'link a.gpx',
      'put /put/a.gpx application/octet-stream',
      'link b.gpx',
      'put /put/b.gpx application/octet-stream',
      'complete imp-1',
    ]);
    // Over both files' bytes: half of a, a, then half of b, all.
    expect(progress).toEqual([0, 12, 25, 62, 100]);
  });

  it('removes the import when a PUT fails, and says why', async () => {
    const { deps, calls } = server({ failPut: true });
    await expect(
      uploadImport([file('a.gpx', 100)], deps, {
        onProgress: () => {},
        signal: new AbortController().signal,
      }),
    ).rejects.toThrow('PUT refused');
    expect(calls.at(-1)).toBe('remove imp-1');
    expect(calls).not.toContain('complete imp-1');
  });

  it('removes the import when cancelled, and never completes it', async () => {
    const { deps, calls } = server();
    const controller = new AbortController();
    deps.put = vi.fn(
      (_url: string, _file: File, { signal }: { signal: AbortSignal }) =>
        new Promise<void>((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError'))),
        ),
    );
    const upload = uploadImport([file('a.gpx', 100)], deps, {
      onProgress: () => {},
      signal: controller.signal,
    });
    await vi.waitFor(() => expect(deps.put).toHaveBeenCalled());
    controller.abort();

    const error = await upload.catch((caught: unknown) => caught);
    expect(isAbort(error)).toBe(true);
    expect(calls).toEqual(['link a.gpx', 'remove imp-1']);
  });
});
