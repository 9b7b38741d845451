import { randomBytes } from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createMember, openTestDatabase, testDialects, TEST_PASSWORD, type TestDatabase } from '../testing/harness';
import { createProblem, createSubject, createTest } from '../testing/factories';
import { removeServerBundle, signInOverHttp, startServerProcess, stopServerAndClose, type ServerProcess } from '../testing/server-process';

// Crash safety: a stream of writes (comments, bookmarks, solve answers; ten at a time) against
// the real server, which is killed with SIGKILL part-way. After a restart on the same data every
// write that was acknowledged with a 2xx must be there, and the database must be consistent.
// SIGKILL is a process crash; surviving power loss depends on the disk and is not tested here.

const PROBLEMS = 40;
const CONCURRENCY = 10;
/** The kill comes when this many writes have been acknowledged, with more in flight. */
const KILL_AFTER_ACKS = 150;
const MAX_WRITES = 2_000;

interface Acknowledged {
  replies: number[];
  bookmarks: Set<number>;
  attempts: number[];
}

let cleanup: (() => Promise<void>) | undefined;
afterAll(removeServerBundle);
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

function serverEnv(database: TestDatabase): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    JWT_SECRET: 'crash-test-secret-crash-test-secret-0123456789',
    PASSWORD_HASH_COST: 'low',
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(database.dataDir, 'no-web'),
    // Nothing polls /healthz: the final SIGTERM closes at once (shutdown.test.ts covers the drain).
    SHUTDOWN_DRAIN_MS: '0',
  };
}

async function call(server: ServerProcess, token: string, method: string, url: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: await response.json() };
}

/**
 * Ten workers send writes until the server dies. A write counts only when its 2xx answer has
 * arrived in full; one cut off by the kill may or may not be stored, and that is allowed.
 */
async function writeUntilKilled(server: ServerProcess, token: string, problems: number[], boxCode: number): Promise<Acknowledged & { failed: number }> {
  const acknowledged: Acknowledged = { replies: [], bookmarks: new Set(), attempts: [] };
  let sent = 0;
  let acks = 0;
  let failed = 0;
  let killed = false;
  const worker = async () => {
    while (!killed && sent < MAX_WRITES) {
      const n = sent++;
      const problem = problems[n % problems.length]!;
      try {
        if (n % 3 === 0) {
          const { status, json } = await call(server, token, 'POST', `/v1/problem/${problem}/reply`, { reply_text: `충돌 시험 댓글 ${n}` });
          if (status !== 201) throw new Error(`reply ${status}`);
          acknowledged.replies.push((json as { reply: { reply_code: number } }).reply.reply_code);
        } else if (n % 3 === 1) {
          const { status } = await call(server, token, 'POST', `/v1/box/${boxCode}/problem/${problem}`);
          if (status !== 201 && status !== 200) throw new Error(`bookmark ${status}`);
          acknowledged.bookmarks.add(problem);
        } else {
          const { status, json } = await call(server, token, 'POST', '/v1/solve/attempts', { problem_uid: problem, answer: String((n % 5) + 1) });
          if (status !== 201) throw new Error(`attempt ${status}`);
          acknowledged.attempts.push((json as { attempt: { code: number } }).attempt.code);
        }
        acks += 1;
        if (acks === KILL_AFTER_ACKS) {
          server.child.kill('SIGKILL');
          killed = true;
        }
      } catch (error) {
        // Before the kill every write must succeed; after it, failures are the point.
        if (!killed) throw error;
        failed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { ...acknowledged, failed };
}

describe.each(testDialects)('crash safety (%s)', (dialect) => {
  // 6–7 s on a quiet machine; over 60 s once on a machine loaded far past its two cores.
  it('keeps every acknowledged write through a SIGKILL and restarts consistent', async () => {
    const database = await openTestDatabase(dialect);
    const member = await createMember(database.db);
    const subject = await createSubject(database.db);
    const test = await createTest(database.db, { subject_code: subject });
    const problems: number[] = [];
    for (let no = 1; no <= PROBLEMS; no += 1) problems.push(await createProblem(database.db, { test_code: test, no, answer: '3' }));

    let server = await startServerProcess(serverEnv(database));
    cleanup = () => stopServerAndClose(server, database);
    const token = await signInOverHttp(server, member.id, TEST_PASSWORD);
    const box = await call(server, token, 'POST', '/v1/box', { box_name: `충돌 시험 ${randomBytes(2).toString('hex')}` });
    const boxCode = (box.json as { box: { code: number } }).box.code;

    const acknowledged = await writeUntilKilled(server, token, problems, boxCode);
    expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(acknowledged.replies.length + acknowledged.bookmarks.size + acknowledged.attempts.length).toBeGreaterThan(0);

    // Restart on the same data; the token still works (same secret), and so does writing.
    server = await startServerProcess(serverEnv(database));
    const replyCodes = new Set<number>();
    for (const problem of problems) {
      const { status, json } = await call(server, token, 'GET', `/v1/problem/${problem}/replies`);
      expect(status).toBe(200);
      for (const reply of (json as { replies: { reply_code: number }[] }).replies) replyCodes.add(reply.reply_code);
    }
    expect(acknowledged.replies.filter((code) => !replyCodes.has(code))).toEqual([]);
    const boxed = await call(server, token, 'GET', `/v1/box/${boxCode}/problem`);
    const boxedUids = new Set((boxed.json as { problems: { problem_uid: number }[] }).problems.map((p) => p.problem_uid));
    expect([...acknowledged.bookmarks].filter((uid) => !boxedUids.has(uid))).toEqual([]);
    const storedAttempts = new Set(
      (await database.db.selectFrom('solve_attempts').select('code').where('member_code', '=', member.code).execute()).map((row) => row.code),
    );
    expect(acknowledged.attempts.filter((code) => !storedAttempts.has(code))).toEqual([]);
    expect((await call(server, token, 'POST', `/v1/problem/${problems[0]}/reply`, { reply_text: '재시작 후 댓글' })).status).toBe(201);

    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });

    // Consistency: no row points at a missing row, and the API's counts match the tables.
    const db = database.db;
    const orphans = await Promise.all([
      db.selectFrom('problem_replies as r').leftJoin('problems as p', 'p.uid', 'r.problem_uid').where('p.uid', 'is', null).select('r.reply_code').execute(),
      db.selectFrom('box_problems as b').leftJoin('problems as p', 'p.uid', 'b.problem_uid').where('p.uid', 'is', null).select('b.box_code').execute(),
      db.selectFrom('box_problems as b').leftJoin('boxes as x', 'x.code', 'b.box_code').where('x.code', 'is', null).select('b.box_code').execute(),
      db.selectFrom('solve_attempts as a').leftJoin('solve_runs as s', 's.code', 'a.run_code').where('s.code', 'is', null).select('a.code').execute(),
    ]);
    expect(orphans.map((rows) => rows.length)).toEqual([0, 0, 0, 0]);
    const replyRows = await db.selectFrom('problem_replies').select('reply_code').where('member_code', '=', member.code).execute();
    expect(replyRows.length).toBe(replyCodes.size + 1);
    if (dialect === 'sqlite') {
      const sqlite = new SQLite(path.join(database.dataDir, 'qbank.sqlite'), { readonly: true });
      try {
        expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(sqlite.pragma('foreign_key_check')).toEqual([]);
      } finally {
        sqlite.close();
      }
    }
  }, 180_000);
});
