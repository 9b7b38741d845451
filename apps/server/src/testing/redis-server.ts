import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createConnection } from 'node:net';

// A Redis of the test's own (redis-server on a port of the scale range, no persistence), so a
// test may stop it mid-run without touching the machine's shared Redis on 6379. Like
// PostgreSQL in harness.ts: without redis-server the Redis tests are skipped with a note,
// unless REQUIRE_POSTGRES=1 (CI), where its absence is a failure.
export const redisAvailable = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
if (!redisAvailable) {
  if (process.env.REQUIRE_POSTGRES === '1') throw new Error('REQUIRE_POSTGRES=1 but redis-server is not installed');
  console.warn('redis-server is not installed: the shared-limit tests are skipped');
}

export interface TestRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Starts it again on the same port after stop(). */
  start(): Promise<void>;
}

function reachable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitFor(port: number, up: boolean): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    if ((await reachable(port)) === up) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server on ${port} did not ${up ? 'start' : 'stop'}`);
}

export async function startTestRedis(port: number): Promise<TestRedis> {
  let child: ChildProcess | null = null;
  const start = async () => {
    if (await reachable(port)) throw new Error(`port ${port} is already in use`);
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await waitFor(port, true);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await exited;
      await waitFor(port, false);
    },
  };
}
