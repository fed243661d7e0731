// Password hashing: argon2id with at least OWASP's minimum (19 MiB, 2 passes); prints the time per hash.
// Loads the server's own apps/server/src/modules/auth/passwords.ts through tsx, so the options measured
// are the ones the server uses. Baseline in the same run: SHA-256 of the same password.
import { createHash } from 'node:crypto';
import { tsImport } from 'tsx/esm/api';
import { fmt, mean, median, performance, reportLines } from './lib.mjs';

const RUNS = 20;
const PASSWORD = 'Bench-pass1';
// OWASP Password Storage Cheat Sheet, argon2id minimum: m=19456 KiB (19 MiB), t=2, p=1.
const OWASP = { memoryCost: 19_456, timeCost: 2 };
const ARGON2ID = 2; // Algorithm.Argon2id in @node-rs/argon2

async function timeEach(count, fn) {
  const times = [];
  for (let i = 0; i < count; i += 1) {
    const start = performance.now();
    await fn(i);
    times.push(performance.now() - start);
  }
  return times;
}

/** m, t, p as written into the PHC string, e.g. $argon2id$v=19$m=19456,t=2,p=1$salt$hash */
function phcParameters(hash) {
  const match = /^\$(argon2(?:id|i|d))\$v=\d+\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(hash);
  if (!match) throw new Error(`not an argon2 PHC string: ${hash}`);
  return { variant: match[1], m: Number(match[2]), t: Number(match[3]), p: Number(match[4]) };
}

export async function run() {
  const { details, log } = reportLines();

  const passwords = await tsImport('../apps/server/src/modules/auth/passwords.ts', import.meta.url);
  const { ARGON2_OPTIONS, hashPassword, verifyPassword } = passwords;
  if (!ARGON2_OPTIONS || typeof hashPassword !== 'function' || typeof verifyPassword !== 'function') {
    throw new Error('passwords.ts no longer exports ARGON2_OPTIONS, hashPassword and verifyPassword');
  }
  log(`ARGON2_OPTIONS (apps/server/src/modules/auth/passwords.ts): ${JSON.stringify(ARGON2_OPTIONS)}`);

  // Warm-up (and verifyPassword's one-off dummy hash) before timing.
  const sample = await hashPassword(PASSWORD);
  await verifyPassword(sample, PASSWORD);
  const phc = phcParameters(sample);
  log(`a stored hash reads: ${sample.split('$').slice(0, 4).join('$')}$…`);

  const problems = [];
  if (ARGON2_OPTIONS.algorithm !== ARGON2ID || phc.variant !== 'argon2id') problems.push('not argon2id');
  if (ARGON2_OPTIONS.memoryCost < OWASP.memoryCost || phc.m < OWASP.memoryCost) {
    problems.push(`memory ${phc.m} KiB < ${OWASP.memoryCost} KiB`);
  }
  if (ARGON2_OPTIONS.timeCost < OWASP.timeCost || phc.t < OWASP.timeCost) {
    problems.push(`${phc.t} passes < ${OWASP.timeCost}`);
  }
  const meetsOwasp = problems.length === 0;
  log(
    `OWASP minimum (argon2id, m ≥ ${OWASP.memoryCost} KiB = 19 MiB, t ≥ ${OWASP.timeCost}): ` +
      (meetsOwasp
        ? `met (m=${phc.m} KiB = ${(phc.m / 1024).toFixed(1)} MiB, t=${phc.t}, p=${phc.p})`
        : problems.join('; ')),
  );

  const hashes = [];
  const hashTimes = await timeEach(RUNS, async () => hashes.push(await hashPassword(PASSWORD)));
  const verifyTimes = await timeEach(RUNS, async (i) => {
    if (!(await verifyPassword(hashes[i], PASSWORD)))
      throw new Error('verifyPassword refused the right password');
  });
  if (await verifyPassword(hashes[0], 'Wrong-pass1'))
    throw new Error('verifyPassword accepted a wrong password');

  // Baseline: a fast hash of the same password (warmed up so the JIT is not what gets measured).
  const sha256 = () => createHash('sha256').update(PASSWORD).digest();
  for (let i = 0; i < 1000; i += 1) sha256();
  const shaTimes = await timeEach(RUNS, sha256);

  // Medians: the machine may be shared, and one descheduled hash should not move the figure.
  const hashMs = median(hashTimes);
  const verifyMs = median(verifyTimes);
  const shaMs = median(shaTimes);
  const slowdown = hashMs / shaMs;
  const spread = (times) =>
    `mean ${mean(times).toFixed(1)}, min ${Math.min(...times).toFixed(1)}, max ${Math.max(...times).toFixed(1)}`;
  log(`argon2id hash:    ${hashMs.toFixed(1)} ms per hash (median of ${RUNS}; ${spread(hashTimes)})`);
  log(`argon2id verify:  ${verifyMs.toFixed(1)} ms per verify (median of ${RUNS}; ${spread(verifyTimes)})`);
  log(`SHA-256 baseline: ${(shaMs * 1000).toFixed(2)} µs per hash (median of ${RUNS}, after warm-up)`);
  log(`argon2id is ${fmt(slowdown)}× slower than SHA-256 per hash: that is the point`);
  log(
    `what it means: ~${fmt(1000 / hashMs)} hashes/s per core (a sign-in or sign-up costs ~${hashMs.toFixed(0)} ms ` +
      `of one core and ${(phc.m / 1024).toFixed(0)} MiB); someone holding a leaked database gets the same ` +
      `~${fmt(1000 / hashMs)} guesses/s per core instead of ~${fmt(1000 / shaMs)} with SHA-256 here (and far more on a GPU)`,
  );

  return {
    name: 'password-hash',
    figure: `${hashMs.toFixed(1)} ms/hash = ${fmt(slowdown)}× SHA-256 (~${fmt(1000 / hashMs)}/s/core)`,
    target: 'argon2id, m ≥ 19 MiB, t ≥ 2 (OWASP)',
    pass: meetsOwasp,
    details,
  };
}
