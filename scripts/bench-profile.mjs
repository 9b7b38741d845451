// `npm run bench:profile` (issue 33 item 2): where one read's time goes under load. Starts the
// built server with `node --cpu-prof` on a copy of a seeded data dir (or on a seeded PostgreSQL
// database), signs in as `npm run bench` does, runs one scenario of bench/scenarios.mjs with
// autocannon after a warm-up, stops the server with SIGINT (it exits on its own, so the profile is
// written) and keeps only the samples of the measured window. Prints req/s, the top frames by self
// time and each module's share; writes a JSON summary and the trimmed .cpuprofile (Chrome DevTools,
// speedscope). The arithmetic is in bench/cpu-profile.ts (tested by the server's vitest), hence tsx.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { login, reviewDeckUids, typedStems as typedStemsOf } from '../bench/api.mjs';
import { bundleResolver, moduleOf, summarizeProfile, trimProfile } from '../bench/cpu-profile.ts';
import { cpuTimes, cpuTimesOfCommand, runScenario } from '../bench/load.mjs';
import { buildScenarios } from '../bench/scenarios.mjs';
import { copyDataDir, readSummary, SUMMARY_FILE } from '../bench/seed.mjs';
import { passThroughEnv, serverEnv, startProcess, stopProcess } from '../bench/server.mjs';
import { log, round } from '../bench/util.mjs';

const USAGE = `npm run bench:profile -- --data-dir DIR --scenario NAME [options]
  --data-dir DIR        a seeded DATA_DIR (npm run seed:large; copied first, the copy is profiled)
  --summary FILE        its seed summary (default DIR/${SUMMARY_FILE})
  --database-url URL    profile on this seeded PostgreSQL database (used in place; DIR holds its uploads and summary)
  --scenario NAME       a read scenario of bench/scenarios.mjs, e.g. "review deck (due problems)";
                        --scenario list prints their names
  --seconds S           measured load (default 10), after --warmup S (default 2)
  --connections N       autocannon connections (default 100)
  --top N               frames to print (default 25)
  --port N              the server's port (default 3190)
  --out FILE            JSON summary (default bench/profiles/<scenario>.json); the trimmed profile
                        goes beside it as <FILE without .json>.cpuprofile`;

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER_DIST = path.join(ROOT, 'apps/server/dist/main.js');
// Scenarios that only read: writes change the data under the profile, login is rate limited.
const PROFILED_KINDS = new Set(['read', 'diagnostic']);

function usageError(message) {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

let opts;
try {
  ({ values: opts } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      summary: { type: 'string' },
      'database-url': { type: 'string' },
      scenario: { type: 'string' },
      seconds: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      connections: { type: 'string', default: '100' },
      top: { type: 'string', default: '25' },
      port: { type: 'string', default: '3190' },
      out: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  }));
} catch (error) {
  usageError(error.message);
}
if (opts.help) {
  console.log(USAGE);
  process.exit(0);
}

const positive = (name, { integer = false } = {}) => {
  const value = Number(opts[name]);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value)))
    usageError(`--${name} must be a positive ${integer ? 'integer' : 'number'}`);
  return value;
};

/** The scenarios `bench/scenarios.mjs` builds for a summary, signed-in tokens and a review deck. */
const profiledScenarios = (args) => buildScenarios(args).filter((s) => PROFILED_KINDS.has(s.kind));

/** Every scenario name, from a stand-in summary with stats and a review deck (no request is built). */
function scenarioNames() {
  const naming = { exam120: { problems: 1 }, classWithProblems: { problems: 1 }, problemIds: [1], searchTerms: ['-'], students: ['-'], stats: {} };
  const load = { read: {}, write: {}, login: {} };
  return profiledScenarios({ summary: naming, token: '', boxCodes: [], base: '', load, statsTokens: {}, reviewUids: [1], typedStems: [] }).map((s) => s.name);
}

if (opts.scenario === 'list') {
  for (const name of scenarioNames()) console.log(name);
  process.exit(0);
}
if (!opts['data-dir']) usageError('--data-dir is required');
if (!opts.scenario) usageError('--scenario is required (--scenario list prints the names)');
if (!scenarioNames().includes(opts.scenario)) usageError(`no read scenario "${opts.scenario}" (--scenario list prints the names)`);
const seconds = positive('seconds');
const warmup = positive('warmup');
const connections = positive('connections', { integer: true });
const top = positive('top', { integer: true });
const port = positive('port', { integer: true });
const base = `http://127.0.0.1:${port}`;
const slug = opts.scenario
  .toLowerCase()
  .replace(/[^a-z0-9]+/g, '-')
  .replace(/^-|-$/g, '');
const out = opts.out ?? path.join('bench/profiles', `${slug || 'scenario'}.json`);
const profileOut = `${out.replace(/\.json$/, '')}.cpuprofile`;
const dialect = opts['database-url'] ? 'postgres' : 'sqlite';

if (!existsSync(SERVER_DIST)) {
  console.error(`The profile runs the built server: ${SERVER_DIST} is missing. Run \`npm run build\` first.`);
  process.exit(1);
}
const summary = readSummary(opts.summary ?? path.join(opts['data-dir'], SUMMARY_FILE));

/** The main thread's profile among those --cpu-prof wrote (CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile). */
function mainThreadProfile(dir, pid) {
  const files = readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'));
  const main = files.find((name) => name.split('.')[3] === String(pid) && name.split('.')[4] === '0');
  if (!main) throw new Error(`no main-thread profile of process ${pid} in ${dir} (found: ${files.join(', ') || 'none'})`);
  return JSON.parse(readFileSync(path.join(dir, main), 'utf8'));
}

/** The clock of a .cpuprofile: V8's monotonic ticks in µs, on Linux the same CLOCK_MONOTONIC as hrtime. */
const nowUs = () => Number(process.hrtime.bigint() / 1000n);

/** Problems waiting for the lineage worker: it would detect them during the run, inside the profile. */
function queuedLineages(dataDir) {
  const db = new SQLite(path.join(dataDir, 'qbank.sqlite'), { readonly: true });
  try {
    return db.prepare('select count(*) as n from lineage_queue').get().n;
  } finally {
    db.close();
  }
}

function resolverForBundle() {
  const mapFile = `${SERVER_DIST}.map`;
  if (!existsSync(mapFile)) return { frameOf: undefined, appModule: () => null };
  const map = new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8')));
  return bundleResolver({
    bundleUrl: pathToFileURL(SERVER_DIST).href,
    lookup: (line, column) => map.findEntry(line, column),
    mapDir: path.dirname(mapFile),
    root: ROOT,
  });
}

const pct = (share) => `${(100 * share).toFixed(1)}`.padStart(5);

/** Per request, in µs: what the profile saw the main thread busy with, and what the kernel counted as CPU. */
function perRequest({ result, stats, window }) {
  const us = (seconds) => round((seconds * 1e6) / result.requests, 0);
  const used = (which, part) => window.cpuTo[which][part] - window.cpuFrom[which][part];
  return {
    profile_not_idle_us: us(stats.busyUs / 1e6),
    main_thread_user_us: us(used('main', 'user')),
    main_thread_system_us: us(used('main', 'system')),
    process_cpu_us: us(used('process', 'user') + used('process', 'system')),
    ...(dialect === 'postgres' ? { postgres_cpu_us: us(used('postgres', 'user') + used('postgres', 'system')) } : {}),
  };
}

function printReport({ scenario, result, stats, costs }) {
  const busy = stats.busyUs / (stats.busyUs + stats.idleUs);
  console.log(`${scenario.name} (${dialect}, ${connections} connections, ${seconds} s after ${warmup} s warm-up)`);
  console.log(
    `  ${result.rps.toLocaleString('en-US')} req/s, p50 ${result.p50_ms} p95 ${result.p95_ms} p99 ${result.p99_ms} ms, errors ${result.errors}${result.saturated ? ', SATURATED' : ''}`,
  );
  console.log(
    `  profile: ${round(stats.windowUs / 1e6, 2)} s window, ${stats.samples.toLocaleString('en-US')} samples, main thread not idle ${pct(busy).trim()} % of it`,
  );
  console.log(
    `  per request: ${costs.profile_not_idle_us} µs not idle in the profile; on a core (/proc) the main thread ${costs.main_thread_user_us} µs user + ` +
      `${costs.main_thread_system_us} µs system, all threads ${costs.process_cpu_us} µs; load average ${round(os.loadavg()[0], 1)}`,
  );
  // PostgreSQL's side of a read: every postgres process of the machine, so nothing else may use it during the run.
  if (costs.postgres_cpu_us !== undefined) console.log(`  PostgreSQL (every postgres process on this machine): ${costs.postgres_cpu_us} µs a request`);
  console.log(`\ntop ${stats.frames.length} frames by self time (% of non-idle time)`);
  for (const frame of stats.frames) console.log(`${pct(frame.selfShare)}  ${frame.function.slice(0, 44).padEnd(44)} ${frame.location}`);
  console.log('\nmodules (% of non-idle time; inclusive: on the stack, each sample once per module)');
  console.log(' self   incl  module');
  for (const row of stats.modules.slice(0, top)) console.log(`${pct(row.selfShare)}  ${pct(row.inclusiveShare)}  ${row.module}`);
}

const APP_GROUP = 'qbank (all its source files)';

const temps = [];
let server;
let failed = false;
try {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qbank-profile-data-'));
  const profileDir = mkdtempSync(path.join(os.tmpdir(), 'qbank-profile-'));
  temps.push(dataDir, profileDir);
  copyDataDir(opts['data-dir'], dataDir);
  if (dialect === 'sqlite') {
    const queued = queuedLineages(dataDir);
    if (queued > 0)
      log(`warning: ${queued} problems wait in lineage_queue; the lineage worker detects them during the run (run \`npm run lineage:run\` on DIR first)`);
  }
  const env = serverEnv(passThroughEnv(process.env), port, { DATA_DIR: dataDir, ...(opts['database-url'] ? { DATABASE_URL: opts['database-url'] } : {}) });
  log(`starting ${path.relative(ROOT, SERVER_DIST)} with --cpu-prof on ${base}`);
  server = await startProcess({
    args: ['--cpu-prof', '--cpu-prof-dir', profileDir, SERVER_DIST],
    env,
    healthUrl: `${base}/healthz`,
    label: `${dialect} server`,
  });

  // Signed in as the bench signs in: the student of the seed, and for the statistics and lead
  // scenarios the stats student and a lead.
  const token = await login(base, summary.accounts.student, summary.password);
  const reviewUids = await reviewDeckUids(base, token);
  const typedStems = await typedStemsOf(base, token, summary.exam120.test_code);
  const statsTokens = summary.stats
    ? { student: await login(base, summary.stats.student, summary.password), lead: await login(base, summary.accounts.lead, summary.password) }
    : null;
  const load = { read: { connections, duration: seconds, warmup }, write: {}, login: {} };
  const scenarios = profiledScenarios({ summary, token, boxCodes: [summary.studentBoxId], base, load, statsTokens, reviewUids, typedStems });
  const scenario = scenarios.find((s) => s.name === opts.scenario);
  if (!scenario) throw new Error(`no read scenario "${opts.scenario}" on this seed; it has:\n  ${scenarios.map((s) => s.name).join('\n  ')}`);

  log(`${scenario.name}: ${warmup} s warm-up, then ${seconds} s measured (${scenario.connections} connections)`);
  const window = {};
  const windowSampler = {
    start() {
      window.fromUs = nowUs();
      window.cpuFrom = { process: cpuTimes(server.pid), main: cpuTimes(server.pid, server.pid), postgres: cpuTimesOfCommand('postgres') };
      return {
        stop() {
          window.toUs = nowUs();
          window.cpuTo = { process: cpuTimes(server.pid), main: cpuTimes(server.pid, server.pid), postgres: cpuTimesOfCommand('postgres') };
        },
      };
    },
  };
  const result = await runScenario(base, scenario, windowSampler);
  log(`stopping the server (SIGINT) so it writes the profile`);
  await stopProcess(server.child, 30_000, 'SIGINT');
  const whole = mainThreadProfile(profileDir, server.pid);
  if (window.fromUs < whole.startTime || window.toUs > whole.endTime)
    throw new Error(`the measured window (${window.fromUs}–${window.toUs} µs) is outside the profile (${whole.startTime}–${whole.endTime} µs): clocks differ`);

  const profile = trimProfile(whole, window.fromUs, window.toUs);
  log(
    `profile: kept ${round((window.toUs - window.fromUs) / 1e6, 2)} s of load, dropped ${round((window.fromUs - whole.startTime) / 1e6, 2)} s before it (start-up, sign-in, warm-up) and ${round((whole.endTime - window.toUs) / 1e6, 2)} s after`,
  );
  const resolver = resolverForBundle();
  const stats = summarizeProfile(profile, {
    top,
    frameOf: resolver.frameOf,
    moduleOf: (callFrame) => moduleOf(callFrame, resolver.appModule),
    groupOf: (module) => (/^(apps|packages)\//.test(module) ? APP_GROUP : null),
  });
  const costs = perRequest({ result, stats, window });
  printReport({ scenario, result, stats, costs });

  mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  writeFileSync(profileOut, JSON.stringify(profile));
  const git = (args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  const written = {
    date: new Date().toISOString(),
    scenario: scenario.name,
    dialect,
    git_head: git(['rev-parse', '--short', 'HEAD']),
    machine: { cpus: os.cpus().length, cpu_model: os.cpus()[0]?.model ?? 'unknown', node: process.version, load_average: os.loadavg().map((l) => round(l, 2)) },
    load: result,
    profile: {
      file: profileOut,
      window_s: round(stats.windowUs / 1e6, 3),
      samples: stats.samples,
      busy_share: round(stats.busyUs / (stats.busyUs + stats.idleUs), 4),
      per_request: costs,
      frames: stats.frames.map((f) => ({ function: f.function, location: f.location, module: f.module, self_share: round(f.selfShare, 4) })),
      modules: stats.modules.map((m) => ({ module: m.module, self_share: round(m.selfShare, 4), inclusive_share: round(m.inclusiveShare, 4) })),
    },
  };
  writeFileSync(out, `${JSON.stringify(written, null, 2)}\n`);
  console.log(`\nsummary: ${out}\nprofile: ${profileOut} (the measured window only; open in Chrome DevTools or speedscope)`);
} catch (error) {
  failed = true;
  log(`FAILED ${error instanceof Error ? error.message : String(error)}`);
} finally {
  if (server) await stopProcess(server.child);
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
}
if (failed) process.exit(1);
