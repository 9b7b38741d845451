// Measures the floor server (bench/floor-server.mjs) for the exam list page and an exam's problem
// page with the same load settings and request rotation as qbank's own scenarios, in the same run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runScenario } from './load.mjs';
import { rssSampler, startProcess, stopProcess } from './server.mjs';
import { log } from './util.mjs';

/** The scenarios (from bench/scenarios.mjs) that get a floor, by name. */
export const FLOOR_SCENARIOS = ['exam list page', '120-problem exam, problem list'];

/** Every URL a scenario hands out, by asking its rotation until it repeats (at most `max`). */
function urlsOf(scenario, max = 500) {
  const urls = [];
  for (let i = 0; i < max; i += 1) {
    const url = scenario.next().path;
    if (urls.includes(url)) break;
    urls.push(url);
  }
  return urls;
}

/**
 * `scenarios`: qbank's scenario objects for FLOOR_SCENARIOS (fresh ones: their rotation restarts);
 * `dataDir`: the seeded SQLite DATA_DIR (qbank stopped); `token`: a student's bearer token.
 * Returns { [scenario name]: load result } measured against the floor server.
 */
export async function measureFloor({ scenarios, dataDir, token, port, env }) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const work = mkdtempSync(path.join(os.tmpdir(), 'qbank-floor-'));
  try {
    const captureFile = path.join(work, 'capture.json');
    const urls = [...new Set(scenarios.flatMap((s) => urlsOf(s)))];
    log(`floor: capturing qbank's SQL for ${urls.length} URLs`);
    const capture = spawnSync('npx', ['tsx', path.join(here, 'floor-capture.ts'), dataDir, token, captureFile, ...urls], { encoding: 'utf8' });
    if (capture.status !== 0) throw new Error(`floor capture failed: ${capture.stderr.slice(-500)}`);
    const base = `http://127.0.0.1:${port}`;
    const server = await startProcess({
      args: [path.join(here, 'floor-server.mjs'), String(port), dataDir, captureFile],
      env,
      healthUrl: `${base}/healthz`,
      label: 'floor server',
    });
    const results = {};
    try {
      for (const scenario of scenarios) {
        log(`floor: ${scenario.name} (${scenario.connections} connections, ${scenario.duration} s after ${scenario.warmup} s warm-up)`);
        // The floor answers with bare rows, so requests carry no token: it checks none.
        const next = scenario.next;
        results[scenario.name] = await runScenario(
          base,
          { ...scenario, name: `floor: ${scenario.name}`, next: () => ({ ...next(), headers: {} }) },
          rssSampler(server.pid),
        );
        log(`  ${results[scenario.name].rps} req/s, p99 ${results[scenario.name].p99_ms} ms`);
      }
    } finally {
      await stopProcess(server.child);
    }
    return results;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
