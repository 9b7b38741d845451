import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberRow } from '../db/schema';
import { createMember, createTestContext, loginCookie, testDialects, type TestContext } from '../testing/harness';
import { createProblem, createSubject, createTest } from '../testing/factories';

describe.each(testDialects)('ratings of problems on %s', (dialect) => {
  let t: TestContext;
  let members: MemberRow[];
  let cookies: string[];
  let leadCookie: string;
  let first: number;
  let second: number;
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, who: string | undefined, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { cookie: who } : {}, ...(payload ? { payload } : {}) });
  const answer = (member: MemberRow, problemUid: number) =>
    t.db.insertInto('solve_attempts').values({ member_code: member.code, problem_uid: problemUid, answer: '①', is_correct: 1, source: 'session' }).execute();
  const rating = (over: object = {}) => ({ good: false, erroneous: false, difficulty: null, comment: '', ...over });

  beforeAll(async () => {
    t = await createTestContext(dialect);
    members = [];
    cookies = [];
    for (let i = 0; i < 6; i += 1) {
      const member = await createMember(t.db);
      members.push(member);
      cookies.push(await loginCookie(t.app, member.id));
    }
    leadCookie = await loginCookie(t.app, (await createMember(t.db, { role: 'lead' })).id);
    const exam = await createTest(t.db, { subject_code: await createSubject(t.db) });
    first = await createProblem(t.db, { test_code: exam, no: 1, question: '<p>다음 중 옳은 것은?</p>', illustration: '① 가\n② 나', answer: '①' });
    second = await createProblem(t.db, { test_code: exam, no: 2, question: '<p>보기가 둘 다 정답</p>', illustration: '① 가\n② 나', answer: '②' });
  });
  afterAll(async () => t?.close());

  it('takes a rating only after the member answered the problem, and replaces it', async () => {
    const early = await call('PUT', `/v1/problem/${first}/rating`, cookies[0], rating({ good: true }));
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('문제를 푼 뒤에 평가할 수 있습니다.');
    await answer(members[0]!, first);
    const saved = await call('PUT', `/v1/problem/${first}/rating`, cookies[0], rating({ good: true, difficulty: 'hard' }));
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      rating: { good: true, erroneous: false, difficulty: 'hard', comment: '' },
      summary: { good: 1, erroneous: 0, difficulty: null },
    });
    expect((await call('PUT', `/v1/problem/${first}/rating`, cookies[0], rating({ difficulty: 'easy' }))).json().rating).toMatchObject({
      good: false,
      difficulty: 'easy',
    });
    // An empty rating withdraws it.
    expect((await call('PUT', `/v1/problem/${first}/rating`, cookies[0], rating())).json().rating).toBeNull();
    expect(await t.db.selectFrom('problem_ratings').selectAll().execute()).toEqual([]);
  });

  it("shows the members' difficulty once five rated it, never before", async () => {
    const felt = ['hard', 'hard', 'normal', 'easy', 'hard'];
    for (const [i, difficulty] of felt.entries()) {
      await answer(members[i]!, first);
      await call('PUT', `/v1/problem/${first}/rating`, cookies[i], rating({ difficulty }));
      const summary = (await call('GET', `/v1/ratings/summary?problem_uids=${first},${second}`, cookies[5])).json().summaries;
      expect(summary[1]).toEqual({ problem_uid: second, good: 0, erroneous: 0, difficulty: null });
      if (i < 4) expect(summary[0].difficulty).toBeNull();
      else expect(summary[0].difficulty).toEqual({ easy: 1, normal: 1, hard: 3, felt: 'hard' });
    }
    expect((await call('GET', `/v1/problem/${first}/rating`, cookies[5])).json()).toMatchObject({ rating: null, summary: { difficulty: { felt: 'hard' } } });
  });

  it("lets the session builder draw by the members' difficulty", async () => {
    const count = async (query: string) => (await call('GET', `/v1/study/sessions/count?filter=all${query}`, cookies[5])).json().count;
    expect(await count('')).toBe(2);
    expect(await count('&difficulties=hard')).toBe(1);
    expect(await count('&difficulties=easy,normal')).toBe(0);
    const session = await call('POST', '/v1/study/sessions', cookies[5], {
      filter: 'all',
      scope: { difficulties: ['hard'] },
      count: 10,
      order: 'exam',
      mode: 'tutor',
    });
    expect(session.statusCode).toBe(201);
    expect(session.json().session.problem_uids).toEqual([first]);
    const bad = await call('GET', '/v1/study/sessions/count?difficulties=medium', cookies[5]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('난이도는 쉬움, 보통, 어려움 중에서 고르세요.');
  });

  it('puts a problem several members call erroneous in the leads’ queue, with their comments', async () => {
    for (const i of [0, 1]) {
      await answer(members[i]!, second);
      await call('PUT', `/v1/problem/${second}/rating`, cookies[i], rating({ erroneous: true, comment: `②도 정답입니다 (${i})` }));
    }
    expect((await call('GET', '/v1/ratings/flagged', leadCookie)).json()).toMatchObject({ problems: [], total: 0 });
    await answer(members[2]!, second);
    await call('PUT', `/v1/problem/${second}/rating`, cookies[2], rating({ erroneous: true }));
    const queue = (await call('GET', '/v1/ratings/flagged', leadCookie)).json();
    expect(queue.total).toBe(1);
    expect(queue.problems[0]).toMatchObject({ problem_uid: second, no: 2, erroneous: 3, question_text: '보기가 둘 다 정답' });
    expect(queue.problems[0].comments.map((c: { comment: string }) => c.comment).sort()).toEqual(['②도 정답입니다 (0)', '②도 정답입니다 (1)']);
    expect((await call('GET', '/v1/ratings/flagged', cookies[0])).statusCode).toBe(403);
  });

  it('refuses bad input with a Korean message, unknown problems and unapproved members', async () => {
    for (const payload of [{}, rating({ good: 'yes' }), rating({ difficulty: 'medium' }), rating({ comment: 'x'.repeat(501) }), { ...rating(), extra: 1 }]) {
      const response = await call('PUT', `/v1/problem/${first}/rating`, cookies[0], payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toMatch(/[가-힣]/);
    }
    expect((await call('GET', '/v1/ratings/summary?problem_uids=a', cookies[0])).statusCode).toBe(400);
    expect((await call('PUT', '/v1/problem/999999/rating', cookies[0], rating({ good: true }))).statusCode).toBe(404);
    const pending = await loginCookie(t.app, (await createMember(t.db, { validated: false })).id);
    expect((await call('GET', `/v1/problem/${first}/rating`, pending)).statusCode).toBe(403);
    expect((await call('GET', `/v1/problem/${first}/rating`, undefined)).statusCode).toBe(401);
  });
});
