import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@qbank/shared/errors';
import { messages } from '../messages';
import { createMember, openTestDatabase, testDialects, TEST_PASSWORD, type TestDatabase } from '../testing/harness';
import { createProblem, createSubject, createTest } from '../testing/factories';
import { removeServerBundle, signInOverHttp, startServerProcess, stopServerAndClose, type ServerProcess } from '../testing/server-process';

// The real server as a child process behind a simulated proxy: SIGTERM while keep-alive clients
// keep writing and a request body is still arriving. /readyz must turn 503 first (/healthz stays
// 200: the process is alive, decision 133) while every
// request is still served (new connections too), every request sent must get its real answer (no
// reset, no 503), the listener must then refuse new connections, and the process must exit 0.

interface Setup {
  database: TestDatabase;
  server: ServerProcess;
  problemUid: number;
  token: string;
}

type Outcome = { status: number; connection: string | undefined; text: string } | { error: string };

let cleanup: (() => Promise<void>) | undefined;
afterAll(removeServerBundle);
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function setUp(dialect: (typeof testDialects)[number], env: Record<string, string>): Promise<Setup> {
  const database = await openTestDatabase(dialect);
  const member = await createMember(database.db);
  const subject = await createSubject(database.db);
  const test = await createTest(database.db, { subject_code: subject });
  const problemUid = await createProblem(database.db, { test_code: test, no: 1 });
  const server = await startServerProcess({
    ...process.env,
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    JWT_SECRET: randomBytes(32).toString('hex'),
    PASSWORD_HASH_COST: 'low',
    SEED_DEMO: '0',
    LOG_LEVEL: 'info',
    WEB_DIST_DIR: path.join(database.dataDir, 'no-web'),
    ...env,
  });
  cleanup = () => stopServerAndClose(server, database);
  const token = await signInOverHttp(server, member.id, TEST_PASSWORD);
  return { database, server, problemUid, token };
}

/** Opens a fresh TCP connection (never a pooled one) and reports 'connected' or the error code. */
async function connectOutcome(port: number): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  try {
    await once(socket, 'connect');
    return 'connected';
  } catch (error) {
    return String((error as { code?: string }).code ?? error);
  } finally {
    socket.destroy();
  }
}

/** One request over `agent`, settled with the whole answer or the socket error's code. */
function exchange(url: string, options: http.RequestOptions, body?: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const request = http.request(url, options, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, text: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    request.end(body);
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDialects)('rolling restart (%s)', (dialect) => {
  it('turns /readyz 503 first (/healthz stays 200), answers every request sent (keep-alive, new connections, a body still arriving), then refuses and exits 0', async () => {
    // The drain is ended by a second SIGTERM, so nothing here depends on how fast the test runs.
    const { database, server, problemUid, token } = await setUp(dialect, { SHUTDOWN_DRAIN_MS: '120000' });
    const replyUrl = `${server.baseUrl}/v1/problem/${problemUid}/reply`;
    const postOptions = (agent: http.Agent | false, length: number): http.RequestOptions => ({
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', 'content-length': String(length), authorization: `Bearer ${token}` },
    });

    // The proxy's health check, on a keep-alive connection of its own, until it sees the process leave.
    const health: Outcome[] = [];
    const healthAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const healthChecks = (async () => {
      for (;;) {
        const outcome = await exchange(`${server.baseUrl}/readyz`, { agent: healthAgent });
        health.push(outcome);
        if (!('status' in outcome) || outcome.status !== 200) return;
        await pause(20);
      }
    })();
    const unhealthy = () => health.some((outcome) => !('status' in outcome) || outcome.status !== 200);

    // Writers on keep-alive connections, as a proxy forwards them: they stop once the health check
    // has seen the process leave, after three more writes that the draining process must still take.
    const writers = Array.from({ length: 4 }, (_, index) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const outcomes: Outcome[] = [];
      let warm: () => void = () => undefined;
      const warmedUp = new Promise<void>((resolve) => (warm = resolve));
      const done = (async () => {
        let afterUnhealthy = 0;
        while (afterUnhealthy < 3) {
          if (unhealthy()) afterUnhealthy += 1;
          const body = JSON.stringify({ reply_text: `종료 중 쓰기 ${index}-${outcomes.length}` });
          const outcome = await exchange(replyUrl, postOptions(agent, Buffer.byteLength(body)), body);
          outcomes.push(outcome);
          if (outcomes.length === 2) warm();
          if (!('status' in outcome)) break;
        }
        warm();
        agent.destroy();
      })();
      return { outcomes, warmedUp, done };
    });
    await Promise.all(writers.map((writer) => writer.warmedUp));

    // An idle keep-alive connection: closing must not wait for it.
    const idleAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const idleResponse = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http.get(`${server.baseUrl}/healthz`, { agent: idleAgent }, resolve).on('error', reject);
    });
    const idleSocket = idleResponse.socket;
    idleResponse.resume();
    await once(idleResponse, 'end');
    const idleClosed = once(idleSocket, 'close');

    // `Expect: 100-continue` makes the server say when it has taken the request: Node writes the
    // 100 and routes the request in the same tick, so after 'continue' the request is in flight.
    const slowBody = Buffer.from(JSON.stringify({ reply_text: '종료 중에도 저장되어야 하는 댓글입니다.' }));
    const slow = http.request(replyUrl, {
      ...postOptions(false, slowBody.length),
      headers: { ...postOptions(false, slowBody.length).headers, expect: '100-continue' },
    });
    const slowAnswered = new Promise<Outcome>((resolve) => {
      slow.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, text: Buffer.concat(chunks).toString('utf8') }),
        );
      });
      slow.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    });
    const continued = once(slow, 'continue');
    slow.flushHeaders();
    await continued;
    slow.write(slowBody.subarray(0, 20));

    server.child.kill('SIGTERM');
    await healthChecks;
    await Promise.all(writers.map((writer) => writer.done));

    // The health check saw the process healthy, then a 503 in the app's format, over a live listener.
    const lastCheck = health.at(-1)!;
    expect(health.slice(0, -1).length).toBeGreaterThan(0);
    expect(health.slice(0, -1).every((outcome) => 'status' in outcome && outcome.status === 200)).toBe(true);
    expect(lastCheck).toMatchObject({ status: 503, connection: 'close' });
    expect(JSON.parse((lastCheck as { text: string }).text)).toEqual({
      message: messages.serverDraining,
      code: ERROR_CODES.unavailable,
      fields: { draining: messages.serverDraining },
    });
    // Alive while draining: an orchestrator's liveness probe must not kill a process that drains.
    expect(await exchange(`${server.baseUrl}/healthz`, { agent: false })).toMatchObject({ status: 200 });
    // Every write got its real answer, three of each writer's after the 503 (on new connections).
    for (const writer of writers) {
      expect(writer.outcomes.map((outcome) => ('status' in outcome ? outcome.status : outcome.error))).toEqual(writer.outcomes.map(() => 201));
      expect(writer.outcomes.length).toBeGreaterThanOrEqual(5);
      expect(writer.outcomes.at(-1)).toMatchObject({ connection: 'close' });
    }
    expect(server.child.exitCode).toBeNull();

    // The drain ends (here by a second SIGTERM; SHUTDOWN_DRAIN_MS otherwise): the listener closes.
    server.child.kill('SIGTERM');
    await server.waitForOutput('shutting down: finishing in-flight requests');
    expect(await connectOutcome(server.port)).toBe('ECONNREFUSED');
    await idleClosed;
    expect(server.child.exitCode).toBeNull();

    slow.end(slowBody.subarray(20));
    const answered = await slowAnswered;
    expect(answered).toMatchObject({ status: 201, connection: 'close' });
    expect(JSON.parse((answered as { text: string }).text).reply.reply_text).toBe('종료 중에도 저장되어야 하는 댓글입니다.');

    expect(await server.exited).toEqual({ code: 0, signal: null });
    const output = server.output();
    expect(output.indexOf('draining: /readyz answers 503')).toBeGreaterThan(-1);
    expect(output.indexOf('draining: /readyz answers 503')).toBeLessThan(output.indexOf('shutting down: finishing in-flight requests'));
    expect(output).toContain('shut down cleanly');
    const written = writers.reduce((sum, writer) => sum + writer.outcomes.length, 0) + 1;
    const stored = await database.db
      .selectFrom('problem_replies')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('problem_uid', '=', problemUid)
      .executeTakeFirstOrThrow();
    expect(Number(stored.count)).toBe(written);
    healthAgent.destroy();
    idleAgent.destroy();
    // It starts a server process and keeps five clients busy: 20 s on CI's loaded two cores.
  }, 90_000);
});

describe('shutdown on its own', () => {
  it('ends the drain after SHUTDOWN_DRAIN_MS and exits 0; SIGINT skips the drain', async () => {
    const { server } = await setUp('sqlite', { SHUTDOWN_DRAIN_MS: '200' });
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    const output = server.output();
    expect(output.indexOf('draining: /readyz answers 503')).toBeGreaterThan(-1);
    expect(output.indexOf('draining: /readyz answers 503')).toBeLessThan(output.indexOf('shut down cleanly'));
    await cleanup?.();

    const { server: second } = await setUp('sqlite', { SHUTDOWN_DRAIN_MS: '120000' });
    second.child.kill('SIGINT');
    expect(await second.exited).toEqual({ code: 0, signal: null });
    expect(second.output()).not.toContain('draining');
    // Two server processes, one after the other: over 30 s on a loaded CI machine.
  }, 90_000);
});

describe('graceful shutdown grace period', () => {
  it('exits 1 with a log line when a request outlives the grace period', async () => {
    // A bare Fastify app with a route that never answers, and a 300 ms grace period: the
    // server's own timer decides, the test only waits for the exit.
    const script = `
      import Fastify from 'fastify';
      import { closeOnSignals } from ${JSON.stringify(path.join(import.meta.dirname, 'shutdown.ts'))};
      const app = Fastify({ logger: true });
      app.get('/hang', () => new Promise(() => console.log('request is hanging')));
      closeOnSignals(app, { drainMs: 0, graceMs: 300 });
      await app.listen({ port: 0, host: '127.0.0.1' });
      console.log('ready on ' + app.server.address().port);
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: import.meta.dirname,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const checks = new Set<() => void>();
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8');
        for (const check of checks) check();
      });
    }
    const exited = once(child, 'exit');
    const waitFor = (text: string) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!output.includes(text)) return;
          checks.delete(check);
          resolve();
        };
        checks.add(check);
        check();
      });
    const ready = waitFor('ready on ');
    await ready;
    const port = Number(/ready on (\d+)/.exec(output)?.[1]);
    const hanging = waitFor('request is hanging');
    const request = http.get(`http://127.0.0.1:${port}/hang`);
    request.on('error', () => undefined);
    await hanging;
    child.kill('SIGTERM');
    expect(await exited).toEqual([1, null]);
    expect(output).toContain('in-flight requests did not finish in time');
  }, 90_000);
});
