import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, createMember, loginCookie, testDialects, type TestContext } from '../testing/harness';
import { createProblem, createSubject, createTest } from '../testing/factories';
import { openWithMemberAndOther } from '../testing/sign-ins';

describe.each(testDialects)('private notes on %s', (dialect) => {
  let t: TestContext;
  let cookie: string;
  let otherCookie: string;
  let first: number;
  let second: number;
  const call = (method: 'GET' | 'PUT', url: string, who: string | undefined = cookie, payload?: object) => callAs(t.app, method, url, who, payload);

  beforeAll(async () => {
    ({ t, cookie, otherCookie } = await openWithMemberAndOther(dialect));
    const exam = await createTest(t.db, { subject_code: await createSubject(t.db) });
    first = await createProblem(t.db, { test_code: exam, no: 1, question: '<p>간경화의 원인</p>', illustration: '① 가\n② 나', answer: '①' });
    second = await createProblem(t.db, { test_code: exam, no: 2, illustration: '① 가\n② 나', answer: '②' });
  });
  afterAll(async () => t?.close());

  it('saves, reads and replaces a memo; empty text deletes it', async () => {
    expect((await call('GET', `/v1/problem/${first}/note`)).json()).toEqual({ note: null });
    const saved = await call('PUT', `/v1/problem/${first}/note`, cookie, { text: '  B형 간염 — 100% 헷갈림 <b>x</b>  ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().note).toMatchObject({ problem_uid: first, text: 'B형 간염 — 100% 헷갈림 <b>x</b>', is_confused: false });
    expect((await call('PUT', `/v1/problem/${first}/note`, cookie, { text: 'HBsAg 기억' })).json().note.text).toBe('HBsAg 기억');
    expect((await call('GET', `/v1/problem/${first}/note`)).json().note.text).toBe('HBsAg 기억');
    expect((await call('PUT', `/v1/problem/${first}/note`, cookie, { text: '   ' })).json()).toEqual({ note: null });
    const rows = await t.db.selectFrom('problem_notes').selectAll().execute();
    expect(rows).toEqual([]);
  });

  it('keeps the 헷갈림 flag apart from the memo: each call changes only its own part', async () => {
    expect((await call('PUT', `/v1/problem/${second}/confused`, cookie, { is_confused: true })).json().note).toMatchObject({ text: '', is_confused: true });
    expect((await call('PUT', `/v1/problem/${second}/note`, cookie, { text: '기전 다시 보기' })).json().note).toMatchObject({
      text: '기전 다시 보기',
      is_confused: true,
    });
    // Deleting the memo keeps the flag (and the row); clearing the flag then removes the row.
    expect((await call('PUT', `/v1/problem/${second}/note`, cookie, { text: '' })).json().note).toMatchObject({ text: '', is_confused: true });
    expect((await call('PUT', `/v1/problem/${second}/confused`, cookie, { is_confused: false })).json()).toEqual({ note: null });
    expect(await t.db.selectFrom('problem_notes').selectAll().execute()).toEqual([]);
  });

  it("keeps each member's notes private", async () => {
    await call('PUT', `/v1/problem/${first}/note`, cookie, { text: '내 메모' });
    expect((await call('GET', `/v1/problem/${first}/note`, otherCookie)).json()).toEqual({ note: null });
    expect((await call('GET', '/v1/notes', otherCookie)).json()).toMatchObject({ notes: [], total: 0 });
    await call('PUT', `/v1/problem/${first}/note`, otherCookie, { text: '남의 메모' });
    expect((await call('GET', `/v1/problem/${first}/note`)).json().note.text).toBe('내 메모');
  });

  it('searches my notes from the library, newest first, and filters the flagged ones', async () => {
    await call('PUT', `/v1/problem/${second}/note`, cookie, { text: '간염 표지자 HBsAg 100%_정리' });
    await call('PUT', `/v1/problem/${second}/confused`, cookie, { is_confused: true });
    const all = (await call('GET', '/v1/notes')).json();
    expect(all.total).toBe(2);
    expect(all.notes.map((n: { problem_uid: number }) => n.problem_uid)).toEqual([second, first]);
    expect(all.notes[1]).toMatchObject({ text: '내 메모', no: 1, question_text: '간경화의 원인' });
    expect((await call('GET', '/v1/notes?q=hbsag')).json().notes.map((n: { problem_uid: number }) => n.problem_uid)).toEqual([second]);
    // LIKE wildcards in the search are taken literally.
    expect((await call('GET', '/v1/notes?q=0%25_')).json().total).toBe(1);
    expect((await call('GET', '/v1/notes?q=_%25')).json().total).toBe(0);
    expect((await call('GET', '/v1/notes?confused=1')).json().notes.map((n: { problem_uid: number }) => n.problem_uid)).toEqual([second]);
    expect((await call('GET', '/v1/notes?limit=1&page=2')).json()).toMatchObject({ total: 2, page: 2, limit: 1, notes: [{ problem_uid: first }] });
    // The viewers ask for the notes of a page of problems in one call.
    expect((await call('GET', `/v1/notes?problem_uids=${first},999999`)).json().notes.map((n: { problem_uid: number }) => n.problem_uid)).toEqual([first]);
    for (const bad of ['', '0', '1,,2', 'a', '1;2', Array.from({ length: 101 }, (_, i) => i + 1).join(','), '99999999999']) {
      const response = await call('GET', `/v1/notes?problem_uids=${encodeURIComponent(bad)}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().message).toMatch(/[가-힣]/);
    }
  });

  it('refuses bad input with a Korean message, unknown problems, and anonymous or unapproved members', async () => {
    for (const payload of [{}, { text: 3 }, { text: 'x'.repeat(2001) }, { text: 'a', is_confused: true }]) {
      const response = await call('PUT', `/v1/problem/${first}/note`, cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toMatch(/[가-힣]/);
    }
    for (const payload of [{}, { is_confused: 'yes' }]) {
      const response = await call('PUT', `/v1/problem/${first}/confused`, cookie, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/[가-힣]/);
    }
    expect((await call('GET', '/v1/notes?confused=2')).statusCode).toBe(400);
    expect((await call('PUT', '/v1/problem/999999/note', cookie, { text: 'a' })).statusCode).toBe(404);
    expect((await call('GET', '/v1/problem/999999/note')).statusCode).toBe(404);
    expect((await call('GET', '/v1/notes', '')).statusCode).toBe(401);
    const pending = await loginCookie(t.app, (await createMember(t.db, { validated: false })).id);
    expect((await call('PUT', `/v1/problem/${first}/note`, pending, { text: 'a' })).statusCode).toBe(403);
    expect((await call('GET', `/v1/problem/${first}/note`)).json().note.text).toBe('내 메모');
  });
});
