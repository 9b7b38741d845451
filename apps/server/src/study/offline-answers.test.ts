import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProblem, createSubject, createTest } from '../testing/factories';
import { createMember, createTestContext, loginCookie, testDialects, type TestContext } from '../testing/harness';

// Session and review answers made offline wait in the browser's queue and may be sent more than
// once (a reply lost in a tunnel, two tabs flushing). Under the same client_id they are recorded
// once; an answer made before a session ended still counts when it arrives later (decision 054).

describe.each(testDialects)('answers sent again from the offline queue on %s', (dialect) => {
  let t: TestContext;
  let member: { code: number; cookie: string };
  let other: { code: number; cookie: string };
  let exam: number;
  const p: number[] = [];
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who }, ...(payload ? { payload } : {}) });

  async function signedIn() {
    const row = await createMember(t.db);
    return { code: row.code, cookie: await loginCookie(t.app, row.id) };
  }
  const rowsOf = (memberCode: number, clientId: string) =>
    t.db.selectFrom('solve_attempts').select(['source', 'session_code', 'problem_uid', 'answer', 'review_rating']).where('member_code', '=', memberCode).where('client_id', '=', clientId).execute();
  const startSession = async (mode: 'tutor' | 'timed', who = member.cookie) => {
    const response = await call('POST', '/v1/study/sessions', who, { scope: { test_codes: [exam] }, filter: 'all', count: 4, order: 'exam', mode });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().session as { code: number; problem_uids: number[]; ends_at: string | null };
  };

  beforeAll(async () => {
    t = await createTestContext(dialect);
    member = await signedIn();
    other = await signedIn();
    exam = await createTest(t.db, { subject_code: await createSubject(t.db) });
    for (let no = 1; no <= 4; no++) p.push(await createProblem(t.db, { test_code: exam, no, illustration: '① 가\n② 나\n③ 다', answer: '③' }));
  });
  afterAll(async () => t?.close());

  it('a session answer sent twice is recorded once: 201, then 200 with the first record (tutor mode keeps its one-answer rule)', async () => {
    const session = await startSession('tutor');
    const url = `/v1/study/sessions/${session.code}/answers`;
    const clientId = randomUUID();
    const first = await call('POST', url, member.cookie, { problem_uid: p[0], answer: '③', client_id: clientId });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().answer).toMatchObject({ problem_uid: p[0], answer: '③', is_correct: true });
    const again = await call('POST', url, member.cookie, { problem_uid: p[0], answer: '③', client_id: clientId });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await rowsOf(member.code, clientId)).toEqual([{ source: 'session', session_code: session.code, problem_uid: p[0], answer: '③', review_rating: null }]);
    // Another id for the answered problem is a second answer, which tutor mode refuses.
    expect((await call('POST', url, member.cookie, { problem_uid: p[0], answer: '①', client_id: randomUUID() })).statusCode).toBe(409);

    // Two sends at once: the unique index settles it, both get the one record.
    const raced = randomUUID();
    const both = await Promise.all([1, 2].map(() => call('POST', url, member.cookie, { problem_uid: p[1], answer: '①', client_id: raced })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(both[0]!.json()).toEqual(both[1]!.json());
    expect(await rowsOf(member.code, raced)).toHaveLength(1);
    const detail = (await call('GET', `/v1/study/sessions/${session.code}`, member.cookie)).json();
    expect(detail.session).toMatchObject({ answered: 2, correct: 1 });
  });

  it('an id names one answer: reused for another answer, problem or session it is a 409; another member has ids of their own', async () => {
    const session = await startSession('tutor');
    const url = `/v1/study/sessions/${session.code}/answers`;
    const clientId = randomUUID();
    expect((await call('POST', url, member.cookie, { problem_uid: p[0], answer: '②', client_id: clientId })).statusCode).toBe(201);
    const changed = await call('POST', url, member.cookie, { problem_uid: p[0], answer: '③', client_id: clientId });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe('같은 식별자로 다른 답안이 이미 기록되어 있습니다.');
    expect((await call('POST', url, member.cookie, { problem_uid: p[1], answer: '②', client_id: clientId })).statusCode).toBe(409);
    const later = await startSession('tutor');
    expect((await call('POST', `/v1/study/sessions/${later.code}/answers`, member.cookie, { problem_uid: p[0], answer: '②', client_id: clientId })).statusCode).toBe(409);
    // A solve-mode answer's id is not a session answer's.
    const solveId = randomUUID();
    expect((await call('POST', '/v1/solve/attempts', member.cookie, { problem_uid: p[2], answer: '③', client_id: solveId })).statusCode).toBe(201);
    expect((await call('POST', url, member.cookie, { problem_uid: p[2], answer: '③', client_id: solveId })).statusCode).toBe(409);
    // The same id from another member is their own answer, in their own session.
    const theirs = await startSession('tutor', other.cookie);
    expect((await call('POST', `/v1/study/sessions/${theirs.code}/answers`, other.cookie, { problem_uid: p[0], answer: '②', client_id: clientId })).statusCode).toBe(201);
    // Nor can a member replay into another member's session: it does not exist for them.
    expect((await call('POST', `/v1/study/sessions/${theirs.code}/answers`, member.cookie, { problem_uid: p[0], answer: '②', client_id: clientId })).statusCode).toBe(404);
    for (const bad of [{ client_id: 'not-a-uuid' }, { answered_at: 'yesterday' }, { answered_at: 5 }]) {
      const response = await call('POST', url, member.cookie, { problem_uid: p[1], answer: '②', ...bad });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().message).toMatch(/[가-힣]/);
    }
  });

  it('timed mode: an answer made before the end and sent after it still counts, once; one made after the end does not', async () => {
    const session = await startSession('timed');
    const url = `/v1/study/sessions/${session.code}/answers`;
    const madeAt = new Date().toISOString();
    // The time runs out while the answers wait offline (ends_at moved back: the server's clock passed it).
    const endedAt = new Date(Date.now() + 1000).toISOString();
    await t.db.updateTable('study_sessions').set({ ends_at: endedAt }).where('code', '=', session.code).execute();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const finished = (await call('GET', `/v1/study/sessions/${session.code}`, member.cookie)).json();
    expect(finished.session.finish_time).toBe(endedAt);
    expect(finished.result).toMatchObject({ answered: 0, correct: 0 });

    const clientId = randomUUID();
    const late = await call('POST', url, member.cookie, { problem_uid: p[0], answer: '③', client_id: clientId, answered_at: madeAt });
    expect(late.statusCode, late.body).toBe(201);
    // The session is over: the verdict is told.
    expect(late.json().answer).toMatchObject({ problem_uid: p[0], is_correct: true });
    expect((await call('POST', url, member.cookie, { problem_uid: p[0], answer: '③', client_id: clientId, answered_at: madeAt })).statusCode).toBe(200);
    const result = (await call('GET', `/v1/study/sessions/${session.code}`, member.cookie)).json().result;
    expect(result).toMatchObject({ answered: 1, correct: 1 });

    for (const [answeredAt, why] of [
      [undefined, 'no time'],
      [new Date(Date.parse(endedAt) + 1).toISOString(), 'after the end'],
      [new Date(Date.now() + 60_000).toISOString(), 'in the future'],
      [new Date(Date.now() - 3_600_000).toISOString(), 'before the session began'],
    ] as const) {
      const refused = await call('POST', url, member.cookie, { problem_uid: p[1], answer: '③', client_id: randomUUID(), ...(answeredAt ? { answered_at: answeredAt } : {}) });
      expect(refused.statusCode, why).toBe(409);
      expect(refused.json().message, why).toContain('시험 시간이 끝나');
    }
    expect((await call('GET', `/v1/study/sessions/${session.code}`, member.cookie)).json().result).toMatchObject({ answered: 1, correct: 1 });
  });

  it('a review answer sent twice is recorded once; a rating given while it waited rides on the resend', async () => {
    const clientId = randomUUID();
    const url = `/v1/study/review/${p[3]}`;
    const first = await call('POST', url, member.cookie, { answer: '①', client_id: clientId });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ is_correct: false, judged_by: 'machine' });
    const again = await call('POST', url, member.cookie, { answer: '①', client_id: clientId, rating: 'again' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ is_correct: false, attempt_code: first.json().attempt_code, judged_by: 'machine' });
    expect(await rowsOf(member.code, clientId)).toEqual([{ source: 'review', session_code: null, problem_uid: p[3], answer: '①', review_rating: 1 }]);

    const raced = randomUUID();
    const both = await Promise.all([1, 2].map(() => call('POST', url, member.cookie, { answer: '③', client_id: raced })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(both[0]!.json().attempt_code).toBe(both[1]!.json().attempt_code);
    expect(await rowsOf(member.code, raced)).toHaveLength(1);

    // An older answer's resend does not rate over the newer one.
    expect((await call('POST', url, member.cookie, { answer: '①', client_id: clientId, rating: 'easy' })).statusCode).toBe(200);
    expect((await rowsOf(member.code, clientId))[0]!.review_rating).toBe(1);
    // Reused for another answer or problem: 409.
    expect((await call('POST', url, member.cookie, { answer: '②', client_id: clientId })).statusCode).toBe(409);
    expect((await call('POST', `/v1/study/review/${p[2]}`, member.cookie, { answer: '①', client_id: clientId })).statusCode).toBe(409);
    expect((await call('POST', url, member.cookie, { answer: '①', client_id: 'x' })).statusCode).toBe(400);
  });
});
