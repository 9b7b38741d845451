import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as openRunMigration from '../db/migrations/2026-11-28-010-open-solve-run';
import { createProblem, createSubject, createTest } from '../testing/factories';
import { createMember, loginCookie, openTestDatabase, testDialects, twoProcessApps, type TestDatabase } from '../testing/harness';

// A member's first answers to an exam arrive at once (two tabs flushing the offline queue, a fast
// keyboard on a slow link, two server processes behind the load balancer). Each one looks for the
// exam's open run and makes it when there is none: all of them must land in the one run, or the
// progress shows only the answers of whichever run came last (issue 25 item 4).

const ANSWERS = 8;

describe.each(testDialects)('first answers sent at once on %s', (dialect) => {
  let database: TestDatabase;
  let apps: FastifyInstance[];
  const urls: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    apps = await twoProcessApps(database);
    for (const app of apps) urls.push(await app.listen({ port: 0, host: '127.0.0.1' }));
  });
  afterAll(async () => {
    for (const app of apps ?? []) await app.close();
    await database?.close();
  });

  const post = (base: string, path: string, cookie: string, body?: object) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });

  async function freshExam() {
    const exam = await createTest(database.db, { subject_code: await createSubject(database.db) });
    const problems: number[] = [];
    for (let no = 1; no <= ANSWERS; no += 1)
      problems.push(await createProblem(database.db, { test_code: exam, no, illustration: '① 가\n② 나\n③ 다', answer: '③' }));
    return { exam, problems };
  }

  it('keeps all eight first answers in one run, through two processes, on fresh exams', async () => {
    const member = await createMember(database.db);
    const cookies = [await loginCookie(apps[0]!, member.id), await loginCookie(apps[1]!, member.id)];
    // A few fresh exams: one round of eight can miss the window by luck.
    for (let round = 0; round < 3; round += 1) {
      const { exam, problems } = await freshExam();
      const sent = await Promise.all(problems.map((uid, i) => post(urls[i % 2]!, '/v1/solve/attempts', cookies[i % 2]!, { problem_uid: uid, answer: '③' })));
      expect(sent.map((response) => response.status)).toEqual(problems.map(() => 201));
      const runs = await database.db.selectFrom('solve_runs').select('code').where('member_code', '=', member.code).where('test_code', '=', exam).execute();
      expect(runs, `round ${round}`).toHaveLength(1);
      const progress = await apps[0]!.inject({ method: 'GET', url: `/v1/solve/tests/${exam}`, headers: { cookie: cookies[0]! } });
      expect(
        progress
          .json()
          .attempts.map((attempt: { problem_uid: number }) => attempt.problem_uid)
          .sort((a: number, b: number) => a - b),
      ).toEqual(problems);
    }
  });

  it('restarted at once from two processes, the exam has one open run and the next answers go to it', async () => {
    const member = await createMember(database.db);
    const cookies = [await loginCookie(apps[0]!, member.id), await loginCookie(apps[1]!, member.id)];
    const { exam, problems } = await freshExam();
    expect((await post(urls[0]!, '/v1/solve/attempts', cookies[0]!, { problem_uid: problems[0], answer: '③' })).status).toBe(201);
    const restarts = await Promise.all([0, 1, 0, 1].map((i) => post(urls[i]!, `/v1/solve/tests/${exam}/restart`, cookies[i]!)));
    expect(restarts.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    const sent = await Promise.all(problems.map((uid, i) => post(urls[i % 2]!, '/v1/solve/attempts', cookies[i % 2]!, { problem_uid: uid, answer: '①' })));
    expect(sent.map((response) => response.status)).toEqual(problems.map(() => 201));
    const progress = (await apps[1]!.inject({ method: 'GET', url: `/v1/solve/tests/${exam}`, headers: { cookie: cookies[1]! } })).json();
    expect(progress.attempts).toHaveLength(ANSWERS);
    expect(progress.attempts.every((attempt: { answer: string }) => attempt.answer === '①')).toBe(true);
    // The first run's answer is kept as history.
    const all = await database.db.selectFrom('solve_attempts').select('code').where('member_code', '=', member.code).execute();
    expect(all).toHaveLength(ANSWERS + 1);
  });

  it('the migration moves the answers of runs the race made before it into the run that survived, and opens the latest run', async () => {
    const { db } = database;
    const [raced, restarted] = [await createMember(db), await createMember(db)];
    const { exam, problems } = await freshExam();
    await openRunMigration.down(db);
    const at = (ms: number) => new Date(Date.UTC(2026, 10, 20, 9) + ms).toISOString();
    const run = async (memberCode: number, ms: number, answered: number[]) => {
      const { code } = await db
        .insertInto('solve_runs')
        .values({ member_code: memberCode, test_code: exam, creation_time: at(ms) })
        .returning('code')
        .executeTakeFirstOrThrow();
      for (const uid of answered) {
        await db
          .insertInto('solve_attempts')
          .values({ run_code: code, member_code: memberCode, problem_uid: uid, answer: '③', is_correct: 1, source: 'solve', creation_time: at(ms + 5) })
          .execute();
      }
      return code;
    };
    // A pass a day earlier, then eight first answers at once that made three runs.
    const history = await run(raced.code, -86_400_000, problems.slice(0, 2));
    await run(raced.code, 0, problems.slice(0, 3));
    await run(raced.code, 12, problems.slice(3, 5));
    const survivor = await run(raced.code, 30, problems.slice(5));
    // A pass, then a double-clicked restart a minute later: two empty runs.
    await run(restarted.code, 0, problems);
    await run(restarted.code, 60_000, []);
    const lastRestart = await run(restarted.code, 60_100, []);
    const before = await db.selectFrom('solve_attempts').select(['code', 'run_code']).where('member_code', 'in', [raced.code, restarted.code]).execute();

    await openRunMigration.up(db);
    const runsOf = (memberCode: number) =>
      db.selectFrom('solve_runs').select(['code', 'is_open']).where('member_code', '=', memberCode).where('test_code', '=', exam).orderBy('code').execute();
    expect(await runsOf(raced.code)).toEqual([
      { code: history, is_open: null },
      { code: survivor, is_open: 1 },
    ]);
    expect((await runsOf(restarted.code)).map((row) => row.is_open)).toEqual([null, null, 1]);
    const after = await db.selectFrom('solve_attempts').select(['code', 'run_code']).where('member_code', 'in', [raced.code, restarted.code]).execute();
    expect(after.map((row) => row.code).sort()).toEqual(before.map((row) => row.code).sort());
    expect(after.filter((row) => row.run_code === history)).toHaveLength(2);
    const cookie = await loginCookie(apps[0]!, raced.id);
    const progress = (await apps[0]!.inject({ method: 'GET', url: `/v1/solve/tests/${exam}`, headers: { cookie } })).json();
    expect(progress.run.code).toBe(survivor);
    expect(progress.attempts).toHaveLength(ANSWERS);
    const theirs = (
      await apps[0]!.inject({ method: 'GET', url: `/v1/solve/tests/${exam}`, headers: { cookie: await loginCookie(apps[0]!, restarted.id) } })
    ).json();
    expect(theirs).toMatchObject({ run: { code: lastRestart }, attempts: [] });
  });
});
