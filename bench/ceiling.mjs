// Measures the bare Fastify ceiling in its own process with the same load settings as the reads.
import { fileURLToPath } from 'node:url';
import { runScenario } from './load.mjs';
import { rssSampler, startProcess, stopProcess } from './server.mjs';
import { log } from './util.mjs';

export async function measureCeiling({ port, env, load }) {
  const base = `http://127.0.0.1:${port}`;
  const script = fileURLToPath(new URL('./ceiling-server.mjs', import.meta.url));
  const server = await startProcess({ args: [script, String(port)], env, healthUrl: `${base}/healthz`, label: 'ceiling server' });
  try {
    log(`ceiling: bare Fastify, ${load.connections} connections, ${load.duration} s after ${load.warmup} s warm-up`);
    const request = { method: 'GET', path: '/ceiling', headers: {} };
    return await runScenario(base, { name: 'ceiling (bare Fastify)', ...load, next: () => request }, rssSampler(server.pid));
  } finally {
    await stopProcess(server.child);
  }
}
