import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyMediaMetadata } from '@waymarks/shared';
import { ApiError } from '../../lib/api';
import { BUSY_COMPLETE_ATTEMPTS, uploadOneFile } from './upload-api';

const metadata = emptyMediaMetadata();

const busy = () =>
  new ApiError(503, JSON.stringify({ error: { code: 'SERVICE_BUSY', message: 'Busy' } }), '7');

const completed = {
  mediaId: 'm1',
  verification: { status: 'unverified', score: 0, hasLocationVerification: false },
  pin: { id: 'p1' },
};

/** A server whose complete answers 503 `busyTimes` times, then completes; records every call. */
function server(busyTimes: number) {
  const calls: string[] = [];
  let busyLeft = busyTimes;
  const request = vi.fn(async (path: string, options?: { method?: string }) => {
    calls.push(`${options?.method ?? 'GET'} ${path}`);
    if (path === '/media/upload-url') return { mediaId: 'm1', uploadUrl: '/put', contentType: 'image/jpeg' };
    if (path === '/media/complete') {
      if (busyLeft-- > 0) throw busy();
      return completed;
    }
    return undefined;
  });
  return { request: request as unknown as Parameters<typeof uploadOneFile>[0], calls };
}

describe('uploadOneFile when the server is too busy to check the file', () => {
  afterEach(() => vi.unstubAllGlobals());
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null, { status: 200 })),
  );
  const file = new File([new Uint8Array([1, 2, 3])], 'a.jpg', { type: 'image/jpeg' });

  it('waits as Retry-After asks and completes, keeping the upload', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 200 })),
    );
    const { request, calls } = server(2);
    const waits: number[] = [];
    const done = await uploadOneFile(request, 'p1', file, metadata, async (ms) => {
      waits.push(ms);
    });
    expect(done.mediaId).toBe('m1');
    expect(waits).toEqual([7000, 7000]);
    expect(calls.filter((call) => call === 'POST /media/complete')).toHaveLength(3);
    expect(calls.some((call) => call.startsWith('DELETE'))).toBe(false);
  });

  it('gives the file up after a few tries, and only then frees its reservation', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 200 })),
    );
    const { request, calls } = server(100);
    await expect(uploadOneFile(request, 'p1', file, metadata, async () => {})).rejects.toThrow('Busy');
    expect(calls.filter((call) => call === 'POST /media/complete')).toHaveLength(BUSY_COMPLETE_ATTEMPTS);
    expect(calls.at(-1)).toBe('DELETE /media/m1');
  });
});
