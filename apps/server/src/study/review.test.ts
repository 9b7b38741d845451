import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, loginCookie, testDialects, type TestContext } from '../testing/harness';
import { createProblem, createSubject, createTest } from '../testing/factories';
import { dropReviewCards } from '../answers/review-cards-repository';

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();
const daysFromNow = (iso: string) => (Date.parse(iso) - Date.now()) / DAY;

describe.each(testDialects)('review deck on %s', (dialect) => {
  let t: TestContext;
  let student: { code: number; cookie: string };
  let other: { code: number; cookie: string };
  let exam: number;
  const p: number[] = [];
  let multi: number;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: string | undefined, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { cookie: who } : {}, ...(payload ? { payload } : {}) });

  async function signedIn() {
    const member = await createMember(t.db);
    return { code: member.code, cookie: await loginCookie(t.app, member.id) };
  }

  /** An answer given earlier anywhere (solve mode, a session, a review), straight in the table. */
  async function pastAnswer(memberCode: number, problemUid: number, isCorrect: boolean, at: string, source: 'solve' | 'session' | 'review' = 'session') {
    await t.db
      .insertInto('solve_attempts')
      .values({ member_code: memberCode, problem_uid: problemUid, answer: isCorrect ? '③' : '①', is_correct: isCorrect ? 1 : 0, creation_time: at, source })
      .execute();
  }

  beforeAll(async () => {
    t = await createTestContext(dialect);
    student = await signedIn();
    other = await signedIn();
    exam = await createTest(t.db, { subject_code: await createSubject(t.db) });
    for (let no = 1; no <= 5; no++) p.push(await createProblem(t.db, { test_code: exam, no, illustration: '① 가\n② 나\n③ 다\n④ 라\n⑤ 마', answer: '③' }));
    multi = await createProblem(t.db, { test_code: exam, no: 6, illustration: '① 가\n② 나\n③ 다\n④ 라\n⑤ 마', answer: '③, ⑤' });
  });
  afterAll(async () => t?.close());

  it('starts empty', async () => {
    const deck = await call('GET', '/v1/study/review', student.cookie);
    expect(deck.statusCode).toBe(200);
    expect(deck.json()).toEqual({ due_count: 0, problems: [] });
    expect((await call('GET', '/v1/study/review/count', student.cookie)).json()).toEqual({ due_count: 0 });
  });

  it('takes in a solve-mode answer: a wrong one is due again tomorrow, and due once that time has come', async () => {
    expect((await call('POST', '/v1/solve/attempts', student.cookie, { problem_uid: p[0], answer: '②' })).statusCode).toBe(201);
    expect((await call('GET', '/v1/study/review', student.cookie)).json().due_count).toBe(0);
    const card = await t.db
      .selectFrom('review_cards')
      .selectAll()
      .where('member_code', '=', student.code)
      .where('problem_uid', '=', p[0]!)
      .executeTakeFirstOrThrow();
    expect(daysFromNow(card.due)).toBeCloseTo(1, 1);

    // Two days later (the answer moved back in time; the cached card dropped as after re-judging).
    await t.db
      .updateTable('solve_attempts')
      .set({ creation_time: daysAgo(2) })
      .where('member_code', '=', student.code)
      .execute();
    await dropReviewCards(t.db, p[0]!);
    const deck = (await call('GET', '/v1/study/review', student.cookie)).json();
    expect(deck.due_count).toBe(1);
    // Card data only; the problem is the shared read every member makes (decision 205).
    expect(deck.problems[0]).toEqual({ problem_uid: p[0], due_at: expect.any(String), last_answer: '②', last_is_correct: false, reps: 1, lapses: 0 });
    const problem = (await call('GET', `/v1/problem?uid=${p[0]}`, student.cookie)).json().problem;
    expect(problem).toEqual([expect.objectContaining({ uid: p[0], answer: '③', test_code: exam, no: 1 })]);
  });

  it('lists the due problems of every source, most overdue first, and leaves out those not due', async () => {
    await pastAnswer(student.code, p[1]!, false, daysAgo(10), 'session');
    await pastAnswer(student.code, p[2]!, false, daysAgo(4), 'review');
    await pastAnswer(student.code, p[3]!, true, daysAgo(1), 'solve'); // a right answer: due in days
    const deck = (await call('GET', '/v1/study/review', student.cookie)).json();
    expect(deck.problems.map((item: { problem_uid: number }) => item.problem_uid)).toEqual([p[1], p[2], p[0]]);
    expect(deck.due_count).toBe(3);
    const dues = deck.problems.map((item: { due_at: string }) => item.due_at);
    expect([...dues].sort()).toEqual(dues);
    // Reading again rebuilds nothing twice: one card per answered problem.
    await call('GET', '/v1/study/review', student.cookie);
    const cards = await t.db.selectFrom('review_cards').select('problem_uid').where('member_code', '=', student.code).execute();
    expect(cards.map((c) => c.problem_uid).sort((a, b) => a - b)).toEqual([p[0], p[1], p[2], p[3]]);
  });

  it('records a review answer with source review, judges it, and reschedules the problem', async () => {
    const right = await call('POST', `/v1/study/review/${p[1]}`, student.cookie, { answer: '3' });
    expect(right.statusCode).toBe(201);
    expect(right.json().is_correct).toBe(true);
    expect(daysFromNow(right.json().due_at)).toBeGreaterThan(1);
    const wrong = await call('POST', `/v1/study/review/${p[2]}`, student.cookie, { answer: '①' });
    expect(wrong.json()).toMatchObject({ is_correct: false });
    expect(daysFromNow(wrong.json().due_at)).toBeLessThanOrEqual(1.01);
    const stored = await t.db
      .selectFrom('solve_attempts')
      .select(['source', 'answer', 'is_correct', 'run_code', 'review_rating'])
      .where('problem_uid', '=', p[1]!)
      .orderBy('code', 'desc')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ source: 'review', answer: '3', is_correct: 1, run_code: null, review_rating: null });
    const deck = (await call('GET', '/v1/study/review', student.cookie)).json();
    expect(deck.problems.map((item: { problem_uid: number }) => item.problem_uid)).toEqual([p[0]]);
  });

  it('uses the self-rating, given with the answer or after the verdict, instead of the machine verdict', async () => {
    await pastAnswer(student.code, p[4]!, false, daysAgo(5));
    const again = (await call('POST', `/v1/study/review/${p[4]}`, student.cookie, { answer: '③', rating: 'again' })).json();
    expect(again.is_correct).toBe(true);
    expect(daysFromNow(again.due_at)).toBeLessThanOrEqual(1.01);
    const easy = await call('PUT', `/v1/study/review/${p[4]}/rating`, student.cookie, { rating: 'easy' });
    expect(easy.statusCode).toBe(200);
    expect(Date.parse(easy.json().due_at)).toBeGreaterThan(Date.parse(again.due_at));
    const rated = await t.db
      .selectFrom('solve_attempts')
      .select('review_rating')
      .where('problem_uid', '=', p[4]!)
      .orderBy('code', 'desc')
      .executeTakeFirstOrThrow();
    expect(rated.review_rating).toBe(4);
    // Only a review answer is rated: the latest answer to p[3] came from solve mode.
    const refused = await call('PUT', `/v1/study/review/${p[3]}/rating`, student.cookie, { rating: 'good' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toMatch(/[가-힣]/);
  });

  it('judges an answer naming several options fully right only when all are chosen', async () => {
    expect((await call('POST', `/v1/study/review/${multi}`, student.cookie, { answer: '⑤,③' })).json().is_correct).toBe(true);
    expect((await call('POST', `/v1/study/review/${multi}`, student.cookie, { answer: '3, 5' })).json().is_correct).toBe(true);
    expect((await call('POST', `/v1/study/review/${multi}`, student.cookie, { answer: '③' })).json().is_correct).toBe(false);
  });

  it("keeps each member's deck their own", async () => {
    await pastAnswer(other.code, p[0]!, false, daysAgo(3));
    const theirs = (await call('GET', '/v1/study/review', other.cookie)).json();
    expect(theirs.problems.map((item: { problem_uid: number }) => item.problem_uid)).toEqual([p[0]]);
    expect(theirs.problems[0].last_answer).toBe('①');
    // Rating the student's review answer as the other member finds no answer of theirs.
    expect((await call('PUT', `/v1/study/review/${p[4]}/rating`, other.cookie, { rating: 'hard' })).statusCode).toBe(404);
    const mine = await t.db
      .selectFrom('solve_attempts')
      .select('review_rating')
      .where('problem_uid', '=', p[4]!)
      .orderBy('code', 'desc')
      .executeTakeFirstOrThrow();
    expect(mine.review_rating).toBe(4);
  });

  it("reschedules an essay review answer from the member's own verdict (맞음 / 틀림)", async () => {
    const member = await signedIn();
    const essay = await createProblem(t.db, { test_code: exam, no: 8, type: 2, illustration: '', answer: '좌심실 비대' });
    const answered = (await call('POST', `/v1/study/review/${essay}`, member.cookie, { answer: '좌심실이 두꺼워짐' })).json();
    // Waiting for the member's verdict it schedules nothing yet (decision 075).
    expect(answered).toMatchObject({ is_correct: false, judged_by: 'machine', due_at: null });

    const right = await call('POST', `/v1/solve/attempts/${answered.attempt_code}/self-judgment`, member.cookie, { is_correct: true });
    expect(right.statusCode).toBe(200);
    expect(right.json().attempt).toMatchObject({ is_correct: true, judged_by: 'self', problem_uid: essay });
    // The card is rebuilt in the same call: the new due date comes back with the verdict.
    expect(daysFromNow(right.json().review_due_at)).toBeGreaterThan(2);
    const card = await t.db
      .selectFrom('review_cards')
      .select('due')
      .where('member_code', '=', member.code)
      .where('problem_uid', '=', essay)
      .executeTakeFirstOrThrow();
    expect(card.due).toBe(right.json().review_due_at);

    const wrong = (await call('POST', `/v1/solve/attempts/${answered.attempt_code}/self-judgment`, member.cookie, { is_correct: false })).json();
    expect(daysFromNow(wrong.review_due_at)).toBeLessThan(2);
  });

  it('drops a problem that became a vacant slot from the deck', async () => {
    const slot = await createProblem(t.db, { test_code: exam, no: 7, illustration: '① 가\n② 나', answer: '①' });
    await pastAnswer(other.code, slot, false, daysAgo(6));
    expect((await call('GET', '/v1/study/review/count', other.cookie)).json().due_count).toBe(2);
    await t.db.updateTable('problems').set({ is_vacant: 1 }).where('uid', '=', slot).execute();
    const deck = (await call('GET', '/v1/study/review', other.cookie)).json();
    expect(deck.due_count).toBe(1);
    expect(deck.problems.map((item: { problem_uid: number }) => item.problem_uid)).toEqual([p[0]]);
    expect((await call('POST', `/v1/study/review/${slot}`, other.cookie, { answer: '①' })).statusCode).toBe(404);
  });

  it('refuses bad input with a Korean message, unknown problems, and anonymous or unapproved members', async () => {
    for (const payload of [{}, { answer: '   ' }, { answer: 'x'.repeat(501) }, { answer: '1', rating: 'super' }, { answer: '1', is_correct: true }]) {
      const response = await call('POST', `/v1/study/review/${p[0]}`, student.cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toMatch(/[가-힣]/);
    }
    for (const payload of [{}, { rating: 3 }, { rating: 'good', extra: 1 }]) {
      const response = await call('PUT', `/v1/study/review/${p[4]}/rating`, student.cookie, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/[가-힣]/);
    }
    expect((await call('POST', '/v1/study/review/abc', student.cookie, { answer: '1' })).statusCode).toBe(400);
    expect((await call('POST', '/v1/study/review/999999', student.cookie, { answer: '1' })).statusCode).toBe(404);
    expect((await call('GET', '/v1/study/review', undefined)).statusCode).toBe(401);
    const pending = await createMember(t.db, { validated: false });
    const pendingCookie = await loginCookie(t.app, pending.id);
    expect((await call('GET', '/v1/study/review', pendingCookie)).statusCode).toBe(403);
    expect((await call('POST', `/v1/study/review/${p[0]}`, pendingCookie, { answer: '1' })).statusCode).toBe(403);
  });
});
