#!/usr/bin/env node
// `npm test`: every test suite in order, unit → integration → e2e (after `npm run build`).
// A failing suite does not stop the next one, so one run reports every failure. At the end it prints
// per-suite counts read from the JSON reports in test-results/ and one last line
//   tests: N passed, M failed, K skipped
// and exits non-zero if any test failed, any suite crashed (no report, runner error, build failure)
// or any suite ran zero tests.
//
//   node scripts/test.mjs                      all suites
//   node scripts/test.mjs unit e2e             some suites, in the usual order
//   node scripts/test.mjs e2e --no-build       e2e against the existing build
//   node scripts/test.mjs unit -- src/foo      arguments after -- go to each selected runner
//
// Environment is passed through unchanged (TEST_DATABASE_URL, CHROMIUM_PATH, CI, …).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const resultsDir = path.join(root, 'test-results');

function binOf(pkg, name) {
  const manifestPath = require.resolve(`${pkg}/package.json`, { paths: [root] });
  const { bin } = JSON.parse(readFileSync(manifestPath, 'utf8'));
  return path.join(path.dirname(manifestPath), typeof bin === 'string' ? bin : bin[name]);
}

/** A tier run by Vitest: `projects` are the Vitest projects it is made of (by default, its name). */
const vitestSuite = (name, projects = [name]) => ({
  name,
  report: path.join(resultsDir, `${name}.json`),
  hookErrors: path.join(resultsDir, `${name}-hook-errors.json`),
  command: (extra) => [
    process.execPath,
    binOf('vitest', 'vitest'),
    'run',
    ...projects.flatMap((project) => ['--project', project]),
    '--reporter=default',
    '--reporter=json',
    '--reporter=./scripts/vitest-hook-errors.mjs',
    `--outputFile.json=test-results/${name}.json`,
    ...extra,
  ],
  parse(report) {
    const failedFiles = (report.testResults ?? []).filter(
      (file) => file.status === 'failed' && (file.assertionResults ?? []).every((t) => t.status !== 'failed'),
    );
    // A `describe`'s failed hook is not in the JSON report: the reporter above keeps it.
    const hookErrors = existsSync(this.hookErrors) ? JSON.parse(readFileSync(this.hookErrors, 'utf8')) : {};
    return {
      passed: report.numPassedTests ?? 0,
      failed: report.numFailedTests ?? 0,
      skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
      problems: failedFiles.map(
        (file) =>
          `${path.relative(root, file.name)} failed to run: ${excerpt(file.message || hookErrors[file.name]?.join('\n'), 12)}`,
      ),
    };
  },
});

const SUITES = [
  vitestSuite('unit', ['unit', 'unit-server']),
  vitestSuite('integration', ['integration', 'integration-mocking']),
  {
    name: 'e2e',
    report: path.join(resultsDir, 'e2e.json'),
    prepare: (options) => (options.build ? [npmCommand(), 'run', 'build'] : undefined),
    command: (extra) => [process.execPath, binOf('@playwright/test', 'playwright'), 'test', ...extra],
    parse(report) {
      const stats = report.stats ?? {};
      return {
        passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
        failed: stats.unexpected ?? 0,
        skipped: stats.skipped ?? 0,
        problems: (report.errors ?? []).map((error) => excerpt(error.message ?? String(error))),
      };
    },
  },
];

function npmCommand() {
  return process.platform === 'win32' ? 'npm.cmd' : 'npm';
}

/** The start of an error message: its first few non-empty lines, without colours. */
function excerpt(text, lines = 6) {
  return String(text ?? '')
    .replace(/\x1b\[[0-9;]*m/g, '') // eslint-disable-line no-control-regex -- strip ANSI colours
    .split('\n')
    .map((line) => line.trimEnd())
    .filter(Boolean)
    .slice(0, lines)
    .join('\n        ');
}

let current = null;
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = true;
    current?.kill(signal);
  });
}

function run([command, ...args], env = process.env) {
  return new Promise((resolve) => {
    console.log(`\n$ ${[path.relative(root, command) || command, ...args].join(' ')}`);
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
    current = child;
    child.on('error', (error) => {
      current = null;
      resolve({ code: null, error: error.message });
    });
    child.on('exit', (code, signal) => {
      current = null;
      resolve({ code, signal });
    });
  });
}

function parseArgs(argv) {
  const dash = argv.indexOf('--');
  const own = dash === -1 ? argv : argv.slice(0, dash);
  const extra = dash === -1 ? [] : argv.slice(dash + 1);
  const names = own.filter((arg) => !arg.startsWith('-'));
  const unknown = names.filter((name) => !SUITES.some((suite) => suite.name === name));
  const flags = own.filter((arg) => arg.startsWith('-'));
  const badFlags = flags.filter((flag) => flag !== '--no-build');
  if (unknown.length || badFlags.length) {
    console.error(`Unknown argument(s): ${[...unknown, ...badFlags].join(' ')}`);
    console.error(
      `Usage: node scripts/test.mjs [${SUITES.map((s) => s.name).join('|')}]... [--no-build] [-- runner args]`,
    );
    process.exit(2);
  }
  return {
    suites: names.length ? SUITES.filter((suite) => names.includes(suite.name)) : SUITES,
    extra,
    build: !flags.includes('--no-build'),
  };
}

async function runSuite(suite, options) {
  const started = Date.now();
  const result = { name: suite.name, passed: 0, failed: 0, skipped: 0, problems: [] };
  const finish = () => ({ ...result, seconds: (Date.now() - started) / 1000 });
  rmSync(suite.report, { force: true });
  if (suite.hookErrors) rmSync(suite.hookErrors, { force: true });

  const prepare = suite.prepare?.(options);
  if (prepare) {
    const buildStarted = Date.now();
    const built = await run(prepare);
    result.buildSeconds = (Date.now() - buildStarted) / 1000;
    if (built.code !== 0) {
      result.problems.push(
        `\`${prepare.slice(1).join(' ')}\` failed (${built.error ?? built.signal ?? `exit ${built.code}`})`,
      );
      return finish();
    }
  }
  if (interrupted) return finish();

  const env = suite.hookErrors ? { ...process.env, WAYMARKS_HOOK_ERRORS: suite.hookErrors } : process.env;
  const outcome = await run(suite.command(options.extra), env);
  if (!existsSync(suite.report)) {
    result.problems.push(
      `no report at ${path.relative(root, suite.report)} (${outcome.error ?? outcome.signal ?? `exit ${outcome.code}`})`,
    );
    return finish();
  }
  try {
    const parsed = suite.parse(JSON.parse(readFileSync(suite.report, 'utf8')));
    Object.assign(result, parsed, { problems: [...parsed.problems] });
  } catch (error) {
    result.problems.push(`unreadable report ${path.relative(root, suite.report)}: ${error.message}`);
    return finish();
  }
  if (outcome.code !== 0 && result.failed === 0 && result.problems.length === 0) {
    result.problems.push(`runner exited with ${outcome.signal ?? outcome.code} although no test failed`);
  }
  if (result.passed + result.failed === 0) result.problems.push('ran no tests');
  return finish();
}

const options = parseArgs(process.argv.slice(2));
mkdirSync(resultsDir, { recursive: true });

const startedAt = Date.now();
const results = [];
for (const suite of options.suites) {
  if (interrupted) break;
  results.push(await runSuite(suite, options));
}

const total = { passed: 0, failed: 0, skipped: 0 };
let ok = !interrupted;
console.log('\nTest summary');
for (const r of results) {
  total.passed += r.passed;
  total.failed += r.failed;
  total.skipped += r.skipped;
  if (r.failed > 0 || r.problems.length > 0) ok = false;
  const status = r.problems.length ? 'PROBLEM' : r.failed ? 'FAILED' : 'ok';
  const build = r.buildSeconds === undefined ? '' : `, of which the build ${r.buildSeconds.toFixed(1)} s`;
  console.log(
    `  ${r.name.padEnd(12)} ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped  (${r.seconds.toFixed(1)} s${build})  ${status}`,
  );
  for (const problem of r.problems) console.log(`      ! ${problem}`);
}
if (interrupted) console.log('  interrupted: remaining suites were not run');
console.log(`  ${'all'.padEnd(12)} ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(ok ? 0 : 1);
