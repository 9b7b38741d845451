import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, loginCookie, testDialects, type TestContext } from '../testing/harness';
import { createProblem, createSubject, createTest } from '../testing/factories';

describe.each(testDialects)('problem replies on %s', (dialect) => {
  let t: TestContext;
  let author: string;
  let other: string;
  let admin: string;
  let problem: number;
  let otherProblem: number;
  let vacant: number;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestContext(dialect);
    author = await loginCookie(t.app, (await createMember(t.db)).id);
    other = await loginCookie(t.app, (await createMember(t.db)).id);
    admin = await loginCookie(t.app, (await createMember(t.db, { role: 'admin' })).id);
    const exam = await createTest(t.db, { subject_code: await createSubject(t.db) });
    problem = await createProblem(t.db, { test_code: exam, no: 1 });
    otherProblem = await createProblem(t.db, { test_code: exam, no: 2 });
    vacant = await createProblem(t.db, { test_code: exam, no: 3, is_vacant: 1 });
  });
  afterAll(async () => t?.close());

  it('posts trimmed plain text and lists replies oldest first with the author, counted on the problem', async () => {
    const first = await call('POST', `/v1/problem/${problem}/reply`, author, { reply_text: '  정답이 ③인 이유가 궁금합니다.  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json().reply).toMatchObject({ problem_uid: problem, reply_text: '정답이 ③인 이유가 궁금합니다.', member_nickname: expect.any(String) });
    await call('POST', `/v1/problem/${problem}/reply`, other, { reply_text: '<script>alert(1)</script> 해설 참고하세요' });
    const list = (await call('GET', `/v1/problem/${problem}/replies`, author)).json().replies;
    expect(list.map((r: { reply_text: string }) => r.reply_text)).toEqual(['정답이 ③인 이유가 궁금합니다.', '<script>alert(1)</script> 해설 참고하세요']);
    const listed = (await call('GET', `/v1/problem?uid=${problem}`, author)).json().problem[0];
    expect(listed.reply_count).toBe(2);
  });

  it('refuses empty, blank and over-long text', async () => {
    for (const payload of [{}, { reply_text: '' }, { reply_text: '   ' }, { reply_text: 5 }]) {
      const response = await call('POST', `/v1/problem/${problem}/reply`, author, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('댓글 내용이 없습니다.');
    }
    expect((await call('POST', `/v1/problem/${problem}/reply`, author, { reply_text: '가'.repeat(2001) })).json().message).toBe(
      '댓글은 2000자 이내로 입력하세요.',
    );
    expect((await call('POST', `/v1/problem/${problem}/reply`, author, { reply_text: '가'.repeat(2000) })).statusCode).toBe(201);
  });

  it('lets only the author edit, and the author or an admin delete', async () => {
    const reply = (await call('POST', `/v1/problem/${problem}/reply`, author, { reply_text: '원래 글' })).json().reply;
    const url = `/v1/problem/${problem}/reply/${reply.reply_code}`;
    const forbidden = await call('PUT', url, other, { reply_text: '남의 글 수정' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe('본인이 작성한 댓글만 수정할 수 있습니다.');
    expect((await call('PUT', url, admin, { reply_text: '관리자 수정' })).statusCode).toBe(403);
    const edited = await call('PUT', url, author, { reply_text: '고친 글' });
    expect(edited.json().reply.reply_text).toBe('고친 글');
    expect((await call('PUT', url, author, { reply_text: ' ' })).statusCode).toBe(400);

    const refused = await call('DELETE', url, other);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('댓글을 삭제할 권한이 없습니다.');
    expect((await call('DELETE', url, admin)).json()).toEqual({ ok: true });
    expect((await call('DELETE', url, author)).statusCode).toBe(404);

    const own = (await call('POST', `/v1/problem/${problem}/reply`, author, { reply_text: '내가 지울 글' })).json().reply;
    expect((await call('DELETE', `/v1/problem/${problem}/reply/${own.reply_code}`, author)).statusCode).toBe(200);
  });

  it('answers 404 for a reply addressed through another problem, vacant or unknown problems', async () => {
    const reply = (await call('POST', `/v1/problem/${problem}/reply`, author, { reply_text: '글' })).json().reply;
    const wrongProblem = await call('PUT', `/v1/problem/${otherProblem}/reply/${reply.reply_code}`, author, { reply_text: '바꿈' });
    expect(wrongProblem.statusCode).toBe(404);
    expect(wrongProblem.json().message).toBe('댓글을 찾을 수 없습니다.');
    for (const uid of [vacant, 999999]) {
      expect((await call('GET', `/v1/problem/${uid}/replies`, author)).statusCode).toBe(404);
      expect((await call('POST', `/v1/problem/${uid}/reply`, author, { reply_text: '글' })).statusCode).toBe(404);
    }
  });

  it('shows replies of deleted members with null authors', async () => {
    const leaver = await createMember(t.db);
    const cookie = await loginCookie(t.app, leaver.id);
    await call('POST', `/v1/problem/${otherProblem}/reply`, cookie, { reply_text: '탈퇴 전 글' });
    await t.db.deleteFrom('members').where('code', '=', leaver.code).execute();
    const replies = (await call('GET', `/v1/problem/${otherProblem}/replies`, author)).json().replies;
    expect(replies.at(-1)).toMatchObject({ reply_text: '탈퇴 전 글', member_code: null, member_nickname: null });
  });

  it('needs an approved member', async () => {
    expect((await call('GET', `/v1/problem/${problem}/replies`)).statusCode).toBe(401);
    expect((await call('POST', `/v1/problem/${problem}/reply`, undefined, { reply_text: '익명' })).statusCode).toBe(401);
    const pending = await loginCookie(t.app, (await createMember(t.db, { validated: false })).id);
    expect((await call('POST', `/v1/problem/${problem}/reply`, pending, { reply_text: '대기' })).statusCode).toBe(403);
    for (const role of ['lead', 'superadmin'] as const) {
      const cookie = await loginCookie(t.app, (await createMember(t.db, { role })).id);
      expect((await call('GET', `/v1/problem/${problem}/replies`, cookie)).statusCode).toBe(200);
    }
  });
});

describe.each(testDialects)('problem reply text edge cases on %s', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(dialect);
  });
  afterAll(async () => t?.close());

  it('answers a NUL character with a 400 or stores it, never a 500', async () => {
    const cookie = await loginCookie(t.app, (await createMember(t.db)).id);
    const exam = await createTest(t.db, { subject_code: await createSubject(t.db) });
    const problem = await createProblem(t.db, { test_code: exam, no: 1 });
    const response = await t.app.inject({
      method: 'POST',
      url: `/v1/problem/${problem}/reply`,
      headers: { cookie },
      payload: { reply_text: 'a\u0000b 😀 한글' },
    });
    expect([201, 400]).toContain(response.statusCode);
    const emoji = await t.app.inject({
      method: 'POST',
      url: `/v1/problem/${problem}/reply`,
      headers: { cookie },
      payload: { reply_text: `'; DROP TABLE problems; -- 😀 간경변` },
    });
    expect(emoji.json().reply.reply_text).toBe(`'; DROP TABLE problems; -- 😀 간경변`);
  });
});
