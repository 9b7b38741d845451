import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, loginCookie, testDialects, type TestContext } from '../testing/harness';
import { createProblem, createSubject, createTest } from '../testing/factories';

describe.each(testDialects)('boxes on %s', (dialect) => {
  let t: TestContext;
  let alice: string;
  let bob: string;
  let problemA: number;
  let problemB: number;
  let essay: number;
  let vacant: number;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestContext(dialect);
    alice = await loginCookie(t.app, (await createMember(t.db)).id);
    bob = await loginCookie(t.app, (await createMember(t.db)).id);
    const anatomy = await createSubject(t.db, { subject_name: '해부학' });
    const cardio = await createSubject(t.db, { subject_name: '순환기내과학' });
    const exam = await createTest(t.db, { subject_code: anatomy, year: 2025, test_name: '2025 해부학 중간고사' });
    const exam2 = await createTest(t.db, { subject_code: cardio, year: 2024, test_name: '2024 순환기 기말고사' });
    problemA = await createProblem(t.db, { test_code: exam, no: 1, question: '<p>팔신경얼기의 가지는?</p>' });
    problemB = await createProblem(t.db, { test_code: exam2, no: 1, question: '<p>심부전의 치료는?</p>' });
    essay = await createProblem(t.db, { test_code: exam2, no: 1, type: 2, choice_type: null, question: '<p>심전도 소견을 쓰시오.</p>' });
    vacant = await createProblem(t.db, { test_code: exam, no: 2, is_vacant: 1 });
  });
  afterAll(async () => t?.close());

  it('creates boxes in order (precidence = current count) and lists only your own', async () => {
    const first = await call('POST', '/v1/box', alice, { box_name: '  순환기 복습  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json().box).toMatchObject({ box_name: '순환기 복습', precidence: 0, solve_slot: null, problem_count: 0 });
    const second = await call('POST', '/v1/box', alice, { box_name: '해부학' });
    expect(second.json().box.precidence).toBe(1);
    await call('POST', '/v1/box', bob, { box_name: '밥의 박스' });
    const list = (await call('GET', '/v1/box', alice)).json().boxes;
    expect(list.map((box: { box_name: string }) => box.box_name)).toEqual(['순환기 복습', '해부학']);
  });

  it('refuses a missing, blank, too long or unknown-field box name', async () => {
    for (const payload of [{}, { box_name: '   ' }, { box_name: '가'.repeat(51) }, { box_name: 3 }, { box_name: 'x', owner: 1 }]) {
      const response = await call('POST', '/v1/box', alice, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/[가-힣]/);
    }
    expect((await call('POST', '/v1/box', alice, {})).json().message).toBe('박스 이름을 입력하세요.');
  });

  it('adds and removes problems idempotently, filters the box, and marks has_problem', async () => {
    const box = (await call('POST', '/v1/box', alice, { box_name: '북마크' })).json().box;
    expect((await call('POST', `/v1/box/${box.code}/problem/${problemA}`, alice)).statusCode).toBe(201);
    expect((await call('POST', `/v1/box/${box.code}/problem/${problemA}`, alice)).statusCode).toBe(200);
    await call('POST', `/v1/box/${box.code}/problem/${problemB}`, alice);
    await call('POST', `/v1/box/${box.code}/problem/${essay}`, alice);
    const all = (await call('GET', `/v1/box/${box.code}/problem`, alice)).json();
    expect(all.box.problem_count).toBe(3);
    expect(all.problems.find((p: { uid: number }) => p.uid === problemA)).toMatchObject({
      problem_uid: problemA,
      no: 1,
      type: 1,
      subject_name: '해부학',
      test_name: '2025 해부학 중간고사',
      test_year: 2025,
      question_text: '팔신경얼기의 가지는?',
    });
    expect((await call('GET', `/v1/box/${box.code}/problem?year=2024`, alice)).json().problems).toHaveLength(2);
    expect((await call('GET', `/v1/box/${box.code}/problem?type=2`, alice)).json().problems.map((p: { uid: number }) => p.uid)).toEqual([essay]);
    expect((await call('GET', `/v1/box/${box.code}/problem?q=${encodeURIComponent('심부전')}`, alice)).json().problems).toHaveLength(1);
    const marked = (await call('GET', `/v1/box?problem_uid=${problemA}`, alice)).json().boxes;
    expect(marked.find((b: { code: number }) => b.code === box.code).has_problem).toBe(true);
    expect(marked.filter((b: { has_problem: boolean }) => !b.has_problem)).toHaveLength(marked.length - 1);
    // One call answers for a page of stars: which of the asked problems sit in any of the member's boxes.
    const page = (await call('GET', `/v1/box?problem_uids=${problemB},${problemA},${vacant},${problemA}`, alice)).json();
    expect(page.bookmarked_uids).toEqual([problemA, problemB].sort((x, y) => x - y));
    expect(page.boxes.length).toBe(marked.length);
    expect((await call('GET', `/v1/box?problem_uids=${problemA},${problemB}`, bob)).json().bookmarked_uids).toEqual([]);
    expect((await call('GET', '/v1/box', alice)).json()).not.toHaveProperty('bookmarked_uids');
    for (const bad of ['', '1,,2', '0', 'a', '1,2,', '3'.repeat(11), Array.from({ length: 201 }, (_, i) => i + 1).join(',')]) {
      const refused = await call('GET', `/v1/box?problem_uids=${bad}`, alice);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('입력값이 올바르지 않습니다.');
    }

    expect((await call('DELETE', `/v1/box/${box.code}/problem/${problemA}`, alice)).statusCode).toBe(200);
    expect((await call('DELETE', `/v1/box/${box.code}/problem/${problemA}`, alice)).statusCode).toBe(200);
    expect((await call('GET', `/v1/box/${box.code}/problem`, alice)).json().problems).toHaveLength(2);
  });

  it("never lets a member read, fill, empty or delete another member's box", async () => {
    const box = (await call('POST', '/v1/box', alice, { box_name: '비밀 박스' })).json().box;
    await call('POST', `/v1/box/${box.code}/problem/${problemA}`, alice);
    for (const [method, url] of [
      ['GET', `/v1/box/${box.code}/problem`],
      ['POST', `/v1/box/${box.code}/problem/${problemB}`],
      ['DELETE', `/v1/box/${box.code}/problem/${problemA}`],
      ['DELETE', `/v1/box/${box.code}`],
    ] as const) {
      const response = await call(method, url, bob);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: '박스를 찾을 수 없습니다.' });
    }
    expect((await call('GET', `/v1/box/${box.code}/problem`, alice)).json().problems).toHaveLength(1);
  });

  it('refuses vacant or unknown problems and deletes boxes with their contents', async () => {
    const box = (await call('POST', '/v1/box', alice, { box_name: '지울 박스' })).json().box;
    for (const uid of [vacant, 999999]) {
      const response = await call('POST', `/v1/box/${box.code}/problem/${uid}`, alice);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('문제를 찾을 수 없습니다.');
    }
    await call('POST', `/v1/box/${box.code}/problem/${problemA}`, alice);
    expect((await call('DELETE', `/v1/box/${box.code}`, alice)).json()).toEqual({ ok: true });
    expect((await call('GET', `/v1/box/${box.code}/problem`, alice)).statusCode).toBe(404);
    expect((await call('DELETE', `/v1/box/${box.code}`, alice)).statusCode).toBe(404);
  });

  it("creates the solve boxes once, as the member's own", async () => {
    const cookie = await loginCookie(t.app, (await createMember(t.db)).id);
    await call('POST', '/v1/box', cookie, { box_name: '내 박스' });
    const first = (await call('POST', '/v1/box/solve-boxes', cookie)).json();
    expect(first.important).toMatchObject({ box_name: '중요 문제', solve_slot: 1, precidence: 1 });
    expect(first.wrong).toMatchObject({ box_name: '오답 노트', solve_slot: 2, precidence: 2 });
    const again = await Promise.all([call('POST', '/v1/box/solve-boxes', cookie), call('POST', '/v1/box/solve-boxes', cookie)]);
    expect(again.map((r) => r.json().important.code)).toEqual([first.important.code, first.important.code]);
    expect((await call('GET', '/v1/box', cookie)).json().boxes).toHaveLength(3);
  });

  it('needs an approved member and valid ids', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/box' })).statusCode).toBe(401);
    const pending = await loginCookie(t.app, (await createMember(t.db, { validated: false })).id);
    expect((await call('GET', '/v1/box', pending)).json().code).toBe('NOT_APPROVED');
    for (const role of ['lead', 'admin', 'superadmin'] as const) {
      const cookie = await loginCookie(t.app, (await createMember(t.db, { role })).id);
      expect((await call('GET', '/v1/box', cookie)).statusCode).toBe(200);
    }
    for (const [method, url] of [
      ['GET', '/v1/box/abc/problem'],
      ['POST', '/v1/box/1/problem/-1'],
      ['DELETE', '/v1/box/0'],
      ['GET', '/v1/box?problem_uid=x'],
    ] as const) {
      expect((await call(method, url, alice)).statusCode, url).toBe(400);
    }
  });
});
