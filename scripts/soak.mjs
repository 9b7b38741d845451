// `npm run soak -- [--seconds 60] [--users 100] [--data-dir DIR]`: a soak test of the built server.
// Starts apps/server/dist/main.js on a fresh SQLite DATA_DIR with the demo data, or on a copy of a
// seeded one (`npm run seed:large`, its students: issue 33 item 4's memory at scale), with
// production password hashing, signs in N virtual users (once each: the login limit is per address
// per minute) as the approved accounts, and has each loop through what a student does: exam list, an exam's
// problems, a search, a problem and its comments, bookmark add/remove, comment post/delete, an
// answer in solve mode. Every answer that is not 2xx/3xx is an error, counted by route. The
// server's RSS is sampled every second. Prints a summary, writes bench/soak-results.json, and
// exits 1 on any error or if memory grew. Ends with SIGTERM and expects a clean exit.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { readSummary, SUMMARY_FILE } from '../bench/seed.mjs';

// Node 20 has a WebSocket client (for the inspector, below) only behind a flag.
if (typeof WebSocket === 'undefined') {
  const { status } = spawnSync(process.execPath, ['--experimental-websocket', '--no-warnings', ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(status ?? 1);
}

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    users: { type: 'string', default: '100' },
    out: { type: 'string', default: 'bench/soak-results.json' },
    // A seeded DATA_DIR (npm run seed:large) to soak on, copied first; the demo data when absent.
    'data-dir': { type: 'string' },
    'keep-data': { type: 'boolean', default: false },
    // Production hashing is the default, as in a deployment; `low` only for quick trial runs.
    'hash-cost': { type: 'string', default: 'production' },
  },
});
const seconds = Number(args.seconds);
const users = Number(args.users);
if (!(seconds > 0) || !(users > 0)) {
  console.error('usage: npm run soak -- [--seconds 60] [--users 100] [--data-dir SEEDED_DIR] [--out bench/soak-results.json]');
  process.exit(2);
}

// Memory is "flat" when the live heap (after a forced full GC) over the last two thirds of the
// run grows slower than this, and ends within this fraction of its size at one third. A leak of
// 1 kB per request at the rates seen here (hundreds a second) would grow it >10 MB a minute.
// RSS is reported too, but not judged: over a minute it follows when V8 chooses to collect.
const MAX_HEAP_SLOPE_MB_PER_MIN = 3;
const MAX_HEAP_END_OVER_THIRD = 0.1;
/** Forced-GC heap samples per run (start, then evenly spaced to the end). */
const HEAP_SAMPLES = 7;
const SEARCH_TERMS = ['환자', '혈압', '신경', '증상', '심장'];

const serverMain = 'apps/server/dist/main.js';
if (!existsSync(serverMain)) {
  console.log('apps/server/dist/main.js is missing; running npm run build first');
  if (spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status !== 0) process.exit(1);
}

async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// ---------------------------------------------------------------- server

const loadBefore = Math.round(loadavg()[0] * 100) / 100;
const dataDir = mkdtempSync(path.join(tmpdir(), 'qbank-soak-'));
/** The seed's summary (bench/seed.mjs) when soaking on seeded data: its password and students. */
const seeded = args['data-dir'] ? readSummary(path.join(args['data-dir'], SUMMARY_FILE)) : null;
if (args['data-dir']) cpSync(args['data-dir'], dataDir, { recursive: true });
// Problems still queued for 출제 이력 detection: the server's worker detects them during the soak, and
// its memory is measured with the rest (a fresh seed queues the whole bank: npm run lineage:run).
const lineageQueued = args['data-dir'] ? queuedForLineage(path.join(dataDir, 'qbank.sqlite')) : 0;
if (lineageQueued > 0)
  console.log(
    `note: ${lineageQueued} problems wait for 출제 이력 detection; the server detects them during the soak (npm run lineage:run on the seed first to leave them out)`,
  );

function queuedForLineage(file) {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare('select count(*) as n from lineage_queue').get().n;
  } catch {
    return 0; // a database from before the lineage tables: nothing queued
  } finally {
    db.close();
  }
}
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const logFile = path.join(dataDir, 'server.log');
const log = createWriteStream(logFile);
// The inspector (loopback, random port) lets the script force a full GC and read the live heap:
// in a minute V8 may not collect its old space at all, so RSS alone cannot tell garbage waiting
// for a collection from a leak.
const server = spawn(process.execPath, ['--inspect=127.0.0.1:0', serverMain], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: seeded ? '0' : '1',
    PASSWORD_HASH_COST: args['hash-cost'],
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
// Whatever ends this script, the server goes with it.
process.on('exit', () => {
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
});
let serverOutput = '';
const serverExited = new Promise((resolve) => server.once('exit', (code, signal) => resolve({ code, signal })));
const ready = new Promise((resolve, reject) => {
  const onData = (chunk) => {
    if (!serverOutput.includes('qbank is running at')) serverOutput += chunk.toString('utf8');
    log.write(chunk);
    if (serverOutput.includes('qbank is running at') && /Debugger listening on ws:/.test(serverOutput)) resolve();
  };
  server.stdout.on('data', onData);
  server.stderr.on('data', onData);
  serverExited.then(({ code, signal }) => reject(new Error(`server exited during start (${code ?? signal}); see ${logFile}`)));
});
const startedAt = performance.now();
// The ready line and the demo account list are one write of well under a pipe buffer, so they
// arrive together.
await ready;
console.log(`server up in ${Math.round(performance.now() - startedAt)} ms (pid ${server.pid}, ${base}, DATA_DIR ${dataDir})`);

const inspectorUrl = /Debugger listening on (ws:\/\/\S+)/.exec(serverOutput)?.[1];
const inspector = await openInspector(inspectorUrl);

/** A minimal Chrome DevTools Protocol client: send a command, await its result. */
async function openInspector(url) {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = () => reject(new Error(`cannot open the server's inspector at ${url}`));
  });
  let lastId = 0;
  const pending = new Map();
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    const settle = pending.get(message.id);
    if (!settle) return;
    pending.delete(message.id);
    settle(message);
  };
  return {
    send: (method, params = {}) =>
      new Promise((resolve, reject) => {
        const id = ++lastId;
        pending.set(id, (message) => (message.error ? reject(new Error(message.error.message)) : resolve(message.result)));
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
}

/** The server's live heap: a full GC first, so only reachable objects are counted. */
async function liveHeapMb() {
  await inspector.send('HeapProfiler.collectGarbage');
  const { usedSize } = await inspector.send('Runtime.getHeapUsage');
  return Math.round((usedSize / 1024 / 1024) * 10) / 10;
}

/**
 * Where the server's RSS is at the end (after the last forced GC): the pages V8 holds for its heap,
 * the buffers outside it (the response caches' bodies), and the rest (code, the allocator's arenas,
 * SQLite's page cache): the figure that decides whether an RSS over the aim is live data or kept pages.
 */
async function memoryBreakdownMb() {
  const { result } = await inspector.send('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true });
  const usage = JSON.parse(result.value);
  const mb = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;
  return {
    rss: mb(usage.rss),
    v8_heap_total: mb(usage.heapTotal),
    v8_heap_used: mb(usage.heapUsed),
    external: mb(usage.external),
    array_buffers: mb(usage.arrayBuffers),
    native_rest: mb(usage.rss - usage.heapTotal - usage.external),
  };
}

function rssMb() {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1]);
  return Math.round((kb / 1024) * 10) / 10;
}

// ---------------------------------------------------------------- measured requests

const routes = new Map(); // route -> { requests, errors, latencies }
const errorSamples = [];
const slowest = [];
let measuring = false;
let loopStartedAt = 0;

function routeStats(route) {
  let stats = routes.get(route);
  if (!stats) routes.set(route, (stats = { requests: 0, errors: 0, latencies: [] }));
  return stats;
}

/** One API call. `route` names it for the report (method and pattern, not the concrete URL). */
async function call(route, method, url, token, body) {
  const stats = routeStats(route);
  const started = performance.now();
  let status = 0;
  let text;
  try {
    ({ status, text } = await send(method, url, token, body));
  } catch (error) {
    text = String(error?.code ?? error);
  }
  const elapsed = performance.now() - started;
  stats.requests += 1;
  if (measuring) {
    stats.latencies.push(elapsed);
    slowest.push({ route, ms: Math.round(elapsed), started_at_s: Math.round((started - loopStartedAt) / 100) / 10 });
    if (slowest.length > 50) slowest.sort((a, b) => b.ms - a.ms).splice(10);
  }
  if (status < 200 || status >= 400) {
    stats.errors += 1;
    if (errorSamples.length < 20) errorSamples.push({ route, status, body: text.slice(0, 200) });
    return undefined;
  }
  return text ? JSON.parse(text) : {};
}

// node:http with a keep-alive agent rather than fetch: one connection per virtual user, kept
// for the whole run, like a browser tab's.
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
function send(method, url, token, body) {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}${url}`,
      {
        method,
        agent,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

function pick(list, n) {
  return list[n % list.length];
}

// ---------------------------------------------------------------- setup: accounts and data

const accountLines = serverOutput.split('\n');
const passwordLine = accountLines.find((line) => line.startsWith('Demo accounts'));
// Seeded data: as many of its students as there are users (each signs in once, within the login limit).
const password = seeded ? seeded.password : /password (\S+):/.exec(passwordLine ?? '')?.[1];
const demoIds = seeded ? seeded.students.slice(0, users) : accountLines.filter((line) => /^ {2}\S/.test(line)).map((line) => line.trim().split(/\s+/)[0]);
if (!password || demoIds.length === 0) throw new Error(`could not read the ${seeded ? "seed's" : 'demo'} accounts`);

const login = async (id) => (await call('POST /v1/auth/login', 'POST', '/v1/auth/login', undefined, { id, email: id, password })) ?? {};
// Members waiting for approval cannot read problems: keep the approved accounts only.
const approved = [];
for (const id of demoIds) {
  const session = await login(id);
  if (session.user?.validated === 1) approved.push({ id, token: session.token });
}
if (approved.length === 0) throw new Error('no approved demo account could sign in');

const examList = await call('GET /v1/test/tests', 'GET', '/v1/test/tests?limit=100', approved[0].token);
const exams = [];
for (const test of (examList?.tests ?? []).filter((t) => t.problem_count > 0)) {
  const list = await call('GET /v1/problem?test_code', 'GET', `/v1/problem?test_code=${test.test_code}&limit=100`, approved[0].token);
  const written = (list?.problem ?? []).filter((problem) => problem.is_vacant === 0).map((problem) => problem.uid);
  if (written.length > 0) exams.push({ code: test.test_code, problems: written });
}
if (exams.length === 0) throw new Error('the demo data has no exam with written problems');

// Production password hashing is deliberately slow; two sign-ins at a time keep both cores busy.
const signInStarted = performance.now();
const virtualUsers = [];
let nextUser = 0;
async function signInWorker() {
  while (nextUser < users) {
    const i = nextUser++;
    const account = approved[i % approved.length];
    // The first user of each account reuses the session made above.
    const token = i < approved.length ? account.token : (await login(account.id)).token;
    const box = await call('POST /v1/box', 'POST', '/v1/box', token, { box_name: `soak ${i}` });
    virtualUsers.push({ index: i, account: account.id, token, box: box?.box?.code });
  }
}
await Promise.all([signInWorker(), signInWorker()]);
// Each user opens the app (its own connection) before the clock starts, as a browser would.
const warmUpStarted = performance.now();
await Promise.all(virtualUsers.map((user) => call('GET /v1/auth/me', 'GET', '/v1/auth/me', user.token)));
const warmUpMs = Math.round(performance.now() - warmUpStarted);
console.log(
  `${users} users signed in as ${approved.length} approved ${seeded ? 'seeded' : 'demo'} accounts in ${Math.round(performance.now() - signInStarted)} ms; ${exams.length} exams with problems; first page for all users in ${warmUpMs} ms`,
);

// ---------------------------------------------------------------- the soak

async function iteration(user, n) {
  const { token } = user;
  const exam = pick(exams, user.index + n);
  await call('GET /v1/test/tests', 'GET', `/v1/test/tests?limit=20&page=${(n % 2) + 1}`, token);
  await call('GET /v1/problem?test_code', 'GET', `/v1/problem?test_code=${exam.code}&limit=20`, token);
  await call('GET /v1/problem?q', 'GET', `/v1/problem?q=${encodeURIComponent(pick(SEARCH_TERMS, n))}&limit=20`, token);
  const uid = pick(exam.problems, n * 7 + user.index);
  await call('GET /v1/problem/:id', 'GET', `/v1/problem/${uid}`, token);
  await call('GET /v1/problem/:id/replies', 'GET', `/v1/problem/${uid}/replies`, token);
  await call('POST /v1/box/:box/problem/:id', 'POST', `/v1/box/${user.box}/problem/${uid}`, token);
  await call('DELETE /v1/box/:box/problem/:id', 'DELETE', `/v1/box/${user.box}/problem/${uid}`, token);
  const posted = await call('POST /v1/problem/:id/reply', 'POST', `/v1/problem/${uid}/reply`, token, { reply_text: `soak 댓글 ${user.index}-${n}` });
  if (posted?.reply) await call('DELETE /v1/problem/:id/reply/:code', 'DELETE', `/v1/problem/${uid}/reply/${posted.reply.reply_code}`, token);
  await call('POST /v1/solve/attempts', 'POST', '/v1/solve/attempts', token, { problem_uid: uid, answer: String((n % 5) + 1) });
}

const rss = [];
const loopStarted = performance.now();
loopStartedAt = loopStarted;
const deadline = loopStarted + seconds * 1000;
measuring = true;
rss.push({ t: 0, mb: rssMb() });
const sampler = setInterval(() => rss.push({ t: Math.round((performance.now() - loopStarted) / 100) / 10, mb: rssMb() }), 1000);
const heap = [{ t: 0, mb: await liveHeapMb() }];
const heapSampler = (async () => {
  for (let k = 1; k < HEAP_SAMPLES - 1; k += 1) {
    const at = loopStarted + (k * seconds * 1000) / (HEAP_SAMPLES - 1);
    await new Promise((resolve) => setTimeout(resolve, at - performance.now()));
    heap.push({ t: Math.round((performance.now() - loopStarted) / 100) / 10, mb: await liveHeapMb() });
  }
})();
let iterations = 0;
await Promise.all(
  virtualUsers.map(async (user) => {
    for (let n = 0; performance.now() < deadline; n += 1) {
      await iteration(user, n);
      iterations += 1;
    }
  }),
);
clearInterval(sampler);
measuring = false;
await heapSampler;
const loopSeconds = (performance.now() - loopStarted) / 1000;
rss.push({ t: Math.round(loopSeconds * 10) / 10, mb: rssMb() });
heap.push({ t: Math.round(loopSeconds * 10) / 10, mb: await liveHeapMb() });
const breakdown = await memoryBreakdownMb();
// Node waits for an attached debugger before it exits: detach first.
inspector.close();

// A clean stop under the soak's leftovers: SIGTERM must end the process with 0.
server.kill('SIGTERM');
const exit = await serverExited;

// ---------------------------------------------------------------- report

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] * 10) / 10;
}

/** Least-squares slope of RSS against time, in MB per minute. */
function slopeMbPerMinute(samples) {
  const n = samples.length;
  if (n < 2) return 0;
  const meanT = samples.reduce((s, x) => s + x.t, 0) / n;
  const meanM = samples.reduce((s, x) => s + x.mb, 0) / n;
  const num = samples.reduce((s, x) => s + (x.t - meanT) * (x.mb - meanM), 0);
  const den = samples.reduce((s, x) => s + (x.t - meanT) ** 2, 0);
  return den === 0 ? 0 : Math.round((num / den) * 60 * 100) / 100;
}

const all = [...routes.values()].flatMap((stats) => stats.latencies).sort((a, b) => a - b);
const totalRequests = [...routes.values()].reduce((sum, stats) => sum + stats.requests, 0);
const totalErrors = [...routes.values()].reduce((sum, stats) => sum + stats.errors, 0);
const middle = rss.reduce((best, sample) => (Math.abs(sample.t - loopSeconds / 2) < Math.abs(best.t - loopSeconds / 2) ? sample : best), rss[0]);
const tail = rss.filter((sample) => sample.t >= loopSeconds / 3);
const slope = slopeMbPerMinute(tail);
const endMb = rss.at(-1).mb;
const heapTail = heap.filter((sample) => sample.t >= loopSeconds / 3);
const heapSlope = slopeMbPerMinute(heapTail);
const memoryFlat = heapSlope <= MAX_HEAP_SLOPE_MB_PER_MIN && heap.at(-1).mb <= heapTail[0].mb * (1 + MAX_HEAP_END_OVER_THIRD);

const report = {
  date: new Date().toISOString(),
  node: process.version,
  // The machine is shared: its load during the run says how to read the latency numbers.
  machine: { cpus: cpus().length, load_average_1m_before: loadBefore, load_average_1m_after: Math.round(loadavg()[0] * 100) / 100 },
  seconds: Math.round(loopSeconds * 10) / 10,
  users,
  accounts: approved.map((account) => account.id),
  iterations,
  requests: all.length,
  requests_including_setup: totalRequests,
  errors: totalErrors,
  errors_by_route: Object.fromEntries([...routes].filter(([, stats]) => stats.errors > 0).map(([route, stats]) => [route, stats.errors])),
  error_samples: errorSamples,
  requests_per_second: Math.round((all.length / loopSeconds) * 10) / 10,
  latency_ms: { p50: percentile(all, 50), p95: percentile(all, 95), p99: percentile(all, 99), max: percentile(all, 100) },
  slowest_requests: slowest.sort((a, b) => b.ms - a.ms).slice(0, 10),
  by_route: Object.fromEntries(
    // Routes used only while setting up (sign-in, boxes) have no measured requests.
    [...routes]
      .filter(([, stats]) => stats.latencies.length > 0 || stats.errors > 0)
      .map(([route, stats]) => {
        const sorted = [...stats.latencies].sort((a, b) => a - b);
        return [
          route,
          { requests: sorted.length, errors: stats.errors, p50_ms: percentile(sorted, 50), p95_ms: percentile(sorted, 95), max_ms: percentile(sorted, 100) },
        ];
      }),
  ),
  rss_mb: { start: rss[0].mb, middle: middle.mb, end: endMb, max: Math.max(...rss.map((s) => s.mb)), slope_last_two_thirds_mb_per_min: slope },
  memory_flat: memoryFlat,
  memory_rule: `live heap after forced full GC: slope over the last 2/3 <= ${MAX_HEAP_SLOPE_MB_PER_MIN} MB/min and end <= value at 1/3 + ${MAX_HEAP_END_OVER_THIRD * 100}%`,
  rss_samples: rss,
  live_heap_mb: { samples: heap, slope_last_two_thirds_mb_per_min: heapSlope },
  memory_at_end_mb: breakdown,
  malloc_arena_max: process.env.MALLOC_ARENA_MAX ?? null,
  lineage_queued_at_start: lineageQueued,
  shutdown: exit,
};
mkdirSync(path.dirname(args.out), { recursive: true });
writeFileSync(args.out, `${JSON.stringify(report, null, 2)}\n`);

console.log(`\nsoak: ${report.seconds} s, ${users} users, ${iterations} iterations`);
console.log(
  `machine    ${report.machine.cpus} CPUs, load average (1 min) ${loadBefore} before the run (other work on the machine), ${report.machine.load_average_1m_after} at the end`,
);
console.log(`requests   ${report.requests} (${report.requests_per_second} req/s), errors ${totalErrors}`);
console.log(`latency    p50 ${report.latency_ms.p50} ms, p95 ${report.latency_ms.p95} ms, p99 ${report.latency_ms.p99} ms, max ${report.latency_ms.max} ms`);
console.table(report.by_route);
if (totalErrors > 0) {
  console.log('errors by route:', report.errors_by_route);
  console.log('first errors:', errorSamples.slice(0, 5));
}
console.log(
  `RSS (MB)   start ${report.rss_mb.start}, middle ${report.rss_mb.middle}, end ${endMb}, max ${report.rss_mb.max}; slope over last 2/3 ${slope} MB/min`,
);
console.log(`live heap  ${heap.map((sample) => `${sample.mb}`).join(' -> ')} MB after forced full GCs; slope over last 2/3 ${heapSlope} MB/min`);
console.log(
  `at the end ${breakdown.rss} MB RSS: V8 heap ${breakdown.v8_heap_total} (${breakdown.v8_heap_used} used), buffers outside it ${breakdown.external}, the rest ${breakdown.native_rest} (code, allocator arenas, SQLite)${report.malloc_arena_max ? `; MALLOC_ARENA_MAX=${report.malloc_arena_max}` : ''}`,
);
console.log(`memory     ${memoryFlat ? 'flat' : 'GROWING'} (${report.memory_rule})`);
console.log(`shutdown   SIGTERM -> exit ${exit.code ?? exit.signal}`);
console.log(`written    ${args.out}`);

log.end();
if (!args['keep-data']) rmSync(dataDir, { recursive: true, force: true });
const ok = totalErrors === 0 && memoryFlat && exit.code === 0;
if (!ok) console.error(`\nsoak FAILED${args['keep-data'] ? `; server log in ${logFile}` : ''}`);
process.exit(ok ? 0 : 1);
