// `npm run bench`: starts the built server on a fresh SQLite database with the demo data and
// measures cold start to the first /healthz and the latency of a few calls on loopback.
// The full load benchmarks (large data set, autocannon, Lighthouse) come with the performance work.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const port = 3190;
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'qbank-bench-'));

if (!existsSync('apps/server/dist/main.js')) {
  console.error('Build first: npm run build');
  process.exit(1);
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(name, count, request) {
  const times = [];
  let errors = 0;
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const response = await request();
    times.push(performance.now() - started);
    if (!response.ok) errors += 1;
    await response.arrayBuffer();
  }
  times.sort((a, b) => a - b);
  const round = (ms) => Math.round(ms * 100) / 100;
  return { name, requests: count, errors, p50_ms: round(percentile(times, 50)), p95_ms: round(percentile(times, 95)), p99_ms: round(percentile(times, 99)) };
}

const started = performance.now();
const server = spawn('node', ['apps/server/dist/main.js'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: '1', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

try {
  let coldStartMs;
  for (let i = 0; i < 600 && coldStartMs === undefined; i += 1) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) coldStartMs = Math.round(performance.now() - started);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  if (coldStartMs === undefined) throw new Error('server did not become healthy');

  const login = await fetch(`${base}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: 'demo-student', email: 'demo-student', password: 'qbank-demo-2026' }),
  });
  const { token } = await login.json();
  const results = [
    await measure('GET /healthz', 500, () => fetch(`${base}/healthz`)),
    await measure('GET /v1/auth/me', 500, () => fetch(`${base}/v1/auth/me`, { headers: { authorization: `Bearer ${token}` } })),
    await measure('GET / (web app)', 200, () => fetch(`${base}/`)),
  ];
  const report = { date: new Date().toISOString(), cold_start_ms: coldStartMs, sequential: results };
  mkdirSync('bench', { recursive: true });
  writeFileSync('bench/results.json', JSON.stringify(report, null, 2));
  console.log(`cold start to /healthz: ${coldStartMs} ms (first start includes migration and demo seed)`);
  console.table(results);
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
