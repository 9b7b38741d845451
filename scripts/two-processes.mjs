// `npm run two-processes`: two qbank processes on one PostgreSQL, one Redis and one S3-compatible
// bucket, behind a small round-robin proxy, for trying the several-process setup on one machine
// (docs/deploy.md). Needs `npm run build` first, PostgreSQL and Redis running. Ctrl+C stops all.
//
//   DATABASE_URL  default postgres://postgres@127.0.0.1:5432/qbank_two (created when missing)
//   REDIS_URL     default redis://127.0.0.1:6379/5
//   S3_*          default: an s3rver bucket (npm, dev dependency) kept in ./data-two/bucket
//   PORT          the proxy, default 3180; the processes listen on PORT+4 and PORT+5
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const main = path.join(root, 'apps/server/dist/main.js');
if (!existsSync(main)) {
  console.error('apps/server/dist/main.js is missing: run `npm run build` first');
  process.exit(1);
}
const dataRoot = path.join(root, 'data-two');
const proxyPort = Number(process.env.PORT ?? 3180);
const ports = [proxyPort + 4, proxyPort + 5];
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/qbank_two';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/5';

async function ensureDatabase(url) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) {
    await admin.query(`create database "${name.replaceAll('"', '""')}"`);
    console.log(`created database ${name}`);
  }
  await admin.end();
}

async function startBucket() {
  if (process.env.S3_BUCKET) return { env: {}, close: async () => {} };
  const { default: S3rver } = await import('s3rver');
  const directory = path.join(dataRoot, 'bucket');
  mkdirSync(directory, { recursive: true });
  const port = proxyPort + 6;
  const server = new S3rver({ port, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: 'qbank' }] });
  await server.run();
  console.log(`bucket: s3rver on 127.0.0.1:${port}, files in ${directory}`);
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'qbank',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
    },
    close: () => server.close(),
  };
}

await ensureDatabase(databaseUrl);
const bucket = await startBucket();
// Everything a process needs to be one of several: the same secret, database, Redis and bucket;
// its own DATA_DIR, which ends up holding nothing users uploaded.
const shared = {
  ...process.env,
  DATABASE_URL: databaseUrl,
  REDIS_URL: redisUrl,
  JWT_SECRET: process.env.JWT_SECRET ?? 'two-processes-local-secret-not-for-production',
  TRUST_PROXY: '1',
  PUBLIC_URL: `http://localhost:${proxyPort}`,
  SEED_DEMO: process.env.SEED_DEMO ?? '1',
  ...bucket.env,
};

const children = [];
function startProcess(index) {
  const dataDir = path.join(dataRoot, `process-${index === 0 ? 'a' : 'b'}`);
  // Detached: Ctrl+C reaches this script only, which stops both processes in order below.
  const child = spawn(process.execPath, [main], {
    env: { ...shared, PORT: String(ports[index]), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  child.stdout.on('data', (chunk) => process.stdout.write(`[${index === 0 ? 'A' : 'B'}] ${chunk}`));
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => String(chunk).includes('qbank is running') && resolve());
    child.once('exit', (code) => reject(new Error(`process ${index} exited with ${code}`)));
  });
}

// A sequential start: the first process applies the migrations and seeds, the second finds them done.
await startProcess(0);
await startProcess(1);

let next = 0;
const proxy = http.createServer((request, response) => {
  const port = ports[next];
  next = (next + 1) % ports.length;
  const forwarded = http.request(
    {
      host: '127.0.0.1',
      port,
      method: request.method,
      path: request.url,
      headers: { ...request.headers, 'x-forwarded-for': request.socket.remoteAddress, 'x-served-by': String(port) },
    },
    (upstream) => {
      response.writeHead(upstream.statusCode ?? 502, { ...upstream.headers, 'x-qbank-process': port === ports[0] ? 'A' : 'B' });
      upstream.pipe(response);
    },
  );
  forwarded.on('error', () => {
    response.writeHead(502).end();
  });
  request.pipe(forwarded);
});
proxy.listen(proxyPort, '127.0.0.1', () => {
  console.log(
    `two processes (A :${ports[0]}, B :${ports[1]}) behind http://localhost:${proxyPort} — requests alternate; the X-Qbank-Process header names the one that answered`,
  );
});

// Each process drains on SIGTERM (ops/shutdown.ts). This script waits for them, reading their
// output to the end: exiting first would break their stdout while they still log.
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  proxy.close();
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
  await bucket.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
