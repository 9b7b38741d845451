import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';
import { withSchemaChangeLock } from './schema-lock';

// Test support: the real server (main.ts) as a child process, so signals, crashes and restarts
// are the operating system's, not a simulation inside vitest.

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const serverRoot = path.join(repoRoot, 'apps/server');

let bundled: Promise<string> | undefined;
const bundleDir = path.join(repoRoot, 'node_modules/.cache/qbank-ops-test', randomBytes(6).toString('hex'));

/**
 * Removes this test file's server bundle (call from afterAll). The test files share this module
 * when they share a worker (apps/server/vitest.config.ts), so the next file bundles again.
 */
export function removeServerBundle(): void {
  bundled = undefined;
  rmSync(bundleDir, { recursive: true, force: true });
}

/**
 * main.ts bundled like build.mjs does, once per test file: starting it takes about a second,
 * where tsx compiles the whole server again on every start. The bundle is written below
 * node_modules so that its npm imports resolve from the repository.
 */
function bundleServer(): Promise<string> {
  bundled ??= (async () => {
    const pkg = JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const outfile = path.join(bundleDir, 'main.js');
    await build({
      entryPoints: [path.join(serverRoot, 'src/main.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      external: Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@qbank/')),
      logLevel: 'warning',
    });
    return outfile;
  })();
  return bundled;
}
const READY_LINE = 'qbank is running at';

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  port: number;
  /** Everything the process wrote so far (stdout and stderr), for failure messages. */
  output(): string;
  /** Resolves once the output contains `text` (already, or when it arrives). */
  waitForOutput(text: string): Promise<void>;
  /** Resolves when the process has exited, with its code or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A port nobody listens on right now (the OS picks it; the server binds it a moment later). */
async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * Starts the server with `env` (the caller passes the base environment, since only tests read
 * process.env) and resolves once it prints its ready line.
 */
export async function startServerProcess(env: NodeJS.ProcessEnv, options: { port?: number } = {}): Promise<ServerProcess> {
  const [main, port] = await Promise.all([bundleServer(), options.port ?? freePort()]);
  // On PostgreSQL the server migrates as it starts, which reads the whole test database's catalog.
  const start = () => spawnServer(main, port, env);
  return env.DATABASE_URL ? withSchemaChangeLock(env.DATABASE_URL, start) : start();
}

async function spawnServer(main: string, port: number, env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const child = spawn(process.execPath, [main], {
    cwd: repoRoot,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters: { text: string; resolve: () => void }[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      for (const waiter of waiters.filter((w) => output.includes(w.text))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      if (output.includes(READY_LINE)) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(({ code, signal }) => reject(new Error(`server exited before it was ready (${code ?? signal}):\n${output}`)));
  });
  await ready;
  const waitForOutput = (text: string) =>
    new Promise<void>((resolve, reject) => {
      if (output.includes(text)) return resolve();
      waiters.push({ text, resolve });
      void exited.then(() => reject(new Error(`server exited without printing "${text}":\n${output}`)));
    });
  return { child, baseUrl: `http://127.0.0.1:${port}`, port, output: () => output, waitForOutput, exited };
}

/** Signs in over HTTP as the process's real clients do, and returns the bearer token. */
export async function signInOverHttp(server: ServerProcess, id: string, password: string): Promise<string> {
  const response = await fetch(`${server.baseUrl}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id, email: id, password }),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** Kills the process if it still runs, waits for it, then closes its test database. */
export async function stopServerAndClose(server: ServerProcess, database: { close(): Promise<void> }): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await server.exited;
  await database.close();
}
