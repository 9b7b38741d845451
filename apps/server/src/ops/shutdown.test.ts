import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createMember, openTestDatabase, testDialects, TEST_PASSWORD, type TestDatabase } from '../testing/harness';
import { createProblem, createSubject, createTest } from '../testing/factories';
import { removeServerBundle, signInOverHttp, startServerProcess, stopServerAndClose, type ServerProcess } from '../testing/server-process';

// The real server as a child process: SIGTERM while a request body is still arriving. The
// request must complete with its real answer (the write is stored), new connections must be
// refused meanwhile, and the process must then exit 0.

interface Setup {
  database: TestDatabase;
  server: ServerProcess;
  problemUid: number;
  token: string;
}

let cleanup: (() => Promise<void>) | undefined;
afterAll(removeServerBundle);
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function setUp(dialect: (typeof testDialects)[number]): Promise<Setup> {
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

describe.each(testDialects)('graceful shutdown (%s)', (dialect) => {
  it('finishes a request whose body is still arriving, refuses new connections, closes idle ones, exits 0', async () => {
    const { database, server, problemUid, token } = await setUp(dialect);
    const body = JSON.stringify({ reply_text: '종료 중에도 저장되어야 하는 댓글입니다.' });
    const bytes = Buffer.from(body);

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
    const request = http.request(`${server.baseUrl}/v1/problem/${problemUid}/reply`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': String(bytes.length),
        authorization: `Bearer ${token}`,
        expect: '100-continue',
      },
    });
    const answered = new Promise<{ status: number; text: string; connection: string | undefined }>((resolve, reject) => {
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), connection: response.headers.connection }),
        );
        response.on('error', reject);
      });
      request.on('error', reject);
    });
    // Only awaited after the body is sent; a failure before that is reported there, not as unhandled.
    answered.catch(() => undefined);
    const continued = once(request, 'continue');
    request.flushHeaders();
    await continued;
    request.write(bytes.subarray(0, 20));

    server.child.kill('SIGTERM');
    // The handler closes the listener before it logs this line.
    await server.waitForOutput('shutting down: finishing in-flight requests');
    expect(await connectOutcome(server.port)).toBe('ECONNREFUSED');
    await idleClosed;
    expect(server.child.exitCode).toBeNull();

    request.end(bytes.subarray(20));
    const { status, text, connection } = await answered;
    expect(status).toBe(201);
    // The client would keep the socket alive; the server ends it so the exit is not held back.
    expect(connection).toBe('close');
    const created = JSON.parse(text) as { reply: { reply_code: number; reply_text: string } };
    expect(created.reply.reply_text).toBe('종료 중에도 저장되어야 하는 댓글입니다.');

    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('shut down cleanly');
    const stored = await database.db
      .selectFrom('problem_replies')
      .select(['reply_text'])
      .where('reply_code', '=', created.reply.reply_code)
      .executeTakeFirst();
    expect(stored?.reply_text).toBe('종료 중에도 저장되어야 하는 댓글입니다.');
    idleAgent.destroy();
    // It starts a server process and waits out a slow upload: 20 s on CI's loaded two cores.
  }, 90_000);

  it('exits at once on SIGTERM when nothing is in flight', async () => {
    const { server } = await setUp(dialect);
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });
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
      closeOnSignals(app, 300);
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
  });
});
