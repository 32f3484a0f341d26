// Measures the built page (dist/) with Lighthouse the way a phone would see it: the default mobile
// preset (simulated slow 4G, 4x CPU slowdown), in Debian's Chromium, N times (first argument,
// default 3). Prints each run and the median, writes the median to
// tests/e2e/artifacts/lighthouse.json, and exits 1 when accessibility, best practices or SEO
// score below 100 in any run. Performance is reported, and gated only by the thresholds set in
// LH_MIN_PERFORMANCE (0-100), LH_MAX_LCP_MS, LH_MAX_TBT_MS and LH_MAX_CLS (on the median).
//
// Lighthouse and chrome-launcher are not dependencies of the repo: .ci/lighthouse installs them
// in a cache folder and passes it as LIGHTHOUSE_HOME. ES modules ignore NODE_PATH, so the two
// packages are resolved from that folder here and loaded with a dynamic import.

import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const dist = process.env.DIST ?? join(root, 'dist');
const output = join(root, 'tests/e2e/artifacts/lighthouse.json');

const runs = Number(process.argv[2] ?? 3);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`usage: node tools/lighthouse.mjs [RUNS]  (RUNS a whole number >= 1, got ${process.argv[2]})`);
  process.exit(2);
}

/** Optional performance gates: only those set are checked. */
function threshold(name) {
  const text = process.env[name];
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!Number.isFinite(value)) {
    console.error(`${name}=${text} is not a number`);
    process.exit(2);
  }
  return value;
}
const gates = {
  minPerformance: threshold('LH_MIN_PERFORMANCE'),
  maxLcpMs: threshold('LH_MAX_LCP_MS'),
  maxTbtMs: threshold('LH_MAX_TBT_MS'),
  maxCls: threshold('LH_MAX_CLS'),
};

/** Loads an ES module package from LIGHTHOUSE_HOME if given, else as a bare import. */
async function load(name) {
  const home = process.env.LIGHTHOUSE_HOME;
  if (!home) return import(name);
  // createRequire only needs a path inside the folder to resolve from; the file need not exist.
  const require = createRequire(join(resolve(home), 'package.json'));
  return import(pathToFileURL(require.resolve(name)).href);
}
const { default: lighthouse } = await load('lighthouse');
const chromeLauncher = await load('chrome-launcher');

// --- A static server for dist/ that compresses as a real host would ---------------------------
// Without Content-Encoding the wasm and JS cost far more time on the simulated 4G than they would
// in production, which would make the LCP figure misleading.

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};
// PNG is compressed already; gzip would only add work.
const compressible = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt', '.wasm']);

// Each file is read and gzipped once, so compression time never shows up in the measurements.
const cache = new Map();
async function asset(file) {
  if (!cache.has(file)) {
    cache.set(file, readFile(file).then((raw) => ({
      raw,
      gzip: compressible.has(extname(file)) ? gzipSync(raw, { level: 9 }) : null,
    })));
  }
  return cache.get(file);
}

const server = createServer(async (request, response) => {
  let file;
  try {
    // Inside the try: a malformed request URL must give a 404, not bring the server down.
    const path = decodeURIComponent(new URL(request.url, 'http://localhost').pathname);
    file = normalize(join(dist, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(dist + sep)) throw new Error('outside dist');
    const { raw, gzip } = await asset(file);
    const headers = {
      'Content-Type': types[extname(file)] ?? 'application/octet-stream',
      // Revalidate every time: the measurement is of a first visit, and no stale copy may linger.
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
    };
    const acceptsGzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
    const body = gzip && acceptsGzip ? gzip : raw;
    if (body === gzip) headers['Content-Encoding'] = 'gzip';
    headers['Content-Length'] = body.length;
    response.writeHead(200, headers);
    response.end(request.method === 'HEAD' ? undefined : body);
  } catch {
    if (file) cache.delete(file);
    response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
    response.end('not found');
  }
});
await new Promise((ready) => server.listen(0, '127.0.0.1', ready));
const url = `http://127.0.0.1:${server.address().port}/`;

// --- Lighthouse runs ---------------------------------------------------------------------------

const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
// These three are expected at 100: anything less is a regression, so it fails the script.
const gated = ['accessibility', 'best-practices', 'seo'];
const metrics = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  speedIndexMs: 'speed-index',
  // Not scored since Lighthouse 10, but it tells when the app's board answers.
  ttiMs: 'interactive',
};
// Same flags as the end-to-end tests: these keep Chromium off hosts it cannot reach here.
const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** One Lighthouse run in a fresh Chromium (a fresh profile: nothing cached from the last run). */
async function measure() {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    chromeFlags,
    logLevel: 'silent',
  });
  try {
    // No config: Lighthouse's default, the mobile preset with simulated throttling.
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories });
    if (!result) throw new Error('Lighthouse returned no result');
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

/** The figures of one report, scores 0-100 (null when a category could not be scored). */
function figures(lhr) {
  const out = {};
  for (const id of categories) {
    const score = lhr.categories[id]?.score;
    out[id] = typeof score === 'number' ? Math.round(score * 100) : null;
  }
  for (const [key, id] of Object.entries(metrics)) {
    const value = lhr.audits[id]?.numericValue;
    // Whole milliseconds; CLS to four decimals (it is unitless, usually well under 1).
    out[key] = typeof value === 'number' ? (key === 'cls' ? Math.round(value * 1e4) / 1e4 : Math.round(value)) : null;
  }
  return out;
}

/** The audits that pull a gated category below 100, with a few of the elements or URLs at fault. */
function failures(lhr) {
  const found = [];
  for (const id of gated) {
    const category = lhr.categories[id];
    if (!category) continue;
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      // Weight 0 audits (informative, manual) do not count towards the score.
      if (ref.weight === 0 || !audit || audit.score === null || audit.score >= 1) continue;
      const items = (audit.details?.items ?? []).slice(0, 3)
        .map((item) => item.node?.selector ?? item.node?.snippet ?? item.url ?? item.source?.url ?? item.description)
        .filter(Boolean);
      found.push({ category: id, id: ref.id, title: audit.title, explanation: audit.explanation, items });
    }
  }
  return found;
}

const median = (values) => {
  const sorted = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const format = (f) => [
  `perf ${f.performance ?? '-'}`, `a11y ${f.accessibility ?? '-'}`, `bp ${f['best-practices'] ?? '-'}`, `seo ${f.seo ?? '-'}`,
  `FCP ${ms(f.fcpMs)}`, `LCP ${ms(f.lcpMs)}`, `TBT ${ms(f.tbtMs)}`,
  `CLS ${f.cls === null ? '-' : f.cls.toFixed(3)}`, `SI ${ms(f.speedIndexMs)}`, `TTI ${ms(f.ttiMs)}`,
].join('  ');
const ms = (v) => (v === null ? '-' : `${Math.round(v)} ms`);

const results = [];
const problems = [];
let environment;
try {
  console.log(`Lighthouse: ${url} (dist/), mobile preset, ${runs} run(s)`);
  for (let i = 1; i <= runs; i++) {
    const started = Date.now();
    const lhr = await measure();
    environment ??= { lighthouseVersion: lhr.lighthouseVersion, userAgent: lhr.environment?.hostUserAgent };
    if (lhr.runtimeError) problems.push(`run ${i}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    for (const warning of lhr.runWarnings ?? []) console.log(`  warning (run ${i}): ${warning}`);
    const f = figures(lhr);
    results.push(f);
    console.log(`run ${i}: ${format(f)}  (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    // What TBT is made of: the main-thread tasks over 50 ms once slowed down, and what ran in them.
    for (const task of lhr.audits['long-tasks']?.details?.items ?? []) {
      console.log(`  long task at ${Math.round(task.startTime)} ms: ${Math.round(task.duration)} ms (${task.url})`);
    }
    for (const id of gated) {
      if (f[id] === null || f[id] < 100) {
        problems.push(`run ${i}: ${id} score ${f[id] ?? 'missing'} (< 100)`);
      }
    }
    for (const failure of failures(lhr)) {
      const where = failure.items.length ? ` [${failure.items.join(', ')}]` : '';
      const why = failure.explanation ? ` — ${failure.explanation}` : '';
      problems.push(`run ${i}: ${failure.category} audit failed: ${failure.id}: ${failure.title}${why}${where}`);
    }
  }
} finally {
  await new Promise((done) => { server.close(done); server.closeAllConnections(); });
}

const summary = {};
for (const key of [...categories, ...Object.keys(metrics)]) summary[key] = median(results.map((f) => f[key]));
console.log(`median: ${format(summary)}`);

await mkdir(join(output, '..'), { recursive: true });
await writeFile(output, `${JSON.stringify({
  ...environment,
  preset: 'mobile (default): simulated slow 4G, 4x CPU slowdown',
  runs,
  median: summary,
  perRun: results,
}, null, 2)}\n`);
console.log(`wrote ${output.slice(root.length + 1)}`);

// Performance gates, only those set, on the median (single runs vary too much).
const check = (set, failed, text) => { if (set !== undefined && failed) problems.push(`median ${text}`); };
check(gates.minPerformance, (summary.performance ?? -1) < gates.minPerformance, `performance ${summary.performance} < LH_MIN_PERFORMANCE=${gates.minPerformance}`);
check(gates.maxLcpMs, (summary.lcpMs ?? Infinity) > gates.maxLcpMs, `LCP ${ms(summary.lcpMs)} > LH_MAX_LCP_MS=${gates.maxLcpMs}`);
check(gates.maxTbtMs, (summary.tbtMs ?? Infinity) > gates.maxTbtMs, `TBT ${ms(summary.tbtMs)} > LH_MAX_TBT_MS=${gates.maxTbtMs}`);
check(gates.maxCls, (summary.cls ?? Infinity) > gates.maxCls, `CLS ${summary.cls} > LH_MAX_CLS=${gates.maxCls}`);

if (problems.length) {
  console.log(`\nFAILED:\n${[...new Set(problems)].map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('accessibility, best practices and SEO at 100 in every run');
