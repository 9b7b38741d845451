import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, loginCookie, testDialects, type TestContext } from '../testing/harness';
import { createProblem, createSubject, createTest } from '../testing/factories';

// Issue 26 item 6 (decision 079): a 문항 무효 problem stays readable but takes no answer anywhere
// (solve mode, study sessions, the review deck, the offline queue's sends: one 409 with a code the
// screens recognise) and counts in nothing: the class's answers panel says so instead of a 404,
// retry sets and the review deck leave it out, the activity by day does not count it.

describe.each(testDialects)('a voided problem on %s', (dialect) => {
  let t: TestContext;
  let exam: number;
  let student: { code: number; cookie: string };
  let lead: { cookie: string };
  const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestContext(dialect);
    const member = await createMember(t.db);
    student = { code: member.code, cookie: await loginCookie(t.app, member.id) };
    const leadMember = await createMember(t.db, { role: 'lead' });
    lead = { cookie: await loginCookie(t.app, leadMember.id) };
    exam = await createTest(t.db, { subject_code: await createSubject(t.db) });
  });
  afterAll(async () => t?.close());

  let nextNo = 1;
  const newProblem = () =>
    createProblem(t.db, { test_code: exam, no: nextNo++, type: 1, choice_type: 5, illustration: '① 가\n② 나\n③ 다\n④ 라\n⑤ 마', answer: '②' });
  async function voidByRuling(problem: number) {
    const other = await createMember(t.db);
    const filed = await call('POST', `/v1/problem/${problem}/disputes`, await loginCookie(t.app, other.id), {
      claimed_answer: '①',
      reason: '정답이 없습니다.',
    });
    const ruled = await call('POST', `/v1/disputes/${filed.json().dispute.code}/ruling`, lead.cookie, { decision: 'voided', reason: '출제 오류' });
    expect(ruled.statusCode).toBe(200);
  }
  const expectVoidRefusal = (response: { statusCode: number; json: () => { code: string; message: string } }) => {
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'PROBLEM_VOIDED',
      message: '무효 처리된 문항이라 답을 채점하지 않습니다. 이 문항은 점수와 통계에서 빠집니다.',
    });
  };

  it('takes no answer in solve mode, the review deck or a study session; an earlier offline send replays', async () => {
    const problem = await newProblem();
    const sent = await call('POST', '/v1/solve/attempts', student.cookie, {
      problem_uid: problem,
      answer: '①',
      client_id: '0b4a3c3e-8f34-4a51-9a4d-3f7a0d0c0001',
    });
    expect(sent.statusCode).toBe(201);
    const session = (
      await call('POST', '/v1/study/sessions', student.cookie, { scope: { test_codes: [exam] }, filter: 'all', count: 50, order: 'exam', mode: 'tutor' })
    ).json().session;
    await voidByRuling(problem);

    expectVoidRefusal(await call('POST', '/v1/solve/attempts', student.cookie, { problem_uid: problem, answer: '②' }));
    expectVoidRefusal(await call('POST', `/v1/study/review/${problem}`, student.cookie, { answer: '②' }));
    expectVoidRefusal(await call('POST', `/v1/study/sessions/${session.code}/answers`, student.cookie, { problem_uid: problem, answer: '②' }));
    // The answer recorded before the voiding, sent again by the offline queue, is still the same record.
    const replay = await call('POST', '/v1/solve/attempts', student.cookie, {
      problem_uid: problem,
      answer: '①',
      client_id: '0b4a3c3e-8f34-4a51-9a4d-3f7a0d0c0001',
    });
    expect(replay.statusCode).toBe(200);
    const stored = await t.db.selectFrom('solve_attempts').select('answer').where('problem_uid', '=', problem).execute();
    expect(stored).toEqual([{ answer: '①' }]);
  });

  it("answers the class's answers panel with the voiding, not a 404", async () => {
    const problem = await newProblem();
    await call('POST', '/v1/solve/attempts', student.cookie, { problem_uid: problem, answer: '②' });
    await voidByRuling(problem);
    const stats = await call('GET', `/v1/problem/${problem}/stats`, student.cookie);
    expect(stats.statusCode).toBe(200);
    expect(stats.json()).toMatchObject({ voided: true, answers: 0, correct_rate: null, options: [] });
    const counted = await newProblem();
    expect((await call('GET', `/v1/problem/${counted}/stats`, student.cookie)).json()).toMatchObject({ voided: false });
    expect((await call('GET', '/v1/problem/999999/stats', student.cookie)).statusCode).toBe(404);
  });

  it('leaves it out of retry sets, the review deck and the activity by day', async () => {
    const member = await createMember(t.db);
    const cookie = await loginCookie(t.app, member.id);
    const voided = await newProblem();
    const wrong = await newProblem();
    const session = (
      await call('POST', '/v1/study/sessions', cookie, { scope: { test_codes: [exam] }, filter: 'all', count: 50, order: 'exam', mode: 'tutor' })
    ).json().session;
    expect((await call('POST', `/v1/study/sessions/${session.code}/answers`, cookie, { problem_uid: voided, answer: '①' })).statusCode).toBe(201);
    expect((await call('POST', `/v1/study/sessions/${session.code}/answers`, cookie, { problem_uid: wrong, answer: '①' })).statusCode).toBe(201);
    const daysBefore = (await call('GET', '/v1/stats/me', cookie)).json().by_day;
    expect(daysBefore.at(-1)).toMatchObject({ answered: 2, correct: 0 });
    await voidByRuling(voided);
    await call('POST', `/v1/study/sessions/${session.code}/finish`, cookie);

    const retry = (await call('POST', `/v1/study/sessions/${session.code}/retry`, cookie, {})).json().session;
    expect(retry.problem_uids).toContain(wrong);
    expect(retry.problem_uids).not.toContain(voided);

    // Both answers' cards fall due; only the counted problem is shown.
    await call('GET', '/v1/study/review', cookie);
    await t.db.updateTable('review_cards').set({ due: '2000-01-01T00:00:00.000Z' }).where('member_code', '=', member.code).execute();
    const deck = (await call('GET', '/v1/study/review', cookie)).json();
    expect(deck.problems.map((item: { problem_uid: number }) => item.problem_uid)).toEqual([wrong]);
    expect(deck.due_count).toBe(1);

    const days = (await call('GET', '/v1/stats/me', cookie)).json().by_day;
    expect(days.at(-1)).toMatchObject({ answered: 1, correct: 0 });
  });
});
