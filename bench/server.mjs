// The built server as a child process: started with a given environment, timed from spawn to the
// first healthy /healthz (cold start), sampled for RSS while under load, and stopped.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { round, sleep } from './util.mjs';

const HEALTH_TIMEOUT_MS = 120_000;

/** The server gets a clean environment: only what a process needs from the script's `env`, plus its own settings. */
export const passThroughEnv = (env) => Object.fromEntries(['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ'].filter((k) => env[k]).map((k) => [k, env[k]]));

/** The environment the bench starts the built server with on `port`, plus `extra` (DATA_DIR, DATABASE_URL, ...). */
export const serverEnv = (passThrough, port, extra) => ({
  ...passThrough,
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  SEED_DEMO: '0',
  // Login is measured at the real cost (scrypt, decision 213), not the tests' low cost.
  PASSWORD_HASH_COST: 'production',
  // No proxy polls /healthz here: a stopped process closes at once instead of draining.
  SHUTDOWN_DRAIN_MS: '0',
  ...extra,
});

/** Resident set size of a process in MB, from /proc (Linux only); null once it has exited. */
export function readRssMb(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** A sampler for runScenario: polls VmRSS every `intervalMs` between start() and stop(). */
export function rssSampler(pid, intervalMs = 200) {
  return {
    start() {
      const samples = [];
      const take = () => {
        const mb = readRssMb(pid);
        if (mb !== null) samples.push(mb);
      };
      take();
      const timer = setInterval(take, intervalMs);
      return {
        stop() {
          clearInterval(timer);
          take();
          const peak = Math.max(...samples);
          const mean = samples.reduce((sum, mb) => sum + mb, 0) / samples.length;
          return { peakMb: round(peak, 0), meanMb: round(mean, 0), samples: samples.length };
        },
      };
    },
  };
}

/** Waits until GET `url` answers 200; returns the milliseconds since `since`. */
export async function waitForHealthy(url, since, child, timeoutMs = HEALTH_TIMEOUT_MS) {
  while (performance.now() - since < timeoutMs) {
    if (child && child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before becoming healthy`);
    try {
      const response = await fetch(url);
      if (response.ok) return performance.now() - since;
    } catch {
      // Not listening yet.
    }
    await sleep(10);
  }
  throw new Error(`${url} did not become healthy within ${timeoutMs / 1000} s`);
}

/**
 * Spawns `node <args>` with exactly `env` (nothing inherited beyond PATH/HOME passed in by the
 * caller) and waits for `healthUrl`. stderr is kept (last lines) for the failure message.
 */
export async function startProcess({ args, env, healthUrl, label, timeoutMs }) {
  const started = performance.now();
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  try {
    const coldStartMs = await waitForHealthy(healthUrl, started, child, timeoutMs);
    return { child, pid: child.pid, coldStartMs: round(coldStartMs, 0), stderr: () => stderr };
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${label}: ${error.message}\n${stderr}`, { cause: error });
  }
}

/**
 * `signal` (SIGTERM), then SIGKILL if the process has not exited after `graceMs`. A profiled
 * server gets SIGINT: it exits on its own (apps/server/src/ops/shutdown.ts), so --cpu-prof writes.
 */
export async function stopProcess(child, graceMs = 10_000, signal = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
