// The fair ceiling of a read (issue 33 item 1): a bare Fastify route sending that read's exact
// response bytes and headers, captured from qbank in the same run. The empty ceiling
// (bench/ceiling.mjs) is the machine's limit for a few bytes; this one is its limit for the bytes a
// read really sends, plain or gzipped as the scenario asks.
import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runScenario } from './load.mjs';
import { rssSampler, startProcess, stopProcess } from './server.mjs';
import { log } from './util.mjs';

/** Headers that describe the connection or this one response, not the content: not replayed. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date']);

/** The key the same-bytes server answers by: the URL and the encodings the request accepts. */
export const replayKey = (url, acceptEncoding) => `${url}\n${acceptEncoding ?? ''}`;

function rawGet(base, request) {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${request.path}`, { method: 'GET', headers: request.headers ?? {} }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        const headers = Object.fromEntries(Object.entries(res.headers).filter(([name]) => !HOP_HEADERS.has(name)));
        resolve({ status: res.statusCode, headers, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Every request a scenario hands out, by asking its rotation until it repeats (at most `max`). */
function requestsOf(scenario, max = 500) {
  const seen = new Map();
  for (let i = 0; i < max; i += 1) {
    const request = scenario.next();
    const key = replayKey(request.path, request.headers?.['accept-encoding']);
    if (seen.has(key)) break;
    seen.set(key, request);
  }
  return [...seen.values()];
}

/**
 * Captures, from the running qbank at `base`, every response of the read scenarios (fresh scenario
 * objects, so their rotation starts where the measured run's did). Returns
 * { responses: [{ key, status, headers, body (base64) }], bytes: { [scenario]: mean body bytes } }.
 */
export async function captureReads(base, scenarios) {
  const responses = new Map();
  const bytes = {};
  for (const scenario of scenarios) {
    let total = 0;
    const requests = requestsOf(scenario);
    for (const request of requests) {
      const key = replayKey(request.path, request.headers?.['accept-encoding']);
      const response = responses.get(key) ?? (await rawGet(base, request));
      responses.set(key, response);
      total += response.body.length;
    }
    bytes[scenario.name] = Math.round(total / Math.max(1, requests.length));
  }
  return {
    responses: [...responses.entries()].map(([key, r]) => ({ key, status: r.status, headers: r.headers, body: r.body.toString('base64') })),
    bytes,
  };
}

/**
 * Runs each read scenario against a bare Fastify process (bench/same-bytes-server.mjs) that
 * answers every captured request with qbank's bytes and headers. Returns { [scenario]: load result }.
 */
export async function measureSameBytes({ scenarios, capture, port, env }) {
  const work = mkdtempSync(path.join(os.tmpdir(), 'qbank-same-bytes-'));
  try {
    const file = path.join(work, 'responses.json');
    writeFileSync(file, JSON.stringify(capture.responses));
    const base = `http://127.0.0.1:${port}`;
    const script = fileURLToPath(new URL('./same-bytes-server.mjs', import.meta.url));
    const server = await startProcess({ args: [script, String(port), file], env, healthUrl: `${base}/healthz`, label: 'same-bytes server' });
    const results = {};
    try {
      for (const scenario of scenarios) {
        log(`same bytes: ${scenario.name} (${capture.bytes[scenario.name]} bytes a response, ${scenario.connections} connections)`);
        results[scenario.name] = {
          ...(await runScenario(base, { ...scenario, name: `same bytes: ${scenario.name}` }, rssSampler(server.pid))),
          bytes: capture.bytes[scenario.name],
        };
        log(`  ${results[scenario.name].rps} req/s, p99 ${results[scenario.name].p99_ms} ms, errors ${results[scenario.name].errors}`);
      }
    } finally {
      await stopProcess(server.child);
    }
    return results;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
