import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, createMember, loginCookie, testDialects, type TestContext } from '../testing/harness';
import { createProblem, createSubject, createTest } from '../testing/factories';
import { openWithMemberAndOther } from '../testing/sign-ins';

describe.each(testDialects)('strikes, highlights and marks on %s', (dialect) => {
  let t: TestContext;
  let cookie: string;
  let memberId: string;
  let otherCookie: string;
  let first: number;
  let second: number;
  const call = (method: 'GET' | 'PUT', url: string, who: string | undefined = cookie, payload?: object) => callAs(t.app, method, url, who, payload);

  beforeAll(async () => {
    const opened = await openWithMemberAndOther(dialect);
    ({ t, cookie, otherCookie } = opened);
    memberId = opened.member.id;
    const exam = await createTest(t.db, { subject_code: await createSubject(t.db) });
    first = await createProblem(t.db, {
      test_code: exam,
      no: 1,
      question: '<p>Na 128 mEq/L인 환자</p>',
      illustration: '① 가\n② 나\n③ 다\n④ 라\n⑤ 마',
      answer: '①',
    });
    second = await createProblem(t.db, { test_code: exam, no: 2, illustration: '① 가\n② 나', answer: '②' });
  });
  afterAll(async () => t?.close());

  it('keeps struck options, highlights and the mark apart, each call changing only its own', async () => {
    expect((await call('GET', `/v1/annotations?problem_uids=${first},${second}`)).json()).toEqual({ annotations: [] });
    const struck = await call('PUT', `/v1/problem/${first}/strikes`, cookie, { options: [4, 2, 4] });
    expect(struck.statusCode).toBe(200);
    expect(struck.json().annotation).toMatchObject({ problem_uid: first, struck: [2, 4], highlights: [], marked: false });
    await call('PUT', `/v1/problem/${first}/mark`, cookie, { marked: true });
    const highlighted = await call('PUT', `/v1/problem/${first}/highlights`, cookie, { highlights: [{ part: 'question', start: 0, end: 12 }] });
    expect(highlighted.json().annotation).toMatchObject({ struck: [2, 4], highlights: [{ part: 'question', start: 0, end: 12 }], marked: true });
    // A second device reads what the first one left.
    const secondDevice = await loginCookie(t.app, memberId);
    expect((await call('GET', `/v1/annotations?problem_uids=${first}`, secondDevice)).json().annotations).toHaveLength(1);
    expect((await call('GET', `/v1/annotations?problem_uids=${first},${second}`)).json().annotations).toEqual([
      expect.objectContaining({ problem_uid: first, struck: [2, 4], marked: true }),
    ]);
    // Cleared of everything, nothing is read back (the row keeps only its times).
    await call('PUT', `/v1/problem/${first}/strikes`, cookie, { options: [] });
    await call('PUT', `/v1/problem/${first}/mark`, cookie, { marked: false });
    expect((await call('PUT', `/v1/problem/${first}/highlights`, cookie, { highlights: [] })).json()).toEqual({ annotation: null });
    expect((await call('GET', `/v1/annotations?problem_uids=${first},${second}`)).json()).toEqual({ annotations: [] });
  });

  it('drops a queued offline highlight change older than the one stored', async () => {
    await call('PUT', `/v1/problem/${second}/highlights`, cookie, {
      highlights: [{ part: 'illustration', start: 2, end: 5 }],
      changed_at: '2026-11-28T10:00:00.000Z',
    });
    const stale = await call('PUT', `/v1/problem/${second}/highlights`, cookie, { highlights: [], changed_at: '2026-11-28T09:00:00.000Z' });
    expect(stale.statusCode).toBe(200);
    expect(stale.json().annotation.highlights).toEqual([{ part: 'illustration', start: 2, end: 5 }]);
    const newer = await call('PUT', `/v1/problem/${second}/highlights`, cookie, {
      highlights: [{ part: 'question', start: 1, end: 2 }],
      changed_at: '2026-11-28T11:00:00.000Z',
    });
    expect(newer.json().annotation.highlights).toEqual([{ part: 'question', start: 1, end: 2 }]);
  });

  it('applies strikes and marks queued offline in the order made, once, and never over a newer change (decision 197)', async () => {
    const at = (minute: number) => `2026-12-06T10:${String(minute).padStart(2, '0')}:00.000Z`;
    // Offline on one device: strike 3 at :01, restore it at :02, mark at :03; each sent twice (a replay).
    for (const round of [1, 2]) {
      await call('PUT', `/v1/problem/${second}/strikes`, cookie, { options: [1, 2], changed_at: at(1) });
      const restored = await call('PUT', `/v1/problem/${second}/strikes`, cookie, { options: [1], changed_at: at(2) });
      expect(restored.json().annotation.struck, `round ${round}`).toEqual([1]);
      const marked = await call('PUT', `/v1/problem/${second}/mark`, cookie, { marked: true, changed_at: at(3) });
      expect(marked.json().annotation, `round ${round}`).toMatchObject({ struck: [1], marked: true });
    }
    // A change made earlier on another device, arriving late, changes nothing.
    const stale = await call('PUT', `/v1/problem/${second}/strikes`, cookie, { options: [2], changed_at: at(0) });
    expect(stale.statusCode).toBe(200);
    expect(stale.json().annotation).toMatchObject({ struck: [1], marked: true });
    expect((await call('PUT', `/v1/problem/${second}/mark`, cookie, { marked: false, changed_at: at(0) })).json().annotation.marked).toBe(true);
    // Cleared at :10, a change from :05 arriving afterwards stays dropped: the emptied row kept its times.
    await call('PUT', `/v1/problem/${second}/strikes`, cookie, { options: [], changed_at: at(10) });
    await call('PUT', `/v1/problem/${second}/mark`, cookie, { marked: false, changed_at: at(10) });
    expect((await call('PUT', `/v1/problem/${second}/highlights`, cookie, { highlights: [], changed_at: at(10) })).json()).toEqual({ annotation: null });
    expect((await call('PUT', `/v1/problem/${second}/strikes`, cookie, { options: [4], changed_at: at(5) })).json()).toEqual({ annotation: null });
    expect((await call('PUT', `/v1/problem/${second}/mark`, cookie, { marked: true, changed_at: at(5) })).json()).toEqual({ annotation: null });
    // Without a time (an online change) the server's clock is the time: it is newer and applies.
    expect((await call('PUT', `/v1/problem/${second}/mark`, cookie, { marked: true })).json().annotation.marked).toBe(true);
    await call('PUT', `/v1/problem/${second}/mark`, cookie, { marked: false });
    // One row per member and problem however often it was written.
    const rows = await t.db.selectFrom('problem_annotations').select('problem_uid').where('problem_uid', '=', second).execute();
    expect(rows).toHaveLength(1);
  });

  it("keeps each member's marks private", async () => {
    await call('PUT', `/v1/problem/${first}/strikes`, cookie, { options: [1] });
    expect((await call('GET', `/v1/annotations?problem_uids=${first}`, otherCookie)).json()).toEqual({ annotations: [] });
    await call('PUT', `/v1/problem/${first}/strikes`, otherCookie, { options: [5] });
    expect((await call('GET', `/v1/annotations?problem_uids=${first}`)).json().annotations[0].struck).toEqual([1]);
  });

  it('refuses bad input with a Korean message, unknown problems, and anonymous or unapproved members', async () => {
    const bad: Array<[string, object]> = [
      ['strikes', {}],
      ['strikes', { options: [0] }],
      ['strikes', { options: [11] }],
      ['strikes', { options: ['2'] }],
      ['strikes', { options: [1.5] }],
      ['highlights', { highlights: [{ part: 'question', start: 5, end: 5 }] }],
      ['highlights', { highlights: [{ part: 'answer', start: 0, end: 5 }] }],
      ['highlights', { highlights: [{ part: 'question', start: -1, end: 5 }] }],
      ['highlights', { highlights: Array.from({ length: 51 }, (_, i) => ({ part: 'question', start: i, end: i + 1 })) }],
      ['highlights', { highlights: [], changed_at: 'yesterday' }],
      ['mark', { marked: 'yes' }],
      ['mark', { marked: true, extra: 1 }],
      ['mark', { marked: true, changed_at: '2026-12-06' }],
      ['strikes', { options: [1], changed_at: 12 }],
    ];
    for (const [what, payload] of bad) {
      const response = await call('PUT', `/v1/problem/${first}/${what}`, cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toMatch(/[가-힣]/);
    }
    for (const list of ['', '0', '1,,2', Array.from({ length: 201 }, (_, i) => i + 1).join(',')]) {
      expect((await call('GET', `/v1/annotations?problem_uids=${encodeURIComponent(list)}`)).statusCode, list).toBe(400);
    }
    expect((await call('PUT', '/v1/problem/999999/mark', cookie, { marked: true })).statusCode).toBe(404);
    expect((await call('GET', `/v1/annotations?problem_uids=${first}`, '')).statusCode).toBe(401);
    const pending = await loginCookie(t.app, (await createMember(t.db, { validated: false })).id);
    expect((await call('PUT', `/v1/problem/${first}/mark`, pending, { marked: true })).statusCode).toBe(403);
    expect((await call('GET', `/v1/annotations?problem_uids=${first}`)).json().annotations[0]).toMatchObject({ struck: [1], marked: false });
  });
});
