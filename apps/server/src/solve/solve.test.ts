import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, loginCookie, testDialects, type TestContext } from '../testing/harness';
import { createProblem, createSubject, createTest } from '../testing/factories';

describe.each(testDialects)('solve progress on %s', (dialect) => {
  let t: TestContext;
  let cookie: string;
  let exam: number;
  let mcq: number;
  let essay: number;
  let slide: number;
  const call = (method: 'GET' | 'POST', url: string, who: string | undefined = cookie, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { cookie: who } : {}, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestContext(dialect);
    cookie = await loginCookie(t.app, (await createMember(t.db)).id);
    exam = await createTest(t.db, { subject_code: await createSubject(t.db) });
    mcq = await createProblem(t.db, { test_code: exam, no: 1, illustration: '① 가\n② 나\n③ 다', answer: '③' });
    essay = await createProblem(t.db, { test_code: exam, no: 1, type: 2, choice_type: null, answer: 'HBsAg' });
    slide = await createProblem(t.db, { test_code: exam, no: 1, type: 4, choice_type: null, answer: '정중신경' });
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
    for (const payload of [
      {},
      { problem_uid: mcq },
      { problem_uid: mcq, answer: '  ' },
      { problem_uid: 'x', answer: '1' },
      { problem_uid: mcq, answer: '1', is_correct: true },
    ]) {
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

  it('records an answer sent again under the same client_id once, answering the first record (offline queue, decision 041)', async () => {
    const member = await createMember(t.db);
    const who = await loginCookie(t.app, member.id);
    const clientId = randomUUID();
    const first = await call('POST', '/v1/solve/attempts', who, { problem_uid: mcq, answer: '③', client_id: clientId });
    expect(first.statusCode).toBe(201);
    expect(first.json().attempt).toMatchObject({ problem_uid: mcq, answer: '③', is_correct: true });
    const again = await call('POST', '/v1/solve/attempts', who, { problem_uid: mcq, answer: '③', client_id: clientId });
    expect(again.statusCode).toBe(200);
    expect(again.json().attempt).toEqual(first.json().attempt);
    // Sent twice at once (two tabs flushing the queue): still one record, both sends get it.
    const raced = randomUUID();
    const both = await Promise.all([1, 2].map(() => call('POST', '/v1/solve/attempts', who, { problem_uid: essay, answer: '항원', client_id: raced })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(both[0]!.json().attempt.code).toBe(both[1]!.json().attempt.code);
    const rows = await t.db.selectFrom('solve_attempts').select(['problem_uid', 'client_id']).where('member_code', '=', member.code).orderBy('code').execute();
    expect(rows).toEqual([
      { problem_uid: mcq, client_id: clientId },
      { problem_uid: essay, client_id: raced },
    ]);
    // Answers without an id are each recorded, as before.
    for (let i = 0; i < 2; i++) expect((await call('POST', '/v1/solve/attempts', who, { problem_uid: slide, answer: '신경' })).statusCode).toBe(201);

    // Another member's id is theirs alone; one id names one answer; a malformed id is refused.
    const other = await loginCookie(t.app, (await createMember(t.db)).id);
    expect((await call('POST', '/v1/solve/attempts', other, { problem_uid: mcq, answer: '③', client_id: clientId })).statusCode).toBe(201);
    const reused = await call('POST', '/v1/solve/attempts', who, { problem_uid: mcq, answer: '①', client_id: clientId });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toMatch(/[가-힣]/);
    const malformed = await call('POST', '/v1/solve/attempts', who, { problem_uid: mcq, answer: '①', client_id: 'not-a-uuid' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/[가-힣]/);
    expect(await t.db.selectFrom('solve_attempts').select('code').where('member_code', '=', member.code).execute()).toHaveLength(4);
  });

  describe('self-judgment of essay and slide answers', () => {
    const judge = (code: number, payload: object, who: string | undefined = cookie) => call('POST', `/v1/solve/attempts/${code}/self-judgment`, who, payload);

    it("records the machine verdict first, then the member's own verdict, kept apart by judged_by", async () => {
      const exact = (await call('POST', '/v1/solve/attempts', cookie, { problem_uid: slide, answer: ' 정중신경 ' })).json().attempt;
      expect(exact).toMatchObject({ is_correct: true, judged_by: 'machine' });
      const worded = (await call('POST', '/v1/solve/attempts', cookie, { problem_uid: slide, answer: '정중 신경(median n.)' })).json().attempt;
      expect(worded).toMatchObject({ is_correct: false, judged_by: 'machine' });

      const right = await judge(worded.code, { is_correct: true });
      expect(right.statusCode).toBe(200);
      expect(right.json().attempt).toMatchObject({ code: worded.code, is_correct: true, judged_by: 'self', answer: '정중 신경(median n.)' });
      const row = await t.db.selectFrom('solve_attempts').select(['is_correct', 'judged_by']).where('code', '=', worded.code).executeTakeFirstOrThrow();
      expect(row).toEqual({ is_correct: 1, judged_by: 'self' });
      // Changing one's mind replaces the verdict; the progress shows it.
      expect((await judge(worded.code, { is_correct: false })).json().attempt).toMatchObject({ is_correct: false, judged_by: 'self' });
      const progress = (await call('GET', `/v1/solve/tests/${exam}`)).json();
      expect(progress.attempts.find((a: { code: number }) => a.code === worded.code)).toMatchObject({ is_correct: false, judged_by: 'self' });

      const essayAnswer = (await call('POST', '/v1/solve/attempts', cookie, { problem_uid: essay, answer: 'B형 간염 표면항원' })).json().attempt;
      expect((await judge(essayAnswer.code, { is_correct: true })).json().attempt).toMatchObject({ is_correct: true, judged_by: 'self' });

      // The review deck has no card while the answer waits for the member (decision 075); their verdict makes it.
      const fresh = await createProblem(t.db, { test_code: exam, no: 9, type: 2, choice_type: null, answer: '심근경색' });
      const firstTry = (await call('POST', '/v1/solve/attempts', cookie, { problem_uid: fresh, answer: '급성 심근경색증' })).json().attempt;
      const cardDue = async () => {
        expect((await call('GET', '/v1/study/review')).statusCode).toBe(200);
        return (await t.db.selectFrom('review_cards').select('due').where('problem_uid', '=', fresh).executeTakeFirst())?.due;
      };
      expect(await cardDue()).toBeUndefined();
      expect((await judge(firstTry.code, { is_correct: false })).statusCode).toBe(200);
      const whileWrong = await cardDue();
      expect(whileWrong).toBeDefined();
      expect((await judge(firstTry.code, { is_correct: true })).statusCode).toBe(200);
      expect((await cardDue())! > whileWrong!).toBe(true);
    });

    it("refuses multiple choice, another member's answer, bad input and unknown answers", async () => {
      const choice = (await call('POST', '/v1/solve/attempts', cookie, { problem_uid: mcq, answer: '②' })).json().attempt;
      const refused = await judge(choice.code, { is_correct: true });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/객관식/);
      expect((await t.db.selectFrom('solve_attempts').select('judged_by').where('code', '=', choice.code).executeTakeFirstOrThrow()).judged_by).toBe('machine');

      const mine = (await call('POST', '/v1/solve/attempts', cookie, { problem_uid: essay, answer: '항원' })).json().attempt;
      const other = await loginCookie(t.app, (await createMember(t.db)).id);
      const hidden = await judge(mine.code, { is_correct: true }, other);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().message).toMatch(/[가-힣]/);
      expect((await t.db.selectFrom('solve_attempts').select('is_correct').where('code', '=', mine.code).executeTakeFirstOrThrow()).is_correct).toBe(0);

      for (const payload of [{}, { is_correct: 'yes' }, { is_correct: 1 }, { is_correct: true, judged_by: 'self' }]) {
        const response = await judge(mine.code, payload);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toMatch(/[가-힣]/);
      }
      expect((await call('POST', '/v1/solve/attempts/abc/self-judgment', cookie, { is_correct: true })).statusCode).toBe(400);
      expect((await judge(99999999, { is_correct: true })).statusCode).toBe(404);
      expect((await judge(mine.code, { is_correct: true }, '')).statusCode).toBe(401);
    });
  });
});
