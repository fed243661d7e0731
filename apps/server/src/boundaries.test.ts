// The server-boundaries lint rule of eslint.config.js, run on code placed where it would live, and its
// allowlist held to the violations still in the tree.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const RULE = 'waymarks/server-boundaries';
const eslint = new ESLint({ cwd: ROOT });

/**
 * Entries in the allowlist when it was written. Lower it as entries go; never raise it: a new crossing is
 * fixed with a port in common/ or a module's index.ts, not allowed.
 */
const ALLOWLIST_CEILING = 6;

interface AllowEntry {
  file: string;
  imports?: string;
  table?: string;
  reason: string;
}

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === RULE)
    .map((message) => message.message);
}

async function allowlist(): Promise<AllowEntry[]> {
  const config = (await eslint.calculateConfigForFile(
    path.join(ROOT, 'apps/server/src/modules/pins/pins.service.ts'),
  )) as { rules: Record<string, [string, { allow: AllowEntry[] }]> };
  return config.rules[RULE]![1].allow;
}

/**
 * Each crossing in `files` (paths inside the server's modules), as allowlist keys, found with the allowlist
 * emptied. Crossings elsewhere fail `npm run lint` already; this finds the allowed ones that are gone.
 */
async function crossings(files: string[]): Promise<Set<string>> {
  const bare = new ESLint({
    cwd: ROOT,
    overrideConfig: { files: ['apps/server/src/**/*.ts'], rules: { [RULE]: ['error', { allow: [] }] } },
  });
  const results = await bare.lintFiles(
    [...new Set(files)].map((file) => path.join(ROOT, 'apps/server/src/modules', file)),
  );
  const found = new Set<string>();
  for (const result of results) {
    const file = path
      .relative(path.join(ROOT, 'apps/server/src/modules'), result.filePath)
      .split(path.sep)
      .join('/');
    for (const { ruleId, message } of result.messages) {
      if (ruleId !== RULE) continue;
      const imported = /imports (\S+) from inside/.exec(message)?.[1];
      const table = /^Table '(\w+)' belongs/.exec(message)?.[1];
      if (imported) found.add(`${file} imports ${imported}`);
      if (table) found.add(`${file} table ${table}`);
    }
  }
  return found;
}

const keyOf = (entry: AllowEntry) =>
  entry.imports ? `${entry.file} imports ${entry.imports}` : `${entry.file} table ${entry.table}`;

// The first lint loads the TypeScript parser, which takes seconds on a busy machine.
describe('server boundaries', { timeout: 120_000 }, () => {
  it("refuses a module importing another module's repository, or any file inside it", async () => {
    const errors = await boundaryErrors(
      'apps/server/src/modules/reports/probe.ts',
      [
        "import type { PinsRepository } from '../pins/pins.repository.js';",
        "import { toPin } from '../pins/pin-list.js';",
        'export type Probe = [PinsRepository, typeof toPin];',
      ].join('\n'),
    );

    expect(errors).toEqual([
      "Module 'reports' imports pins/pins.repository.ts from inside module 'pins': use its index.ts or a port of common/ instead.",
      "Module 'reports' imports pins/pin-list.ts from inside module 'pins': use its index.ts or a port of common/ instead.",
    ]);
  });

  it("lets a module use another's index.ts, the auth guard, common/ and its own files", async () => {
    const errors = await boundaryErrors(
      'apps/server/src/modules/reports/probe.ts',
      [
        "import { createBilling } from '../billing/index.js';",
        "import { requireAuth } from '../auth/require-auth.js';",
        "import type { TravellerPins } from '../../common/pins.js';",
        "import type { ReportsRepository } from './reports.repository.js';",
        'export type Probe = [typeof createBilling, typeof requireAuth, TravellerPins, ReportsRepository];',
      ].join('\n'),
    );

    expect(errors).toEqual([]);
  });

  it("refuses a query of another module's table, in Kysely's calls and in raw SQL", async () => {
    const errors = await boundaryErrors(
      'apps/server/src/modules/countries/probe.ts',
      [
        "import { sql } from 'kysely';",
        "import type { Db } from '../../db/database.js';",
        'export const probe = (db: Db) => [',
        "  db.selectFrom('pins as p').selectAll(),",
        "  db.updateTable('travel_stats').set({ pin_count: 0 }),",
        "  db.selectFrom('content_reports').innerJoin('users', 'users.id', 'content_reports.report_id'),",
        '  sql`delete from media where user_id = ${1}`,',
        '];',
      ].join('\n'),
    );

    expect(errors).toEqual([
      "Table 'pins' belongs to modules/pins/pins.repository.ts: ask that repository, not 'countries/probe.ts'.",
      "Table 'travel_stats' belongs to modules/progress/travel-stats.repository.ts: ask that repository, not 'countries/probe.ts'.",
      "Table 'content_reports' belongs to modules/reports/reports.repository.ts: ask that repository, not 'countries/probe.ts'.",
      "Table 'users' belongs to modules/auth/users.repository.ts: ask that repository, not 'countries/probe.ts'.",
      "Table 'media' belongs to modules/media/media.repository.ts: ask that repository, not 'countries/probe.ts'.",
    ]);
  });

  it('lets the owning repository query its tables, and refuses a table nobody owns', async () => {
    const owned = await boundaryErrors(
      'apps/server/src/modules/pins/pins.repository.ts',
      "import type { Db } from '../../db/database.js';\nexport const probe = (db: Db) => [db.selectFrom('pins').selectAll(), db.deleteFrom('pin_list_versions')];\n",
    );
    const unowned = await boundaryErrors(
      'apps/server/src/modules/pins/probe.ts',
      "import type { Db } from '../../db/database.js';\nexport const probe = (db: Db) => db.selectFrom('pin_drafts');\n",
    );

    expect(owned).toEqual([]);
    expect(unowned).toEqual([
      "Table 'pin_drafts' has no owner: name the repository that owns it in TABLE_OWNERS.",
    ]);
  });

  it("refuses the rest of the server a module's inside, and lets it use the module's index.ts", async () => {
    const errors = await boundaryErrors(
      'apps/server/src/jobs/probe.ts',
      [
        "import type { MediaSweep } from '../modules/media/media.sweep.js';",
        "import { createPins } from '../modules/pins/index.js';",
        'export type Probe = [MediaSweep, typeof createPins];',
      ].join('\n'),
    );

    expect(errors).toEqual([
      "'jobs/probe.ts' imports media/media.sweep.ts from inside module 'media': outside the modules, use the module's index.ts.",
    ]);
  });

  it('refuses common/ importing any module, even its index', async () => {
    const errors = await boundaryErrors(
      'apps/server/src/common/probe.ts',
      "import { createBilling } from '../modules/billing/index.js';\nexport const probe = createBilling;\n",
    );

    expect(errors).toEqual([
      "common/ holds the ports modules share and may not import module 'billing' ('../modules/billing/index.js').",
    ]);
  });

  it('holds the allowlist to crossings still in the tree, each with its reason, and lets it only shrink', async () => {
    const entries = await allowlist();
    const found = await crossings(entries.map((entry) => entry.file));

    const stale = entries.filter((entry) => !found.has(keyOf(entry))).map(keyOf);
    expect(stale, 'fixed crossings: remove their entries and lower ALLOWLIST_CEILING').toEqual([]);
    expect(entries.every((entry) => entry.reason.length >= 20)).toBe(true);
    expect(new Set(entries.map(keyOf)).size).toBe(entries.length);
    expect(entries.length).toBeLessThanOrEqual(ALLOWLIST_CEILING);
  });
});
