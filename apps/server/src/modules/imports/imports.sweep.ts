// The imports' sweep, at start and every hour: it hands imports whose job was lost with a process (read
// or committed in memory, on SQLite) to the queue again, and keeps the promise of the privacy policy that
// no uploaded file stays longer than a day. It removes imports whose files never all went up, fails an
// import still not read after a day, forgets previews no one chose from in a week, and deletes every
// stored file that is not waiting to be read, or that is older than a day.
import { IMPORT_LIMITS } from '@waymarks/shared';
import type { ObjectStorage } from '../../adapters/storage/object-storage.js';
import type { JobQueue } from '../../jobs/queue.js';
import { IMPORT_PREFIX, parseImportKey } from './import-keys.js';
import { filesOf, type ImportsRepository } from './imports.repository.js';

export interface ImportSweepReport {
  resumed: number;
  abandoned: number;
  timedOut: number;
  forgotten: number;
  files: number;
}

interface ImportsSweepDeps {
  imports: ImportsRepository;
  storage: Pick<ObjectStorage, 'list' | 'delete'>;
  jobs: Pick<JobQueue, 'enqueue'>;
  now: () => number;
}

const HOUR_MS = 60 * 60 * 1000;
/** An uploaded file is kept at most this long, read or not. */
export const FILE_KEPT_MS = IMPORT_LIMITS.fileKeptHours * HOUR_MS;
/** A preview no one committed or cancelled is forgotten after this long. */
export const PREVIEW_KEPT_MS = 7 * 24 * HOUR_MS;
/** An upload link may still be writing for a while after it expired (a PUT begun just before). */
const UPLOAD_GRACE_MS = HOUR_MS;

export const IMPORT_TIMED_OUT_MESSAGE =
  'This import could not be read within a day, and its file has been deleted. Please try again.';

export class ImportsSweep {
  constructor(private readonly deps: ImportsSweepDeps) {}

  async run(): Promise<ImportSweepReport> {
    const { imports, jobs, now } = this.deps;
    const report: ImportSweepReport = { resumed: 0, abandoned: 0, timedOut: 0, forgotten: 0, files: 0 };
    const at = now();

    for (const row of await imports.withStatus('uploading', at - UPLOAD_GRACE_MS)) {
      if (row.expires_at > at - UPLOAD_GRACE_MS) continue;
      if (await imports.deleteUncommitted(row.id)) report.abandoned += 1;
    }
    for (const row of await imports.withStatus('reading')) {
      if (row.created_at < at - FILE_KEPT_MS) {
        const failed = await imports.move(row.id, 'reading', 'failed', at, {
          error_code: 'timed-out',
          error_message: IMPORT_TIMED_OUT_MESSAGE,
        });
        if (failed) report.timedOut += 1;
        continue;
      }
      // A job still queued or running takes this one with it (the same key): nothing is read twice at once.
      await jobs.enqueue('imports.read', { importId: row.id }, { key: row.id });
      report.resumed += 1;
    }
    for (const row of await imports.withStatus('committing')) {
      await jobs.enqueue('imports.commit', { importId: row.id }, { key: row.user_id });
      report.resumed += 1;
    }
    for (const row of await imports.withStatus('ready', at - PREVIEW_KEPT_MS)) {
      if (await imports.deleteUncommitted(row.id)) report.forgotten += 1;
    }
    report.files = await this.deleteFiles(at);
    return report;
  }

  /** Deletes every stored import file that no import waits to read, and every one older than a day. */
  private async deleteFiles(at: number): Promise<number> {
    const { imports, storage } = this.deps;
    const stale: string[] = [];
    const waiting = new Map<string, boolean>();
    for await (const object of storage.list(IMPORT_PREFIX)) {
      const parsed = parseImportKey(object.key);
      // Keys of another shape are not ours to judge; they are left alone.
      if (!parsed) continue;
      let wanted = waiting.get(parsed.importId);
      if (wanted === undefined) {
        const row = await imports.findById(parsed.importId);
        wanted =
          !!row &&
          row.user_id === parsed.userId &&
          (row.status === 'uploading' || row.status === 'reading') &&
          parsed.n < filesOf(row).length;
        waiting.set(parsed.importId, wanted);
      }
      if (!wanted || object.lastModified < at - FILE_KEPT_MS) stale.push(object.key);
    }
    for (let start = 0; start < stale.length; start += 500)
      await storage.delete(stale.slice(start, start + 500));
    return stale.length;
  }
}
