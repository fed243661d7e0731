// Lighthouse 12 on the public site: `/` and every info page, each with the desktop settings
// (lighthouse/core/config/desktop-config.js) and the default mobile settings, categories performance,
// accessibility, best practices and SEO, against the real built server started here. One Chromium (the test
// Chromium of e2e/support/chromium.ts, through chrome-launcher) serves every run; throttling is Lighthouse's
// default simulated throttling (Lantern), which models the network and CPU from the observed trace.
// Targets per run: performance ≥ 95 desktop / ≥ 95 mobile, largest contentful paint under 2 s on mobile,
// accessibility 100, best practices ≥ 95, SEO ≥ 95.
// The figure: how many page × form-factor runs meet all targets, and the lowest score of each category.
// The baseline, measured in the same run with the mobile settings: each page as it arrived before the public
// pages were prerendered, the empty index.html that JavaScript fills in, served through a small proxy here
// (index.html is what the server still sends for any page without a prerendered one, such as /signin).
import http from 'node:http';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import {
  fmt,
  freePort,
  performance,
  serverEntryPoint,
  startServer,
  stopProcess,
  tempDir,
  waitFor200,
  reportLines,
} from './lib.mjs';
import { launchLighthouseChrome } from './lighthouse-chrome.mjs';

const PAGES = [
  '/',
  '/about',
  '/privacy',
  '/terms',
  '/stripe-privacy',
  '/liability',
  '/copyright',
  '/illegal-content',
  '/feedback',
];
const FORM_FACTORS = [
  { label: 'desktop', config: desktopConfig },
  { label: 'mobile', config: undefined }, // Lighthouse's default config: Moto G Power, slow 4G, 4× CPU
];
const CATEGORIES = [
  { id: 'performance', short: 'perf', target: { desktop: 95, mobile: 95 } },
  { id: 'accessibility', short: 'a11y', target: { desktop: 100, mobile: 100 } },
  { id: 'best-practices', short: 'bp', target: { desktop: 95, mobile: 95 } },
  { id: 'seo', short: 'seo', target: { desktop: 95, mobile: 95 } },
];

// Audits whose outcome depends on how the site is deployed (TLS, HTTP/2, HSTS) rather than on the pages:
// on plain http://127.0.0.1 they either cannot pass by their nature or are skipped by Lighthouse.
const DEPLOYMENT_AUDITS = {
  'is-on-https':
    'Lighthouse counts 127.0.0.1 as a secure context, so it cannot fail here and proves nothing about HTTPS in production',
  'redirects-http':
    'not applicable on localhost by design: the HTTP→HTTPS redirect can only be judged on the real host',
  'has-hsts':
    'unscored; judged from the Strict-Transport-Security header the server sends, which browsers ignore over plain http',
  'uses-http2':
    'unscored; Lighthouse skips localhost requests (and browsers speak HTTP/2 only over TLS), so it says nothing here',
};

/** Largest contentful paint on mobile (Lighthouse's default, simulated slow 4G and a 4× slower CPU). */
const MOBILE_LCP_TARGET_MS = 2000;
/** Any page path that has no prerendered HTML: the server answers it with index.html. */
const SHELL_PATH = '/signin';

const passes = (score, target) => score !== null && score >= target;
const lcpOf = (lhr) => lhr.audits['largest-contentful-paint']?.numericValue ?? null;
const pct = (score) => (score === null || score === undefined ? null : Math.round(score * 100));

/** The audits of one category that cost points: weighted, scored, and not perfect. */
function failingAudits(lhr, categoryId) {
  return lhr.categories[categoryId].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1)
    .filter((audit) => !['notApplicable', 'manual', 'informative'].includes(audit.scoreDisplayMode));
}

/** Where one item of an audit's details points: an element, a URL with its message, a robots.txt line. */
function whereOf(item) {
  if (item.node) return item.node.selector ?? item.node.snippet;
  if (item.issueType) {
    const urls = (item.subItems?.items ?? [])
      .map((sub) => sub.url ?? sub.sourceLocation?.url)
      .filter(Boolean);
    return `${item.issueType}${urls.length ? ` (${[...new Set(urls)].slice(0, 3).join(', ')})` : ''}`;
  }
  const url = item.url ?? item.sourceLocation?.url;
  if (item.message) return `line ${item.index ?? '?'}: ${item.message}${item.line ? ` '${item.line}'` : ''}`;
  if (item.description) return url ? `${url}: ${item.description}` : item.description;
  return url;
}

/** A short explanation of one failing audit: its title, value and the first offending elements/URLs. */
function describeAudit(audit, { brief = false } = {}) {
  const parts = [audit.title];
  if (audit.displayValue) parts.push(`(${audit.displayValue})`);
  if (brief) return parts.join(' ');
  const items = audit.details?.items ?? [];
  const where = items
    .slice(0, 3)
    .map(whereOf)
    .filter(Boolean)
    .map((text) => String(text).slice(0, 140));
  if (where.length > 0)
    parts.push(`at ${where.join(' | ')}${items.length > 3 ? ` … (${items.length} in all)` : ''}`);
  if (DEPLOYMENT_AUDITS[audit.id]) parts.push(`[deployment: ${DEPLOYMENT_AUDITS[audit.id]}]`);
  return parts.join(' ');
}

/** For a performance score under target: the metrics that lost points and the biggest opportunities. */
function describePerformance(lhr) {
  const metrics = lhr.categories.performance.auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => ({ audit: lhr.audits[ref.id], weight: ref.weight }))
    .filter(({ audit }) => audit?.score !== null && audit.score < 0.9)
    .map(
      ({ audit, weight }) =>
        `${audit.title} ${audit.displayValue} (score ${pct(audit.score)}, weight ${weight})`,
    );
  const opportunities = Object.values(lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 1)
    .filter((audit) => audit.details?.type === 'opportunity' || audit.metricSavings)
    .map((audit) => ({
      audit,
      savings: audit.details?.overallSavingsMs ?? 0,
      lcp: audit.metricSavings?.LCP ?? 0,
      fcp: audit.metricSavings?.FCP ?? 0,
    }))
    .filter(({ audit }) => audit.id !== 'largest-contentful-paint-element')
    .filter(({ savings, lcp, fcp }) => savings > 0 || lcp > 0 || fcp > 0)
    .sort((a, b) => Math.max(b.savings, b.lcp, b.fcp) - Math.max(a.savings, a.lcp, a.fcp))
    .slice(0, 4)
    .map(({ audit }) => `${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
  const lcpElement = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  return [
    ...(metrics.length ? [`metrics: ${metrics.join('; ')}`] : []),
    ...(opportunities.length ? [`opportunities: ${opportunities.join('; ')}`] : []),
    ...(lcpElement ? [`LCP element: ${lcpElement.selector ?? lcpElement.snippet}`] : []),
  ];
}

/**
 * A proxy to the server that answers the page paths of PAGES with index.html, as the server did before
 * those pages were prerendered, and passes every other request (scripts, styles, the API) through as is.
 */
function startShellProxy(origin) {
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', origin).pathname;
    const target = PAGES.includes(pathname) ? SHELL_PATH : (req.url ?? '/');
    const headers = { ...req.headers, host: new URL(origin).host };
    const upstream = http.request(`${origin}${target}`, { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

export async function run() {
  const entry = serverEntryPoint(); // builds when the build is missing
  const { details, log } = reportLines();
  log(`server: ${entry.label}`);

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = startServer({ port, dataDir: tempDir() });
  let chrome;
  let proxy;
  const runs = [];
  const baseline = new Map(); // page → the mobile result of its client-rendered shell
  try {
    await waitFor200(`${origin}/api/ready`, server);
    proxy = await startShellProxy(origin);
    const shellOrigin = `http://127.0.0.1:${proxy.address().port}`;
    const launched = await launchLighthouseChrome(CATEGORIES.map((category) => category.id));
    chrome = launched.chrome;
    const { flags } = launched;
    const audit = async (url, form) => {
      const started = performance.now();
      const result = await lighthouse(url, flags, form.config);
      const seconds = (performance.now() - started) / 1000;
      if (!result?.lhr) throw new Error(`Lighthouse returned no result for ${url} (${form.label})`);
      return { lhr: result.lhr, seconds };
    };
    const mobile = FORM_FACTORS.find((form) => form.label === 'mobile');
    for (const page of PAGES) {
      // The baseline first, page by page, so both measurements of a page share the machine's load.
      const shell = await audit(`${shellOrigin}${page}`, mobile);
      baseline.set(page, shell);
      console.log(
        `  … ${page} mobile, client-rendered (baseline): perf ${pct(shell.lhr.categories.performance.score)}, ` +
          `LCP ${fmt(lcpOf(shell.lhr))} ms (${fmt(shell.seconds, 1)} s)`,
      );
      for (const form of FORM_FACTORS) {
        const { lhr, seconds } = await audit(`${origin}${page}`, form);
        runs.push({ page, form: form.label, lhr, seconds });
        const scores = CATEGORIES.map((c) => `${c.short} ${pct(lhr.categories[c.id]?.score) ?? '-'}`);
        console.log(
          `  … ${page} ${form.label}: ${scores.join(', ')}, LCP ${fmt(lcpOf(lhr))} ms (${fmt(seconds, 1)} s)`,
        );
      }
    }
  } finally {
    await chrome?.kill();
    await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve()));
    await stopProcess(server);
  }

  const first = runs[0].lhr;
  log(
    `Lighthouse ${first.lighthouseVersion}, ${first.environment.hostUserAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}, ` +
      `simulated throttling, benchmarkIndex ${first.environment.benchmarkIndex} (this machine's CPU speed as Lighthouse measures it)`,
  );

  // The table: page × form factor × four scores; a '✗' marks a score under its target.
  const rows = runs.map((r) => {
    const cells = CATEGORIES.map((category) => {
      const score = pct(r.lhr.categories[category.id]?.score);
      const ok = passes(score, category.target[r.form]);
      return { category, score, ok };
    });
    const lcp = lcpOf(r.lhr);
    const lcpOk = r.form !== 'mobile' || (lcp !== null && lcp < MOBILE_LCP_TARGET_MS);
    return { ...r, cells, lcp, lcpOk, ok: lcpOk && cells.every((cell) => cell.ok) };
  });
  const pageWidth = Math.max(4, ...PAGES.map((p) => p.length));
  const head = [
    'page'.padEnd(pageWidth),
    'form   ',
    ...CATEGORIES.map((c) => c.short.padStart(6)),
    '   LCP ms',
    '  all',
  ];
  log(head.join('  '));
  log(head.map((cell) => '-'.repeat(cell.length)).join('  '));
  for (const row of rows) {
    log(
      [
        row.page.padEnd(pageWidth),
        row.form.padEnd(7),
        ...row.cells.map((cell) => `${cell.score ?? '-'}${cell.ok ? ' ' : '✗'}`.padStart(6)),
        `${fmt(row.lcp ?? 0)}${row.lcpOk ? ' ' : '✗'}`.padStart(9),
        row.ok ? '   ok' : ' MISS',
      ].join('  '),
    );
  }
  log(
    `targets: perf ≥ ${CATEGORIES[0].target.desktop} desktop / ≥ ${CATEGORIES[0].target.mobile} mobile, ` +
      `mobile LCP < ${MOBILE_LCP_TARGET_MS} ms, a11y 100, bp ≥ 95, seo ≥ 95 (✗ = under target)`,
  );

  // Before and after, mobile: the client-rendered shell against the prerendered page, same run.
  log('\n  mobile, client-rendered index.html (baseline) → prerendered page, same run:');
  log(`${'page'.padEnd(pageWidth)}  ${'LCP ms before → after'.padEnd(30)}  perf before → after`);
  const lcpRatios = [];
  for (const row of rows.filter((r) => r.form === 'mobile')) {
    const before = baseline.get(row.page).lhr;
    const lcpBefore = lcpOf(before);
    const ratio = row.lcp / lcpBefore;
    lcpRatios.push(ratio);
    const perfBefore = pct(before.categories.performance.score);
    const perfAfter = row.cells[0].score;
    log(
      `${row.page.padEnd(pageWidth)}  ${`${fmt(lcpBefore)} → ${fmt(row.lcp)} (×${fmt(ratio, 2)})`.padEnd(30)}  ` +
        `${perfBefore} → ${perfAfter}`,
    );
  }

  // Points lost anywhere outside performance, also in scores that meet their target, grouped by audit.
  const lost = new Map();
  for (const row of rows) {
    for (const category of CATEGORIES.filter((c) => c.id !== 'performance')) {
      for (const audit of failingAudits(row.lhr, category.id)) {
        const key = `${category.short}: ${audit.id}`;
        const entry = lost.get(key) ?? { audit, category, runs: [] };
        entry.runs.push(`${row.page} ${row.form}`);
        lost.set(key, entry);
      }
    }
  }
  const failsEverywhere = new Set(
    [...lost.values()].filter((entry) => entry.runs.length === rows.length).map((entry) => entry.audit.id),
  );

  // What each failing score lost its points on.
  const misses = rows.filter((row) => !row.ok);
  if (misses.length > 0) log('\n  why scores are under target:');
  for (const row of misses) {
    if (!row.lcpOk) {
      const label = `${row.page} ${row.form} LCP ${fmt(row.lcp ?? 0)} ms:`;
      log(`${label} ${describePerformance(row.lhr).join('; ')}`);
    }
    for (const cell of row.cells.filter((c) => !c.ok)) {
      const label = `${row.page} ${row.form} ${cell.category.short} ${cell.score ?? '-'}:`;
      if (cell.score === null) {
        const error = row.lhr.categories[cell.category.id] ? 'no score' : 'category missing';
        log(`${label} ${row.lhr.runtimeError?.message ?? error}`);
        continue;
      }
      const audits = failingAudits(row.lhr, cell.category.id);
      if (cell.category.id === 'performance') {
        const lines = describePerformance(row.lhr);
        log(`${label} ${lines.shift() ?? '(no metric under 90)'}`);
        for (const line of lines) log(`${' '.repeat(label.length)} ${line}`);
      } else {
        const text = audits.map((audit) =>
          failsEverywhere.has(audit.id)
            ? `${describeAudit(audit, { brief: true })} [every run, see below]`
            : describeAudit(audit),
        );
        log(`${label} ${text.join('; ') || '(no failing weighted audit)'}`);
      }
    }
  }

  if (lost.size > 0)
    log('\n  every audit that cost points outside performance (also where the score meets its target):');
  for (const { audit, category, runs: where } of lost.values()) {
    const on = where.length === rows.length ? 'every run' : where.join(', ');
    log(`${category.short}: ${describeAudit(audit)} — ${on}`);
  }

  const warnings = [...new Set(runs.flatMap((r) => r.lhr.runWarnings ?? []))];
  for (const warning of warnings) log(`Lighthouse warning: ${warning.replace(/\s+/g, ' ').slice(0, 300)}`);

  // Deployment-dependent audits: say plainly what a localhost run can and cannot show.
  log('\n  audits that depend on the deployment, not the pages (plain http://127.0.0.1 here):');
  for (const [id, note] of Object.entries(DEPLOYMENT_AUDITS)) {
    const outcomes = new Map();
    for (const r of runs) {
      const audit = r.lhr.audits[id];
      const outcome = !audit
        ? 'not run'
        : audit.scoreDisplayMode === 'notApplicable'
          ? 'not applicable'
          : audit.score === null
            ? audit.scoreDisplayMode
            : audit.score === 1
              ? 'pass'
              : `fail (${audit.title})`;
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }
    const summary = [...outcomes].map(([outcome, count]) => `${outcome} ×${count}`).join(', ');
    log(`${id}: ${summary}; ${note}`);
  }

  // The figure: runs meeting every target, and the lowest score per category.
  const lowest = (category, form) => {
    const scores = rows
      .filter((row) => !form || row.form === form)
      .map((row) => row.cells.find((cell) => cell.category === category).score ?? 0);
    return Math.min(...scores);
  };
  const [perf, a11y, bp, seo] = CATEGORIES;
  const ok = rows.filter((row) => row.ok).length;
  const mobileLcps = rows.filter((row) => row.form === 'mobile').map((row) => row.lcp ?? Infinity);
  const baselineLcps = [...baseline.values()].map(({ lhr }) => lcpOf(lhr) ?? Infinity);
  const total = runs.reduce((sum, r) => sum + r.seconds, 0);
  log(`\n  ${runs.length} Lighthouse runs in ${fmt(total, 0)} s (${fmt(total / runs.length, 1)} s each)`);
  return {
    name: 'lighthouse',
    figure:
      `${ok}/${rows.length} page/form-factor runs meet all targets; lowest: perf ${lowest(perf, 'desktop')} desktop / ` +
      `${lowest(perf, 'mobile')} mobile, a11y ${lowest(a11y)}, bp ${lowest(bp)}, seo ${lowest(seo)}; ` +
      `slowest mobile LCP ${fmt(Math.max(...mobileLcps))} ms against ${fmt(Math.max(...baselineLcps))} ms ` +
      `client-rendered (×${fmt(Math.max(...lcpRatios), 2)} at most of the baseline, page by page)`,
    target:
      `every run: perf ≥ 95 desktop / ≥ 95 mobile, mobile LCP < ${MOBILE_LCP_TARGET_MS} ms, a11y 100, ` +
      'bp ≥ 95, seo ≥ 95',
    pass: ok === rows.length,
    details,
  };
}
