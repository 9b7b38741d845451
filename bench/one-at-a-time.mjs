// The reads whose budgets are for one request at a time, not under load (issue 28 item 9: a
// problem's lineage p95 ≤ 20 ms, the editor's similar problems ≤ 50, the whole-bank search ≤ 30,
// the lead's suggestions ≤ 50; issue 29 item 5: the plan and the readiness p95 ≤ 100), timed
// through the app in-process by bench/lineage-latency.ts and bench/exam-readiness-latency.ts on the
// bench's copy of the data once its server has stopped.
import { spawnSync } from 'node:child_process';
import { log } from './util.mjs';

const READINESS_BUDGET_P95_MS = 100;

function runScript(script, dataDir, databaseUrl, env) {
  const args = ['tsx', script, dataDir, ...(databaseUrl ? [databaseUrl] : [])];
  const result = spawnSync('npx', args, { stdio: ['ignore', 'pipe', 'inherit'], env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${script} failed with exit code ${result.status}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1));
}

/** {lineage: {…, lineage: {p50, p95, budget_p95_ms, pass}, …}, readiness: {plan, readiness, …}} */
export function measureOneAtATime({ dataDir, databaseUrl, env }) {
  log('one at a time: 출제 이력 reads (bench/lineage-latency.ts)');
  const lineage = runScript('bench/lineage-latency.ts', dataDir, databaseUrl, env);
  log('one at a time: plan and readiness (bench/exam-readiness-latency.ts)');
  const readiness = runScript('bench/exam-readiness-latency.ts', dataDir, databaseUrl, env);
  for (const name of ['plan', 'readiness']) {
    const r = readiness[name];
    readiness[name] = { ...r, budget_p95_ms: READINESS_BUDGET_P95_MS, pass: r.p95 <= READINESS_BUDGET_P95_MS };
  }
  return { lineage, readiness };
}

/** The timed reads of a measureOneAtATime() result, each {name, p50, p95, budget_p95_ms}. */
export function oneAtATimeReads(result) {
  if (!result) return [];
  const reads = [];
  for (const part of [result.lineage, result.readiness]) {
    for (const [name, value] of Object.entries(part ?? {})) {
      if (value && typeof value === 'object' && 'budget_p95_ms' in value) reads.push({ name, ...value });
    }
  }
  return reads;
}
