// The basemap's vector tiles, held in memory: the whole world, every zoom, is about 11,300 tiles and 5 MB.
// They are cut once per process, in a worker thread (basemap-worker.ts) started when the server listens or
// by the first tile request, and arrive zoom by zoom; a request for a zoom not cut yet waits for it.
import type { Worker } from 'node:worker_threads';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { BASEMAP_TILES_MAX_ZOOM } from '@waymarks/shared';
import { startModuleWorker, workerFileBeside } from '../../common/worker-thread.js';
import { serviceBusy } from '../../http/errors.js';
import type { BasemapCutJob, BasemapCutMessage } from './basemap-worker.js';

/** Above this size a tile is brotli-compressed at quality 5 rather than 11. */
const BROTLI_BEST_MAX_BYTES = 8 * 1024;

/**
 * Made on the first request for each, in zlib's thread pool, and kept. Brotli 11 takes up to 15 ms for a
 * tile of 8 KB (99 % of the tiles are under 4 KB, half under 100 bytes) but over 100 ms for the 48 KB tile
 * of zoom 0, which quality 5 writes in 2 ms, 5 % larger; the 26 tiles over 8 KB are world views, the
 * first ones every visitor asks for.
 */
const COMPRESSORS = {
  br: (body: Buffer) =>
    promisify(brotliCompress)(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: body.length <= BROTLI_BEST_MAX_BYTES ? 11 : 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body: Buffer) => promisify(gzip)(body, { level: 9 }),
} as const;
export type TileEncoding = keyof typeof COMPRESSORS;
export const TILE_ENCODINGS = Object.keys(COMPRESSORS) as TileEncoding[];

/** An encoded tile and what an answer needs of it. */
export class BasemapTile {
  private readonly compressed = new Map<TileEncoding, Promise<Buffer>>();

  constructor(
    readonly bytes: Buffer,
    /** Strong: a hash of the bytes, which change only with the data. */
    readonly etag: string,
  ) {}

  /** The tile compressed with `encoding`, made on the first request for it and kept. */
  encoded(encoding: TileEncoding): Promise<Buffer> {
    let copy = this.compressed.get(encoding);
    if (!copy) {
      copy = COMPRESSORS[encoding](this.bytes);
      this.compressed.set(encoding, copy);
      // A failed compression is not kept: the next answer tries again.
      copy.catch(() => this.compressed.delete(encoding));
    }
    return copy;
  }
}

/** Said to a request whose zoom could not be cut; the next request starts another attempt. */
export const BASEMAP_UNAVAILABLE = 'The basemap tiles could not be made. Please try again.';
const RETRY_AFTER_SECONDS = 5;

const ALL_ZOOMS = Array.from({ length: BASEMAP_TILES_MAX_ZOOM + 1 }, (_, z) => z);
const WORKER_FILE = workerFileBeside(import.meta.url, 'basemap-worker');

/** The cutting thread, basemap-worker.ts, on a job. */
export const startBasemapWorker = (job: BasemapCutJob): Worker =>
  startModuleWorker(WORKER_FILE, { workerData: job });

interface Waiter {
  resolve(): void;
  reject(error: unknown): void;
}

/** One run of the cutting thread. */
interface Cut {
  worker: Worker;
  startedAt: number;
  /** Requests waiting for a zoom of this run, by zoom. */
  waiters: Map<number, Waiter[]>;
}

/** What the cut took and made. */
export interface BasemapCutReport {
  /** Milliseconds from the start of the cut until each zoom could be served. */
  msByZoom: Record<number, number>;
  tiles: number;
  bytes: number;
}

export interface BasemapTilesOptions {
  /** Starts the cutting thread for a job; tests hand in threads that fail. */
  startWorker?: (job: BasemapCutJob) => Worker;
  log?: {
    info(object: object, message: string): void;
    error(object: object, message: string): void;
  };
}

export class BasemapTiles {
  /** Tiles with features by z/x/y; a tile of a cut zoom that is not here is open ocean. */
  private readonly tiles = new Map<string, BasemapTile>();
  private readonly cutZooms = new Set<number>();
  private cut: Cut | undefined;
  private closed = false;
  private readonly startWorker: (job: BasemapCutJob) => Worker;
  readonly report: BasemapCutReport = { msByZoom: {}, tiles: 0, bytes: 0 };

  constructor(private readonly options: BasemapTilesOptions = {}) {
    this.startWorker = options.startWorker ?? startBasemapWorker;
  }

  /** Whether z/x/y names a tile of this source: 0 ≤ z ≤ maxzoom and x, y within the zoom's grid. */
  static exists(z: number, x: number, y: number): boolean {
    const size = 2 ** z;
    return z >= 0 && z <= BASEMAP_TILES_MAX_ZOOM && x >= 0 && x < size && y >= 0 && y < size;
  }

  /** Whether every zoom has been cut. */
  get ready(): boolean {
    return this.cutZooms.size === ALL_ZOOMS.length;
  }

  /**
   * The tile at z/x/y, or null where it holds nothing (open ocean), once its zoom is cut. z/x/y must exist.
   * Rejects with a 503 if the cutting thread fails.
   */
  async tile(z: number, x: number, y: number): Promise<BasemapTile | null> {
    if (!BasemapTiles.exists(z, x, y)) throw new RangeError(`no basemap tile ${z}/${x}/${y}`);
    if (!this.cutZooms.has(z)) await this.zoomCut(z);
    return this.tiles.get(`${z}/${x}/${y}`) ?? null;
  }

  /** Starts cutting the zooms not cut yet, unless that is under way. Failures are logged. */
  start(): void {
    if (this.cut || this.closed || this.ready) return;
    const job: BasemapCutJob = { zooms: ALL_ZOOMS.filter((z) => !this.cutZooms.has(z)) };
    let worker: Worker;
    try {
      worker = this.startWorker(job);
    } catch (error) {
      // No thread (its file missing, too many threads): the request that asked is answered 503.
      this.options.log?.error({ err: error }, 'basemap tiles could not be cut');
      return;
    }
    const cut: Cut = { worker, startedAt: performance.now(), waiters: new Map() };
    this.cut = cut;
    worker.on('message', (message: BasemapCutMessage) => this.receive(cut, message));
    worker.once('error', (error) => this.fail(cut, error));
    worker.once('messageerror', (error) => this.fail(cut, error));
    worker.once('exit', (code) => {
      if (this.cut !== cut) return;
      if (!this.ready) this.fail(cut, new Error(`the basemap worker stopped with code ${code}`));
      else this.cut = undefined;
    });
  }

  /** Stops a cut under way (server shutdown); requests waiting for it are answered 503. */
  async close(): Promise<void> {
    this.closed = true;
    const cut = this.cut;
    if (!cut) return;
    this.cut = undefined;
    this.rejectWaiters(cut);
    await cut.worker.terminate();
  }

  private zoomCut(z: number): Promise<void> {
    this.start();
    const cut = this.cut;
    if (!cut) return Promise.reject(serviceBusy(BASEMAP_UNAVAILABLE, RETRY_AFTER_SECONDS));
    return new Promise((resolve, reject) => {
      const waiters = cut.waiters.get(z) ?? [];
      waiters.push({ resolve, reject });
      cut.waiters.set(z, waiters);
    });
  }

  private receive(cut: Cut, message: BasemapCutMessage): void {
    if (this.cut !== cut) return;
    if (message.kind === 'tiles') {
      for (const { x, y, etag, bytes } of message.tiles) {
        this.tiles.set(`${message.z}/${x}/${y}`, new BasemapTile(Buffer.from(bytes), etag));
        this.report.tiles += 1;
        this.report.bytes += bytes.byteLength;
      }
      return;
    }
    this.cutZooms.add(message.z);
    for (const waiter of cut.waiters.get(message.z) ?? []) waiter.resolve();
    cut.waiters.delete(message.z);
    this.report.msByZoom[message.z] = Math.round(performance.now() - cut.startedAt);
    if (this.ready) this.options.log?.info({ basemap: this.report }, 'basemap tiles cut');
  }

  private fail(cut: Cut, error: Error): void {
    if (this.cut !== cut) return;
    this.cut = undefined; // the next request tries again
    this.options.log?.error({ err: error }, 'basemap tiles could not be cut');
    this.rejectWaiters(cut);
    void cut.worker.terminate();
  }

  private rejectWaiters(cut: Cut): void {
    for (const waiters of cut.waiters.values()) {
      for (const waiter of waiters) waiter.reject(serviceBusy(BASEMAP_UNAVAILABLE, RETRY_AFTER_SECONDS));
    }
    cut.waiters.clear();
  }
}
