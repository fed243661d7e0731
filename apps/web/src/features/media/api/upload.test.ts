import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyMediaMetadata } from '@waymarks/shared';
import { ApiError, createApi, type Transport } from '../../../lib/api';
import { BUSY_COMPLETE_ATTEMPTS, uploadOneFile } from './upload';
import { FileSkipped } from '../upload-flow';
import { buildMediaItem, buildPin } from '@waymarks/shared/testing';

const metadata = emptyMediaMetadata();

const busy = () =>
  new ApiError(503, JSON.stringify({ error: { code: 'SERVICE_BUSY', message: 'Busy' } }), '7');

const verification = { status: 'unverified', score: 0, hasLocationVerification: false } as const;

// Answers as the server's contract describes them: the client checks every answer in tests.
const reserved = {
  mediaId: 'm1',
  uploadUrl: '/put',
  contentType: 'image/jpeg',
  expiresAt: '2024-05-01T13:00:00.000Z',
};

const pin = buildPin({
  pinId: 'p1',
  title: 'Lisbon',
  lat: 38.72,
  lng: -9.14,
  mediaCount: 1,
  countryCode: 'PT',
  countryName: 'Portugal',
});

const completed = {
  mediaId: 'm1',
  verification,
  pin,
  // The usual answer now: stored and counted, its thumbnail and preview made afterwards.
  media: buildMediaItem({
    mediaId: 'm1',
    pinId: 'p1',
    status: 'processing',
    verification,
    thumbnailUrl: null,
    previewUrl: null,
  }),
};

/** A server whose complete answers 503 `busyTimes` times, then completes; records every call. */
function server(busyTimes: number, answer: unknown = completed) {
  const calls: string[] = [];
  let busyLeft = busyTimes;
  const request = vi.fn(async (path: string, options?: { method?: string }) => {
    calls.push(`${options?.method ?? 'GET'} ${path}`);
    if (path === '/media/upload-url') return reserved;
    if (path === '/media/complete') {
      if (busyLeft-- > 0) throw busy();
      return answer;
    }
    return undefined;
  });
  return { request: createApi(request as Transport), calls };
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
    const done = await uploadOneFile(request, 'p1', file, metadata, null, async (ms) => {
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
    await expect(uploadOneFile(request, 'p1', file, metadata, null, async () => {})).rejects.toThrow('Busy');
    expect(calls.filter((call) => call === 'POST /media/complete')).toHaveLength(BUSY_COMPLETE_ATTEMPTS);
    expect(calls.at(-1)).toBe('DELETE /media/m1');
  });
});

describe('uploadOneFile when the server answers the completion', () => {
  afterEach(() => vi.unstubAllGlobals());
  const file = new File([new Uint8Array([1, 2, 3])], 'a.jpg', { type: 'image/jpeg' });

  it('counts a file whose previews are still being made as uploaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 200 })),
    );
    const { request, calls } = server(0);
    const done = await uploadOneFile(request, 'p1', file, metadata, null, async () => {});
    expect(done).toEqual({ mediaId: 'm1', verification, pin, isVideo: false });
    expect(calls.some((call) => call.startsWith('DELETE'))).toBe(false);
  });

  it('fails a file refused at completion with its reason, and removes what is left of it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 200 })),
    );
    const reason = "The photo's data is damaged, so it could not be kept.";
    const refused = {
      ...completed,
      media: { ...completed.media, status: 'refused', refusal: reason },
    };
    const { request, calls } = server(0, refused);
    await expect(uploadOneFile(request, 'p1', file, metadata, null, async () => {})).rejects.toThrow(reason);
    await vi.waitFor(() => expect(calls.at(-1)).toBe('DELETE /media/m1'));
  });
});

describe('uploadOneFile refusing a file', () => {
  afterEach(() => vi.unstubAllGlobals());
  const file = new File([new Uint8Array([1, 2, 3])], 'a.jpg', { type: 'image/jpeg' });

  it('says an empty file is empty, by its name, without asking the server', async () => {
    const { request, calls } = server(0);
    const empty = new File([], 'empty.jpg', { type: 'image/jpeg' });
    await expect(uploadOneFile(request, 'p1', empty, metadata, null, async () => {})).rejects.toThrow(
      /^empty\.jpg is empty\.$/,
    );
    expect(calls).toEqual([]);
  });

  it('says a refused PUT and a lost connection by the file name, and frees the reservation', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 500 })),
    );
    const refused = server(0);
    await expect(uploadOneFile(refused.request, 'p1', file, metadata, null, async () => {})).rejects.toThrow(
      /^a\.jpg could not be sent \(Upload failed: 500\)\. Please try again\.$/,
    );
    await vi.waitFor(() => expect(refused.calls.at(-1)).toBe('DELETE /media/m1'));

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const offline = server(0);
    await expect(uploadOneFile(offline.request, 'p1', file, metadata, null, async () => {})).rejects.toThrow(
      /^a\.jpg could not be uploaded\. Check your connection and try again\.$/,
    );
    await vi.waitFor(() => expect(offline.calls.at(-1)).toBe('DELETE /media/m1'));
  });
});

describe('uploadOneFile with a file the traveller keeps already', () => {
  afterEach(() => vi.unstubAllGlobals());
  const file = new File([new Uint8Array([1, 2, 3])], 'IMG_1.jpg', { type: 'image/jpeg' });
  const hash = '039058c6f2c0cb492c533b0a4d14ef77cc0f78abccced5287d84a1a2011cfb81';
  const alreadyInLisbon = () =>
    new ApiError(409, JSON.stringify({ error: { code: 'ALREADY_UPLOADED', message: 'Already in Lisbon' } }));

  /** A server that knows the file at `step`; records every call with its body. */
  function knowing(step: 'reserve' | 'complete') {
    const calls: { call: string; body: unknown }[] = [];
    const request = vi.fn(async (path: string, options?: { method?: string; body?: unknown }) => {
      calls.push({ call: `${options?.method ?? 'GET'} ${path}`, body: options?.body });
      if (path === '/media/upload-url') {
        if (step === 'reserve') throw alreadyInLisbon();
        return reserved;
      }
      if (path === '/media/complete') throw alreadyInLisbon();
      return undefined;
    });
    return { request: createApi(request as Transport), calls };
  }

  it('sends its hash to be reserved, and is skipped where the server keeps it, its bytes never sent', async () => {
    const put = vi.fn(async () => new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', put);
    const { request, calls } = knowing('reserve');
    const upload = uploadOneFile(request, 'p1', file, metadata, hash, async () => {});

    await expect(upload).rejects.toThrow(new FileSkipped(file, 'Already in Lisbon'));
    await expect(upload).rejects.toThrow(/^IMG_1\.jpg: Already in Lisbon$/);
    expect(calls).toEqual([
      { call: 'POST /media/upload-url', body: expect.objectContaining({ contentHash: hash }) },
    ]);
    expect(put).not.toHaveBeenCalled();
  });

  it('is skipped when the server finds the copy at completion, which removed it already', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 200 })),
    );
    const { request, calls } = knowing('complete');
    const upload = uploadOneFile(request, 'p1', file, metadata, null, async () => {});

    await expect(upload).rejects.toBeInstanceOf(FileSkipped);
    await expect(upload).rejects.toThrow(/^IMG_1\.jpg: Already in Lisbon$/);
    expect(calls[0]!.body).not.toHaveProperty('contentHash');
    expect(calls.map(({ call }) => call)).toEqual(['POST /media/upload-url', 'POST /media/complete']);
  });
});
