// `npm run bench` (issue 7 item 2): the built server on the large data set (seed:large), on
// SQLite and then on PostgreSQL when DATABASE_URL or TEST_DATABASE_URL is set, under autocannon
// load on loopback next to a bare Fastify ceiling; the Word export, cold start and RSS; the web
// app's gzipped JS/CSS and Lighthouse scores. Writes bench/results.json and a table to stdout.
// Budget misses are findings (exit 0); a failed run or any request error exits 1.
// Modules live in bench/; `node scripts/bench.mjs --help` lists the options.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createBoxes, login, reviewDeckUids, timeExport, typedStems as typedStemsOf } from '../bench/api.mjs';
import { measureCeiling } from '../bench/ceiling.mjs';
import { FLOOR_SCENARIOS, measureFloor } from '../bench/floor.mjs';
import { captureReads, measureSameBytes } from '../bench/same-bytes.mjs';
import { runLighthouse } from '../bench/lighthouse.mjs';
import { startTlsFront } from '../bench/tls-front.mjs';
import { drain, runScenario } from '../bench/load.mjs';
import { measureOneAtATime } from '../bench/one-at-a-time.mjs';
import { evaluateBudgets, printReport, writeResults } from '../bench/report.mjs';
import { buildScenarios, buildSearchTermScenarios } from '../bench/scenarios.mjs';
import { activeQueries, copyDataDir, createDatabase, databaseSize, dropDatabase, readSummary, runLineage, runSeed, SUMMARY_FILE } from '../bench/seed.mjs';
import { passThroughEnv, readRssMb, rssSampler, serverEnv, startProcess, stopProcess } from '../bench/server.mjs';
import { log, round } from '../bench/util.mjs';
import { measureWebAssets, servedEncoding } from '../bench/web-assets.mjs';

const USAGE = `npm run bench -- [options]
  --scale N              seed:large scale (1 = 100,000 problems; default 1)
  --data-dir DIR         start from this seeded SQLite DATA_DIR (copied first) instead of seeding
  --summary FILE         its seed summary (default DIR/${SUMMARY_FILE})
  --database-url URL     start from this seeded PostgreSQL database (copied as a template) instead of seeding
  --pg-data-dir DIR      the DATA_DIR seed:large put that database's uploads in (copied first)
  --pg-summary FILE      its seed summary (default PG-DATA-DIR/${SUMMARY_FILE})
  --no-sqlite, --no-postgres, --no-lighthouse, --no-ceiling, --no-same-bytes, --no-floor, --no-two-process   skip a part
                         (two-process: PostgreSQL read scenarios on two server processes, issue 18;
                          they share REDIS_URL when it is set)
  --duration S  --warmup S  --connections N  --write-connections N   load settings (10, 2, 100, 50)
  --login-requests N     logins in the login scenario (default 100; the server allows 120 a minute per address)
  --login-connections N  concurrent logins (default 4: scrypt runs on libuv's 4 threads)
  --export-runs N  --lighthouse-runs N   (7, 3)
  --keep                 keep the temp data dirs and the qbank_bench database
  --out FILE             results file (default bench/results.json)`;

const { values: opts } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    'data-dir': { type: 'string' },
    summary: { type: 'string' },
    'database-url': { type: 'string' },
    'pg-summary': { type: 'string' },
    'pg-data-dir': { type: 'string' },
    'no-sqlite': { type: 'boolean', default: false },
    'no-postgres': { type: 'boolean', default: false },
    'no-lighthouse': { type: 'boolean', default: false },
    'no-ceiling': { type: 'boolean', default: false },
    'no-floor': { type: 'boolean', default: false },
    'no-same-bytes': { type: 'boolean', default: false },
    'no-two-process': { type: 'boolean', default: false },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '100' },
    'write-connections': { type: 'string', default: '50' },
    'login-requests': { type: 'string', default: '100' },
    'login-connections': { type: 'string', default: '4' },
    'export-runs': { type: 'string', default: '7' },
    'lighthouse-runs': { type: 'string', default: '3' },
    port: { type: 'string', default: '3190' },
    keep: { type: 'boolean', default: false },
    out: { type: 'string', default: 'bench/results.json' },
    help: { type: 'boolean', default: false },
  },
});
if (opts.help) {
  console.log(USAGE);
  process.exit(0);
}

const num = (name) => {
  const value = Number(opts[name]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
};
const scale = num('scale');
const port = num('port');
const base = `http://127.0.0.1:${port}`;
const LOGIN_LIMIT_PER_MINUTE = 120; // apps/server/src/env.ts defaultRateLimits.loginPerIpPerMinute
const loginRequests = num('login-requests');
// Setup signs in three times per run (student, stats student, lead); the login scenario must stay under the per-address limit with them.
if (loginRequests + 3 > LOGIN_LIMIT_PER_MINUTE - 5) throw new Error(`--login-requests must stay below ${LOGIN_LIMIT_PER_MINUTE - 8} (login rate limit)`);
const load = {
  read: { connections: num('connections'), duration: num('duration'), warmup: num('warmup') },
  write: { connections: num('write-connections'), duration: num('duration'), warmup: num('warmup') },
  login: { connections: num('login-connections'), amount: loginRequests },
  termDuration: Math.max(2, Math.round(num('duration') / 2)),
};
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const pgServerUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const BENCH_DB = 'qbank_bench';
const serverDist = 'apps/server/dist/main.js';
const webDist = 'apps/web/dist';

if (!existsSync(serverDist) || !existsSync(path.join(webDist, 'index.html'))) {
  console.error(`The bench runs the built app: ${serverDist} or ${webDist}/index.html is missing. Run \`npm run build\` first.`);
  process.exit(1);
}

// A dist older than its sources measures other code than the tree holds, and a database migrated
// by seed:large (tsx, from source) may then carry a migration the built server does not know.
function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && /\.(ts|tsx|css)$/.test(entry.name)) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}
for (const [dist, sources] of [
  [serverDist, ['apps/server/src', 'packages/shared/src']],
  [path.join(webDist, 'index.html'), ['apps/web/src', 'packages/shared/src']],
]) {
  if (Math.max(...sources.map(newestSource)) > statSync(dist).mtimeMs)
    log(`warning: ${dist} is older than its sources; run \`npm run build\` to measure the current code`);
}

const passThrough = passThroughEnv(process.env);
// The seed decides the database from its flags only, never from an inherited DATABASE_URL; its
// DATA_DIR is set per run, so its config (jwt-secret) lands in the temp dir, not in ./data.
const seedEnv = { ...process.env };
delete seedEnv.DATABASE_URL;
delete seedEnv.TEST_DATABASE_URL;

const temps = [];
const tempDir = (prefix) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  temps.push(dir);
  return dir;
};

// A data set seeded before the newest migration gets it on the first start, which can take
// minutes (an index over 100,000 problems): that start is timed on its own, not as cold start.
const FIRST_START_TIMEOUT_MS = 30 * 60_000;

/** The load scenarios, search terms one by one, the export and (SQLite) Lighthouse on one server. */
async function benchServer({ dialect, env, summary, lighthouse, floor, extraIdle }) {
  log(`${dialect}: first start (applies pending migrations)`);
  const first = await startProcess({ args: [serverDist], env, healthUrl: `${base}/healthz`, label: `${dialect} server`, timeoutMs: FIRST_START_TIMEOUT_MS });
  await stopProcess(first.child);
  log(`${dialect}: first start healthy after ${first.coldStartMs} ms; starting again for the cold start`);
  const server = await startProcess({ args: [serverDist], env, healthUrl: `${base}/healthz`, label: `${dialect} server` });
  const run = { dialect, first_start_ms: first.coldStartMs, cold_start_ms: server.coldStartMs, rss_idle_mb: round(readRssMb(server.pid) ?? Number.NaN, 0) };
  log(`${dialect}: healthy after ${server.coldStartMs} ms`);
  let token;
  let capture = null;
  let readScenarios = [];
  try {
    token = await login(base, summary.accounts.student, summary.password);
    const boxCodes = [summary.studentBoxId, ...(await createBoxes(base, token, 29))];
    const reviewUids = await reviewDeckUids(base, token);
    const typedStems = await typedStemsOf(base, token, summary.exam120.test_code);
    // The statistics scenarios sign in as the student with the most answers and as a lead.
    const statsTokens = summary.stats
      ? { student: await login(base, summary.stats.student, summary.password), lead: await login(base, summary.accounts.lead, summary.password) }
      : null;
    const sampler = rssSampler(server.pid);
    run.scenarios = [];
    for (const scenario of buildScenarios({ summary, token, boxCodes, base, load, statsTokens, reviewUids, typedStems })) {
      log(
        `${dialect}: ${scenario.name} (${scenario.connections} connections, ${scenario.amount ? `${scenario.amount} requests` : `${scenario.duration} s after ${scenario.warmup} s warm-up`})`,
      );
      let result = await runScenario(base, scenario, sampler);
      result.drain_ms = await drain(base, server.pid, { extraIdle });
      if (result.saturated && !scenario.amount) {
        // Too slow to answer within the run: measure a fixed count instead (two requests per
        // connection, every one waited for), so the figures describe all requests, not the few.
        log(`  saturated; measuring ${2 * scenario.connections} requests to completion instead`);
        const timed = { ...scenario, amount: 2 * scenario.connections, warmup: 0, timeout: 120 };
        result = { ...(await runScenario(base, timed, sampler)), saturated: true, saturated_in_s: scenario.duration };
        result.drain_ms = await drain(base, server.pid, { extraIdle });
      }
      // The machine is shared: the load average after each run tells a noisy figure from a slow one.
      run.scenarios.push({
        kind: scenario.kind,
        ...(scenario.search ? { search: true } : {}),
        ...(scenario.cachedPublic ? { cached_public: true } : {}),
        ...result,
        load_average: round(os.loadavg()[0], 2),
      });
      log(
        `  ${result.rps} req/s, p50 ${result.p50_ms} p95 ${result.p95_ms} p99 ${result.p99_ms} ms, errors ${result.errors}${result.saturated ? `, SATURATED (${result.unfinished_at_end} unfinished)` : ''}; drained in ${result.drain_ms} ms`,
      );
    }
    for (const scenario of buildSearchTermScenarios({ summary, token, load: { duration: load.termDuration } })) {
      log(`${dialect}: ${scenario.name}`);
      const result = await runScenario(base, scenario, sampler);
      result.drain_ms = await drain(base, server.pid, { extraIdle });
      run.scenarios.push({ kind: scenario.kind, term: scenario.term, ...result, load_average: round(os.loadavg()[0], 2) });
    }
    log(`${dialect}: .docx export of exam ${summary.exam120.test_code}, ${num('export-runs')} runs`);
    run.export = await timeExport(base, token, summary.exam120.test_code, num('export-runs'));
    run.rss_peak_mb = Math.max(...run.scenarios.map((s) => s.rss_peak_mb ?? 0));
    if (lighthouse) await lighthouse(token);
    // The same-bytes ceiling replays these responses once qbank has stopped (it needs the cores).
    if (!opts['no-same-bytes']) {
      readScenarios = buildScenarios({ summary, token, boxCodes, base, load, statsTokens, reviewUids, typedStems }).filter((s) => s.kind === 'read');
      capture = await captureReads(
        base,
        buildScenarios({ summary, token, boxCodes, base, load, statsTokens, reviewUids, typedStems }).filter((s) => s.kind === 'read'),
      );
    }
  } finally {
    await stopProcess(server.child);
  }
  if (capture) run.same_bytes = await measureSameBytes({ scenarios: readScenarios, capture, port: port + 3, env: passThrough });
  // The floor reads the same database file, so it runs once qbank has stopped.
  if (floor) run.floor = await floor({ token, boxCodes: [summary.studentBoxId] });
  return run;
}

async function benchSqlite(web) {
  const dataDir = tempDir('qbank-bench-sqlite-');
  const run = { dialect: 'sqlite' };
  try {
    let summaryFile;
    let seedMs;
    if (opts['data-dir']) {
      copyDataDir(opts['data-dir'], dataDir);
      summaryFile = opts.summary ?? path.join(opts['data-dir'], SUMMARY_FILE);
    } else {
      summaryFile = path.join(dataDir, SUMMARY_FILE);
      seedMs = runSeed(['--data-dir', dataDir, '--scale', String(scale), '--summary', summaryFile], { ...seedEnv, DATA_DIR: dataDir });
    }
    const summary = readSummary(summaryFile);
    run.seed = { reused: Boolean(opts['data-dir']), wall_ms: seedMs, duration_ms: summary.durationMs, scale: summary.scale, counts: summary.counts };
    run.lineage_run = runLineage({ ...seedEnv, DATA_DIR: dataDir });
    const lighthouse = opts['no-lighthouse'] ? null : (token) => lighthouseRun(web, summary, token);
    const floor = opts['no-floor']
      ? null
      : ({ token, boxCodes }) =>
          measureFloor({
            scenarios: buildScenarios({ summary, token, boxCodes, base, load }).filter((s) => FLOOR_SCENARIOS.includes(s.name)),
            dataDir,
            token,
            port: port + 2,
            env: passThrough,
          });
    Object.assign(run, await benchServer({ dialect: 'sqlite', env: serverEnv(passThrough, port, { DATA_DIR: dataDir }), summary, lighthouse, floor }));
    run.one_at_a_time = measureOneAtATime({ dataDir, env: { ...seedEnv, DATA_DIR: dataDir } });
  } catch (error) {
    run.error = error instanceof Error ? error.message : String(error);
    log(`sqlite: FAILED ${run.error}`);
  }
  return run;
}

async function benchPostgres() {
  const dataDir = tempDir('qbank-bench-pg-');
  const run = { dialect: 'postgres' };
  let created = false;
  try {
    let summaryFile;
    let seedMs;
    let url;
    if (opts['database-url']) {
      if (!opts['pg-summary'] && !opts['pg-data-dir']) throw new Error('--database-url needs --pg-data-dir DIR or --pg-summary FILE');
      const source = new URL(opts['database-url']).pathname.slice(1);
      log(`postgres: copying database ${source} to ${BENCH_DB} (the bench writes to it)`);
      url = createDatabase(opts['database-url'], BENCH_DB, source);
      created = true;
      if (opts['pg-data-dir']) copyDataDir(opts['pg-data-dir'], dataDir);
      summaryFile = opts['pg-summary'] ?? path.join(opts['pg-data-dir'], SUMMARY_FILE);
    } else {
      url = createDatabase(pgServerUrl, BENCH_DB);
      created = true;
      summaryFile = path.join(dataDir, SUMMARY_FILE);
      seedMs = runSeed(['--database-url', url, '--data-dir', dataDir, '--scale', String(scale), '--summary', summaryFile], { ...seedEnv, DATA_DIR: dataDir });
    }
    const summary = readSummary(summaryFile);
    run.seed = {
      reused: Boolean(opts['database-url']),
      wall_ms: seedMs,
      duration_ms: summary.durationMs,
      scale: summary.scale,
      counts: summary.counts,
      database_mb: round(databaseSize(url, BENCH_DB) / 1e6, 0),
    };
    run.lineage_run = runLineage({ ...seedEnv, DATA_DIR: dataDir, DATABASE_URL: url });
    const extraIdle = async () => activeQueries(url, BENCH_DB) === 0;
    Object.assign(
      run,
      await benchServer({ dialect: 'postgres', env: serverEnv(passThrough, port, { DATA_DIR: dataDir, DATABASE_URL: url }), summary, extraIdle }),
    );
    run.one_at_a_time = measureOneAtATime({ dataDir, databaseUrl: url, env: { ...seedEnv, DATA_DIR: dataDir } });
    if (!opts['no-two-process']) run.two_process = await benchTwoProcesses({ url, dataDir, summary, single: run.scenarios ?? [], extraIdle });
  } catch (error) {
    run.error = error instanceof Error ? error.message : String(error);
    log(`postgres: FAILED ${run.error}`);
  } finally {
    if (created && !opts.keep) dropDatabase(opts['database-url'] ?? pgServerUrl, BENCH_DB);
  }
  return run;
}

const TWO_PROCESS_SCENARIOS = ['exam list page', '120-problem exam, problem list'];

/**
 * Issue 18: the read scenarios against two server processes on the same PostgreSQL database
 * (ports PORT and PORT+2), half the connections on each, at the same time. One machine, so the
 * figure to read is "no loss from sharing" (ratio to the one-process run near 1), not a speed-up.
 * Both processes use the same DATA_DIR (pictures on one disk) and JWT secret, and REDIS_URL when
 * it is set. Percentiles are the worse of the two processes'.
 */
async function benchTwoProcesses({ url, dataDir, summary, single, extraIdle }) {
  const ports = [port, port + 2];
  const shared = {
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    JWT_SECRET: 'bench-two-processes-shared-secret-0123456789',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  };
  const servers = [];
  const result = { redis: Boolean(process.env.REDIS_URL), scenarios: [] };
  try {
    for (const p of ports) {
      servers.push(
        await startProcess({
          args: [serverDist],
          env: serverEnv(passThrough, p, shared),
          healthUrl: `http://127.0.0.1:${p}/healthz`,
          label: `postgres server :${p}`,
        }),
      );
    }
    const bases = ports.map((p) => `http://127.0.0.1:${p}`);
    const token = await login(bases[0], summary.accounts.student, summary.password);
    const boxCodes = [summary.studentBoxId];
    const half = { ...load, read: { ...load.read, connections: Math.max(1, Math.round(load.read.connections / 2)) } };
    for (const name of TWO_PROCESS_SCENARIOS) {
      log(`postgres, two processes: ${name} (${half.read.connections} connections on each)`);
      const runs = await Promise.all(
        bases.map((base, i) => {
          const scenario = buildScenarios({ summary, token, boxCodes, base, load: half }).find((s) => s.name === name);
          return runScenario(base, scenario, rssSampler(servers[i].pid));
        }),
      );
      for (const [i, base] of bases.entries()) await drain(base, servers[i].pid, { extraIdle });
      const rps = runs.reduce((sum, r) => sum + r.rps, 0);
      const alone = single.find((s) => s.name === name);
      const combined = {
        name,
        connections: runs.reduce((sum, r) => sum + r.connections, 0),
        rps,
        p50_ms: Math.max(...runs.map((r) => r.p50_ms)),
        p95_ms: Math.max(...runs.map((r) => r.p95_ms)),
        p99_ms: Math.max(...runs.map((r) => r.p99_ms)),
        errors: runs.reduce((sum, r) => sum + r.errors, 0),
        per_process_rps: runs.map((r) => r.rps),
        ratio_to_one_process: alone?.rps ? round(rps / alone.rps, 3) : null,
        load_average: round(os.loadavg()[0], 2),
      };
      result.scenarios.push(combined);
      log(
        `  ${rps} req/s (${combined.per_process_rps.join(' + ')}), ${combined.ratio_to_one_process ?? '?'}× one process, p99 ${combined.p99_ms} ms, errors ${combined.errors}`,
      );
    }
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
    log(`postgres, two processes: FAILED ${result.error}`);
  } finally {
    for (const server of servers) await stopProcess(server.child);
  }
  return result;
}

/** Lighthouse against the running SQLite server: two public pages and the exam's problem list. */
async function lighthouseRun(web, summary, token) {
  try {
    web.served_encoding = await servedEncoding(base, webDist);
    // The web app keeps the session in the HttpOnly `token` cookie (apps/web/src/lib/login-session.ts).
    const cookie = { Cookie: `token=${token}` };
    const pages = [
      { name: 'home', url: `${base}/home` },
      { name: 'exams', url: `${base}/exams` },
      // View "all" (answers and explanations): the heaviest way a student reads the list.
      { name: 'problem list', url: `${base}/tests/${summary.exam120.test_code}/problems?view=all`, headers: cookie, signedIn: true },
      { name: 'solve', url: `${base}/tests/${summary.exam120.test_code}/solve`, headers: cookie, signedIn: true },
    ];
    log(`lighthouse: ${pages.length} pages × ${num('lighthouse-runs')} runs with ${chromePath}`);
    web.lighthouse = await runLighthouse({ pages, chromePath, runs: num('lighthouse-runs'), log });
    await lighthouseOverHttp2(web, pages);
  } catch (error) {
    web.lighthouse_error = error instanceof Error ? error.message : String(error);
    log(`lighthouse: FAILED ${web.lighthouse_error}`);
  }
}

/** The same pages through TLS and HTTP/2, as docs/deploy.md serves them (bench/tls-front.mjs). */
async function lighthouseOverHttp2(web, pages) {
  let front;
  try {
    front = await startTlsFront(port + 5, port);
    const throughFront = pages.map((page) => ({ ...page, url: page.url.replace(base, front.base) }));
    log(`lighthouse over HTTP/2 (${front.base}): ${pages.length} pages × ${num('lighthouse-runs')} runs`);
    web.lighthouse_http2 = await runLighthouse({
      pages: throughFront,
      chromePath,
      runs: num('lighthouse-runs'),
      log: (line) => log(`${line} (HTTP/2)`),
      // The front's certificate is self-signed for this run.
      extraChromeFlags: ['--ignore-certificate-errors'],
    });
  } catch (error) {
    web.lighthouse_http2_error = error instanceof Error ? error.message : String(error);
    log(`lighthouse over HTTP/2: FAILED ${web.lighthouse_http2_error}`);
  } finally {
    await front?.close();
  }
}

/** Which code was measured: the tree is shared, so the commit alone does not say. */
function buildFacts() {
  const git = (args) => spawnSync('git', args, { encoding: 'utf8' }).stdout?.trim() ?? '';
  const mtime = (file) => statSync(file).mtime.toISOString();
  return {
    git_head: git(['rev-parse', '--short', 'HEAD']),
    git_changed_files: git(['status', '--porcelain']).split('\n').filter(Boolean).length,
    server_dist_built: mtime(serverDist),
    web_dist_built: mtime(path.join(webDist, 'index.html')),
  };
}

const results = {
  date: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    cpu_model: os.cpus()[0]?.model ?? 'unknown',
    memory_gb: round(os.totalmem() / 2 ** 30, 0),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    load_average_at_start: os.loadavg().map((l) => round(l, 2)),
  },
  build: buildFacts(),
  options: {
    scale,
    load,
    login_note: `login: ${loginRequests} requests over ${load.login.connections} connections (limit ${LOGIN_LIMIT_PER_MINUTE}/min per address)`,
  },
  runs: [],
  web: {},
};

let failed = false;
try {
  results.web.assets = measureWebAssets(webDist);
  if (!opts['no-ceiling']) results.ceiling = await measureCeiling({ port: port + 1, env: passThrough, load: load.read });
  if (!opts['no-sqlite']) results.runs.push(await benchSqlite(results.web));
  if (!opts['no-postgres']) {
    if (pgServerUrl || opts['database-url']) results.runs.push(await benchPostgres());
    else log('postgres: skipped (set DATABASE_URL or TEST_DATABASE_URL)');
  }
} catch (error) {
  failed = true;
  results.error = error instanceof Error ? error.message : String(error);
  log(`FAILED ${results.error}`);
} finally {
  if (!opts.keep) for (const dir of temps) rmSync(dir, { recursive: true, force: true });
  else if (temps.length > 0) log(`kept ${temps.join(', ')}`);
}

if (results.ceiling) {
  for (const run of results.runs) for (const s of run.scenarios ?? []) s.ratio_to_ceiling = round(s.rps / results.ceiling.rps, 3);
}
for (const run of results.runs) {
  for (const s of run.scenarios ?? []) {
    const floor = run.floor?.[s.name];
    if (floor) s.ratio_to_floor = round(s.rps / floor.rps, 3);
    const same = run.same_bytes?.[s.name];
    if (same) {
      s.same_bytes_rps = same.rps;
      s.response_bytes = same.bytes;
      s.ratio_to_same_bytes = round(s.rps / same.rps, 3);
    }
  }
}
results.machine.load_average_at_end = os.loadavg().map((l) => round(l, 2));
results.budgets = evaluateBudgets(results);
writeResults(opts.out, results);
printReport(results);
console.log(`\nresults: ${opts.out}`);

const errored = results.runs.some(
  (run) => run.error || run.two_process?.error || [...(run.scenarios ?? []), ...(run.two_process?.scenarios ?? [])].some((s) => s.errors > 0),
);
if (failed || errored || results.web.lighthouse_error) process.exit(1);
