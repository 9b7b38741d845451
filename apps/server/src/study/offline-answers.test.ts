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
    t.db
      .selectFrom('solve_attempts')
      .select(['source', 'session_code', 'problem_uid', 'answer', 'review_rating'])
      .where('member_code', '=', memberCode)
      .where('client_id', '=', clientId)
      .execute();
  const startStudySession = async (mode: 'tutor' | 'timed', who = member.cookie) => {
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
    const session = await startStudySession('tutor');
    const url = `/v1/study/sessions/${session.code}/answers`;
    const clientId = randomUUID();
    const first = await call('POST', url, member.cookie, { problem_uid: p[0], answer: '③', client_id: clientId });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().answer).toMatchObject({ problem_uid: p[0], answer: '③', is_correct: true });
    const again = await call('POST', url, member.cookie, { problem_uid: p[0], answer: '③', client_id: clientId });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await rowsOf(member.code, clientId)).toEqual([
      { source: 'session', session_code: session.code, problem_uid: p[0], answer: '③', review_rating: null },
    ]);
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
    const session = await startStudySession('tutor');
    const url = `/v1/study/sessions/${session.code}/answers`;
    const clientId = randomUUID();
    expect((await call('POST', url, member.cookie, { problem_uid: p[0], answer: '②', client_id: clientId })).statusCode).toBe(201);
    const changed = await call('POST', url, member.cookie, { problem_uid: p[0], answer: '③', client_id: clientId });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe('같은 식별자로 다른 답안이 이미 기록되어 있습니다.');
    expect((await call('POST', url, member.cookie, { problem_uid: p[1], answer: '②', client_id: clientId })).statusCode).toBe(409);
    const later = await startStudySession('tutor');
    expect(
      (await call('POST', `/v1/study/sessions/${later.code}/answers`, member.cookie, { problem_uid: p[0], answer: '②', client_id: clientId })).statusCode,
    ).toBe(409);
    // A solve-mode answer's id is not a session answer's.
    const solveId = randomUUID();
    expect((await call('POST', '/v1/solve/attempts', member.cookie, { problem_uid: p[2], answer: '③', client_id: solveId })).statusCode).toBe(201);
    expect((await call('POST', url, member.cookie, { problem_uid: p[2], answer: '③', client_id: solveId })).statusCode).toBe(409);
    // The same id from another member is their own answer, in their own session.
    const theirs = await startStudySession('tutor', other.cookie);
    expect(
      (await call('POST', `/v1/study/sessions/${theirs.code}/answers`, other.cookie, { problem_uid: p[0], answer: '②', client_id: clientId })).statusCode,
    ).toBe(201);
    // Nor can a member replay into another member's session: it does not exist for them.
    expect(
      (await call('POST', `/v1/study/sessions/${theirs.code}/answers`, member.cookie, { problem_uid: p[0], answer: '②', client_id: clientId })).statusCode,
    ).toBe(404);
    for (const bad of [{ client_id: 'not-a-uuid' }, { answered_at: 'yesterday' }, { answered_at: 5 }]) {
      const response = await call('POST', url, member.cookie, { problem_uid: p[1], answer: '②', ...bad });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().message).toMatch(/[가-힣]/);
    }
  });

  const countOf = async (sessionCode: number) =>
    (await t.db.selectFrom('solve_attempts').select('code').where('session_code', '=', sessionCode).execute()).length;
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

  it('timed mode: an answer made before the end and sent after it counts until the result is shown, once; one made after the end, in the future or before the session does not', async () => {
    const session = await startStudySession('timed');
    const url = `/v1/study/sessions/${session.code}/answers`;
    // The session began ten minutes ago and its time ran out five minutes ago, while the answers waited offline.
    const endsAt = minutesAgo(5);
    await t.db
      .updateTable('study_sessions')
      .set({ creation_time: minutesAgo(10), ends_at: endsAt })
      .where('code', '=', session.code)
      .execute();
    const madeAt = minutesAgo(7);

    const clientId = randomUUID();
    const late = await call('POST', url, member.cookie, { problem_uid: p[0], answer: '③', client_id: clientId, answered_at: madeAt });
    expect(late.statusCode, late.body).toBe(201);
    // Nobody has seen the result yet, and an answer does not show it.
    expect(late.json().answer).not.toHaveProperty('is_correct');
    expect((await call('POST', url, member.cookie, { problem_uid: p[0], answer: '③', client_id: clientId, answered_at: madeAt })).statusCode).toBe(200);
    expect((await call('POST', url, member.cookie, { problem_uid: p[1], answer: '①', client_id: randomUUID(), answered_at: minutesAgo(6) })).statusCode).toBe(
      201,
    );

    for (const [answeredAt, status, text, why] of [
      [undefined, 409, '시험 시간이 끝나', 'no time'],
      [minutesAgo(4), 409, '시험 시간이 끝나', 'after the end'],
      [new Date(Date.now() + 10 * 60_000).toISOString(), 400, '기기의 시계', 'in the future'],
      [minutesAgo(60), 400, '기기의 시계', 'before the session began'],
    ] as const) {
      const refused = await call('POST', url, member.cookie, {
        problem_uid: p[2],
        answer: '③',
        client_id: randomUUID(),
        ...(answeredAt ? { answered_at: answeredAt } : {}),
      });
      expect(refused.statusCode, why).toBe(status);
      expect(refused.json().message, why).toContain(text);
    }
    expect(await countOf(session.code)).toBe(2);

    // The result is shown: the session is finished at its end, with the two answers made in time.
    const shown = (await call('GET', `/v1/study/sessions/${session.code}`, member.cookie)).json();
    expect(shown.session.finish_time).toBe(endsAt);
    expect(shown.result).toMatchObject({ answered: 2, correct: 1 });
    expect(shown.problems[2].answer).toBe('③');
    // From now on a time before the end could be anybody's guess with the key in hand: refused, nothing changes.
    for (const problemUid of [p[1], p[2]]) {
      const backdated = await call('POST', url, member.cookie, { problem_uid: problemUid, answer: '③', client_id: randomUUID(), answered_at: madeAt });
      expect(backdated.statusCode).toBe(409);
      expect(backdated.json().message).toContain('시험 시간이 끝나');
    }
    expect(await countOf(session.code)).toBe(2);
    expect((await call('GET', `/v1/study/sessions/${session.code}`, member.cookie)).json().result).toMatchObject({ answered: 2, correct: 1 });
    // A resend of an answer recorded in time still gets its record.
    expect((await call('POST', url, member.cookie, { problem_uid: p[0], answer: '③', client_id: clientId, answered_at: madeAt })).statusCode).toBe(200);
  });

  it('a finished session takes no backdated answer; an open one refuses a time in the future or before it began', async () => {
    const session = await startStudySession('tutor');
    const url = `/v1/study/sessions/${session.code}/answers`;
    await t.db
      .updateTable('study_sessions')
      .set({ creation_time: minutesAgo(10) })
      .where('code', '=', session.code)
      .execute();
    expect((await call('POST', url, member.cookie, { problem_uid: p[0], answer: '①', answered_at: minutesAgo(2) })).statusCode).toBe(201);
    const finished = (await call('POST', `/v1/study/sessions/${session.code}/finish`, member.cookie)).json().result;
    expect(finished).toMatchObject({ answered: 1, correct: 0 });
    const detail = (await call('GET', `/v1/study/sessions/${session.code}`, member.cookie)).json();
    // A time before the finish, sent once the keys are known, would turn 0 correct into 1.
    const backdated = await call('POST', url, member.cookie, {
      problem_uid: p[1],
      answer: detail.problems[1].answer,
      client_id: randomUUID(),
      answered_at: minutesAgo(1),
    });
    expect(backdated.statusCode).toBe(409);
    expect(backdated.json().message).toBe('이미 끝난 세션입니다. 결과 화면에서 확인하세요.');
    expect(await countOf(session.code)).toBe(1);
    expect((await call('GET', `/v1/study/sessions/${session.code}`, member.cookie)).json().result).toMatchObject({ answered: 1, correct: 0 });

    const open = await startStudySession('tutor');
    const openUrl = `/v1/study/sessions/${open.code}/answers`;
    await t.db
      .updateTable('study_sessions')
      .set({ creation_time: minutesAgo(10) })
      .where('code', '=', open.code)
      .execute();
    for (const [answeredAt, why] of [
      [new Date(Date.now() + 10 * 60_000).toISOString(), 'in the future'],
      [minutesAgo(11), 'before the session began'],
    ] as const) {
      const refused = await call('POST', openUrl, member.cookie, { problem_uid: p[0], answer: '③', client_id: randomUUID(), answered_at: answeredAt });
      expect(refused.statusCode, why).toBe(400);
      expect(refused.json().message, why).toMatch(/[가-힣]/);
    }
    expect(await countOf(open.code)).toBe(0);
    // A device clock a little ahead of the server's is no lie.
    expect(
      (await call('POST', openUrl, member.cookie, { problem_uid: p[0], answer: '①', answered_at: new Date(Date.now() + 5_000).toISOString() })).statusCode,
    ).toBe(201);
  });

  it('solve mode and the review deck take no answered_at: refused in Korean, nothing recorded', async () => {
    const fresh = await signedIn();
    for (const [url, payload] of [
      ['/v1/solve/attempts', { problem_uid: p[0], answer: '③', client_id: randomUUID(), answered_at: minutesAgo(1) }],
      [`/v1/study/review/${p[0]}`, { answer: '③', client_id: randomUUID(), answered_at: minutesAgo(1) }],
    ] as const) {
      const refused = await call('POST', url, fresh.cookie, payload);
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().message, url).toMatch(/[가-힣]/);
    }
    expect(await t.db.selectFrom('solve_attempts').select('code').where('member_code', '=', fresh.code).execute()).toEqual([]);
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
