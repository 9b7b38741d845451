import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProblem, createSubject, createTest } from '../testing/factories';
import { createMember, createTestContext, loginCookie, testDialects, type TestContext } from '../testing/harness';

// Essay and slide answers in study sessions (issue 26 item 2, decision 075): an answer the key does
// not match word for word waits for the member's 맞음 / 틀림 and counts in nothing until then;
// their verdict then feeds the result, the retry set, 오답 노트, statistics and the review deck.

describe.each(testDialects)('text answers in study sessions on %s', (dialect) => {
  let t: TestContext;
  let exam: number;
  let essay: number;
  let slide: number;
  let choice: number;
  const call = (method: 'GET' | 'POST', url: string, who: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who }, ...(payload ? { payload } : {}) });

  async function signedIn() {
    const member = await createMember(t.db);
    return { code: member.code, cookie: await loginCookie(t.app, member.id) };
  }

  beforeAll(async () => {
    t = await createTestContext(dialect);
    exam = await createTest(t.db, { subject_code: await createSubject(t.db, { subject_name: '병리학' }) });
    choice = await createProblem(t.db, { test_code: exam, no: 1, illustration: '① 가\n② 나\n③ 다', answer: '③' });
    essay = await createProblem(t.db, { test_code: exam, no: 2, type: 2, choice_type: null, illustration: '', answer: '좌심실 비대' });
    slide = await createProblem(t.db, { test_code: exam, no: 3, type: 4, choice_type: null, illustration: '', answer: '정중신경' });
  });
  afterAll(async () => t?.close());

  async function tutorSession(who: string) {
    const created = await call('POST', '/v1/study/sessions', who, { scope: { test_codes: [exam] }, filter: 'all', count: 3, order: 'exam', mode: 'tutor' });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().session.code as number;
  }
  const answer = (who: string, session: number, problemUid: number, text: string) =>
    call('POST', `/v1/study/sessions/${session}/answers`, who, { problem_uid: problemUid, answer: text });
  const judge = (who: string, code: number, isCorrect: boolean) => call('POST', `/v1/solve/attempts/${code}/self-judgment`, who, { is_correct: isCorrect });
  const stats = async (who: string) => (await call('GET', '/v1/stats/me', who)).json();
  const wrongCount = async (who: string) => (await call('GET', `/v1/study/sessions/count?filter=wrong&test_codes=${exam}`, who)).json().count as number;
  const card = (memberCode: number, problemUid: number) =>
    t.db.selectFrom('review_cards').select('due').where('member_code', '=', memberCode).where('problem_uid', '=', problemUid).executeTakeFirst();

  it('a paraphrase waits for the member: counted in no result, retry set, 오답 노트, statistics or review deck', async () => {
    const member = await signedIn();
    const session = await tutorSession(member.cookie);
    expect((await answer(member.cookie, session, choice, '③')).json().answer).toMatchObject({ is_correct: true, judged_by: 'machine' });
    const paraphrase = (await answer(member.cookie, session, essay, '좌심실이 두꺼워짐')).json().answer;
    // The record names the stored answer, so the screen can ask for 맞음 / 틀림 with it.
    expect(paraphrase).toMatchObject({ problem_uid: essay, is_correct: false, judged_by: 'machine', code: expect.any(Number) });

    const running = (await call('GET', `/v1/study/sessions/${session}`, member.cookie)).json();
    expect(running.session).toMatchObject({ answered: 2, correct: 1, pending: 1 });
    expect(running.answers.find((a: { problem_uid: number }) => a.problem_uid === essay)).toMatchObject({ code: paraphrase.code, judged_by: 'machine' });

    const result = (await call('POST', `/v1/study/sessions/${session}/finish`, member.cookie)).json().result;
    expect(result).toMatchObject({ total: 3, answered: 2, correct: 1, pending: 1 });
    // Only the unanswered slide is a miss: the essay is neither right nor wrong yet.
    expect((await call('POST', `/v1/study/sessions/${session}/retry`, member.cookie, {})).json().session.problem_uids).toEqual([slide]);
    expect((await call('POST', `/v1/study/sessions/${session}/wrong-notes`, member.cookie)).json()).toMatchObject({ added: 1, total: 1 });
    expect(await wrongCount(member.cookie)).toBe(0);
    const before = await stats(member.cookie);
    expect(before.totals).toMatchObject({ answered: 1, correct: 1 });
    expect(before.by_day.reduce((sum: number, day: { answered: number }) => sum + day.answered, 0)).toBe(1);
    expect((await call('GET', '/v1/study/review', member.cookie)).statusCode).toBe(200);
    expect(await card(member.code, essay)).toBeUndefined();

    // 맞음: right everywhere at once.
    const right = await judge(member.cookie, paraphrase.code, true);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().review_due_at).not.toBeNull();
    const judged = (await call('GET', `/v1/study/sessions/${session}`, member.cookie)).json();
    expect(judged.result).toMatchObject({ answered: 2, correct: 2, pending: 0 });
    expect(judged.answers.find((a: { problem_uid: number }) => a.problem_uid === essay)).toMatchObject({ is_correct: true, judged_by: 'self' });
    expect((await stats(member.cookie)).totals).toMatchObject({ answered: 2, correct: 2, self_judged: 1 });
    expect((await card(member.code, essay))?.due).toBe(right.json().review_due_at);

    // 틀림 instead: a miss like any other.
    expect((await judge(member.cookie, paraphrase.code, false)).statusCode).toBe(200);
    expect((await call('GET', `/v1/study/sessions/${session}`, member.cookie)).json().result).toMatchObject({ correct: 1, pending: 0 });
    expect((await call('POST', `/v1/study/sessions/${session}/retry`, member.cookie, {})).json().session.problem_uids).toEqual([essay, slide]);
    expect((await call('POST', `/v1/study/sessions/${session}/wrong-notes`, member.cookie)).json()).toMatchObject({ added: 1, total: 2 });
    expect(await wrongCount(member.cookie)).toBe(1);
    expect((await stats(member.cookie)).totals).toMatchObject({ answered: 2, correct: 1 });
  });

  it('the key word for word needs no verdict; a review answer waiting for one schedules nothing yet', async () => {
    const member = await signedIn();
    const session = await tutorSession(member.cookie);
    expect((await answer(member.cookie, session, slide, ' 정중신경 ')).json().answer).toMatchObject({ is_correct: true, judged_by: 'machine' });
    expect((await call('POST', `/v1/study/sessions/${session}/finish`, member.cookie)).json().result).toMatchObject({ correct: 1, pending: 0 });

    const reviewed = await call('POST', `/v1/study/review/${essay}`, member.cookie, { answer: '좌심실 벽이 두꺼워짐' });
    expect(reviewed.statusCode).toBe(201);
    expect(reviewed.json()).toMatchObject({ is_correct: false, judged_by: 'machine', due_at: null });
    expect(await card(member.code, essay)).toBeUndefined();
    const judged = (await judge(member.cookie, reviewed.json().attempt_code, true)).json();
    expect((await card(member.code, essay))?.due).toBe(judged.review_due_at);
  });

  it('in 시험 모드 a text answer is judged on the result screen, not while the session runs', async () => {
    const member = await signedIn();
    const created = await call('POST', '/v1/study/sessions', member.cookie, {
      scope: { test_codes: [exam] },
      filter: 'all',
      count: 3,
      order: 'exam',
      mode: 'timed',
    });
    const session = created.json().session.code as number;
    const given = (await answer(member.cookie, session, essay, '좌심실 근육이 커짐')).json().answer;
    expect(given).not.toHaveProperty('judged_by');
    expect((await call('GET', `/v1/study/sessions/${session}`, member.cookie)).json().session.pending).toBeNull();
    const early = await judge(member.cookie, given.code, true);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('결과 화면');
    expect((await t.db.selectFrom('solve_attempts').select('judged_by').where('code', '=', given.code).executeTakeFirstOrThrow()).judged_by).toBe('machine');

    expect((await call('POST', `/v1/study/sessions/${session}/finish`, member.cookie)).json().result).toMatchObject({ answered: 1, correct: 0, pending: 1 });
    const late = await judge(member.cookie, given.code, true);
    expect(late.statusCode).toBe(200);
    expect((await call('GET', `/v1/study/sessions/${session}`, member.cookie)).json().result).toMatchObject({ correct: 1, pending: 0 });
  });
});
