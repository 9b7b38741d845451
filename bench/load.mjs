// One load scenario with autocannon on loopback: an untimed warm-up, then the measured run.
// Latencies come from autocannon's per-response event so p95 is exact (its own histogram only
// reports p90/p97.5/p99), and every status code is counted: anything but 2xx is an error.
// Percentiles describe the steady state: each connection's first response is reported apart.
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { percentile, round, sleep } from './util.mjs';

function once(options, onResponse) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    if (onResponse) instance.on('response', onResponse);
  });
}

/**
 * Runs `scenario` against `baseUrl`. scenario: { name, connections, duration?, amount?, warmup?,
 * next: () => ({ method, path, headers, body }) }, where `next` hands out the request to send,
 * so ids rotate over the whole run instead of per connection.
 * `sampler` (optional) is started and stopped around the measured run (RSS under load).
 */
export async function runScenario(baseUrl, scenario, sampler) {
  const request = { setupRequest: (raw) => ({ ...raw, ...scenario.next() }) };
  const common = { url: baseUrl, connections: scenario.connections, requests: [request], timeout: scenario.timeout ?? 30 };
  if (scenario.warmup) await once({ ...common, duration: scenario.warmup });

  const latencies = [];
  // Each connection's first response waits behind every other connection's first request while
  // the server is saturated by the opening burst; it is reported apart from the steady state.
  const firstLatencies = [];
  const answeredClients = new Set();
  const statuses = {};
  const sampling = sampler?.start();
  const result = await once(
    scenario.amount ? { ...common, amount: scenario.amount } : { ...common, duration: scenario.duration },
    (client, statusCode, _bytes, responseTime) => {
      if (!scenario.amount && !answeredClients.has(client)) {
        answeredClients.add(client);
        firstLatencies.push(responseTime);
      } else {
        latencies.push(responseTime);
      }
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    },
  );
  const rss = sampling?.stop();

  latencies.sort((a, b) => a - b);
  firstLatencies.sort((a, b) => a - b);
  const answered = latencies.length + firstLatencies.length;
  const non2xx = Object.entries(statuses).reduce((sum, [code, count]) => (code.startsWith('2') ? sum : sum + count), 0);
  // Socket errors and timeouts never reach the response event, so they are added on top.
  const errors = non2xx + result.errors + result.timeouts + result.mismatches;
  // Requests still in flight when the run stops are dropped by autocannon. Fewer answers than
  // connections means most requests took longer than the whole run: the server is saturated at
  // this concurrency, and the percentiles (of the few that finished) understate the wait.
  const unfinished = Math.max(0, (result.requests.sent ?? 0) - answered - result.errors - result.timeouts);
  const saturated = answered < scenario.connections;
  return {
    name: scenario.name,
    connections: scenario.connections,
    ...(scenario.amount ? { amount: scenario.amount } : {}),
    duration_s: round(result.duration, 2),
    requests: answered,
    rps: round(answered / result.duration, 0),
    p50_ms: round(percentile(latencies, 50), 2),
    p95_ms: round(percentile(latencies, 95), 2),
    p99_ms: round(percentile(latencies, 99), 2),
    max_ms: round(latencies.at(-1) ?? Number.NaN, 2),
    ...(firstLatencies.length > 0
      ? { first_response: { count: firstLatencies.length, p50_ms: round(percentile(firstLatencies, 50), 2), max_ms: round(firstLatencies.at(-1), 2) } }
      : {}),
    errors,
    unfinished_at_end: unfinished,
    ...(saturated ? { saturated: true } : {}),
    statuses,
    ...(rss ? { rss_peak_mb: rss.peakMb, rss_mean_mb: rss.meanMb } : {}),
  };
}

/** User and system CPU seconds of a process, or of its thread `tid` (utime, stime from /proc, in clock ticks of 1/100 s). */
export function cpuTimes(pid, tid) {
  try {
    const fields = readFileSync(`/proc/${pid}${tid ? `/task/${tid}` : ''}/stat`, 'utf8')
      .split(') ')[1]
      .split(' ');
    return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
  } catch {
    return { user: 0, system: 0 };
  }
}

/**
 * CPU seconds (user and system) used so far by every process whose command is `name`: on a machine
 * where PostgreSQL runs beside the server, what its backends spent on a run is the difference.
 * Processes that ended in between are not counted.
 */
export function cpuTimesOfCommand(name) {
  let user = 0;
  let system = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== name) continue;
      const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      user += Number(fields[11]) / 100;
      system += Number(fields[12]) / 100;
    } catch {
      // The process ended while the list was read.
    }
  }
  return { user, system };
}

/** CPU seconds a process has used. */
function cpuSeconds(pid) {
  const { user, system } = cpuTimes(pid);
  return user + system;
}

/**
 * After a run the server still works off what was in flight (up to one request per connection,
 * queued behind the database). Waits until the server process is nearly idle (under 20% of a core
 * over half a second), `extraIdle()` agrees (PostgreSQL: no active query) and a cheap request
 * that needs the database answers fast twice in a row, so the next scenario starts on an idle
 * server. Returns the wait in ms.
 */
export async function drain(baseUrl, pid, { extraIdle = async () => true, path = '/v1/test/years', thresholdMs = 20, maxMs = 180_000 } = {}) {
  const started = performance.now();
  let calm = 0;
  while (calm < 2 && performance.now() - started < maxMs) {
    const cpuBefore = cpuSeconds(pid);
    await sleep(500);
    const cpuIdle = cpuSeconds(pid) - cpuBefore < 0.1;
    const t = performance.now();
    const response = await fetch(`${baseUrl}${path}`);
    await response.arrayBuffer();
    const fast = performance.now() - t < thresholdMs;
    calm = cpuIdle && fast && (await extraIdle()) ? calm + 1 : 0;
  }
  return Math.round(performance.now() - started);
}
