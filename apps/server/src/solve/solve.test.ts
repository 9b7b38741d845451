import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, loginCookie, testDialects, type TestContext } from '../testing/harness';
import { createProblem, createSubject, createTest } from '../testing/factories';

describe.each(testDialects)('solve progress on %s', (dialect) => {
  let t: TestContext;
  let cookie: string;
  let exam: number;
  let mcq: number;
  let essay: number;
  const call = (method: 'GET' | 'POST', url: string, who: string | undefined = cookie, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { cookie: who } : {}, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestContext(dialect);
    cookie = await loginCookie(t.app, (await createMember(t.db)).id);
    exam = await createTest(t.db, { subject_code: await createSubject(t.db) });
    mcq = await createProblem(t.db, { test_code: exam, no: 1, illustration: '① 가\n② 나\n③ 다', answer: '③' });
    essay = await createProblem(t.db, { test_code: exam, no: 1, type: 2, choice_type: null, answer: 'HBsAg' });
  });
  afterAll(async () => t?.close());

  it('records attempts, judging them on the server, and keeps the latest per problem in the run', async () => {
    expect((await call('GET', `/v1/solve/tests/${exam}`)).json()).toEqual({ run: null, attempts: [] });
    const wrong = await call('POST', '/v1/solve/attempts', cookie, { problem_uid: mcq, answer: '②' });
    expect(wrong.statusCode).toBe(201);
    expect(wrong.json().attempt).toMatchObject({ problem_uid: mcq, answer: '②', is_correct: false });
    expect((await call('POST', '/v1/solve/attempts', cookie, { problem_uid: mcq, answer: '3' })).json().attempt.is_correct).toBe(true);
    expect((await call('POST', '/v1/solve/attempts', cookie, { problem_uid: essay, answer: ' hbsag ' })).json().attempt.is_correct).toBe(true);
    const progress = (await call('GET', `/v1/solve/tests/${exam}`)).json();
    expect(progress.run).toMatchObject({ test_code: exam });
    expect(progress.attempts.map((a: { problem_uid: number; is_correct: boolean }) => [a.problem_uid, a.is_correct])).toEqual([
      [mcq, true],
      [essay, true],
    ]);
  });

  it('restarts with an empty run and keeps the history', async () => {
    const before = (await call('GET', `/v1/solve/tests/${exam}`)).json();
    const restarted = (await call('POST', `/v1/solve/tests/${exam}/restart`)).json();
    expect(restarted.attempts).toEqual([]);
    expect(restarted.run.code).not.toBe(before.run.code);
    expect((await call('GET', `/v1/solve/tests/${exam}`)).json().attempts).toEqual([]);
    const kept = await t.db.selectFrom('solve_attempts').select('code').where('run_code', '=', before.run.code).execute();
    expect(kept.length).toBe(3);
  });

  it("keeps each member's progress separate", async () => {
    const other = await loginCookie(t.app, (await createMember(t.db)).id);
    await call('POST', '/v1/solve/attempts', other, { problem_uid: mcq, answer: '①' });
    expect((await call('GET', `/v1/solve/tests/${exam}`, other)).json().attempts).toHaveLength(1);
    expect((await call('GET', `/v1/solve/tests/${exam}`)).json().attempts).toEqual([]);
  });

  it('refuses bad input, unknown exams and problems, and anonymous or unapproved members', async () => {
    for (const payload of [{}, { problem_uid: mcq }, { problem_uid: mcq, answer: '  ' }, { problem_uid: 'x', answer: '1' }, { problem_uid: mcq, answer: '1', is_correct: true }]) {
      const response = await call('POST', '/v1/solve/attempts', cookie, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/[가-힣]/);
    }
    expect((await call('POST', '/v1/solve/attempts', cookie, { problem_uid: 999999, answer: '1' })).statusCode).toBe(404);
    expect((await call('GET', '/v1/solve/tests/999999')).statusCode).toBe(404);
    expect((await call('GET', `/v1/solve/tests/${exam}`, '')).statusCode).toBe(401);
    const pending = await loginCookie(t.app, (await createMember(t.db, { validated: false })).id);
    expect((await call('POST', '/v1/solve/attempts', pending, { problem_uid: mcq, answer: '1' })).statusCode).toBe(403);
  });
});
