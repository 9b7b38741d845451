import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberRow } from '../db/schema';
import { createClass, createProblem, createSubject, createTest } from '../testing/factories';
import { createMember, createTestContext, loginCookie, testDialects, type TestContext } from '../testing/harness';

type Method = 'GET' | 'POST';

describe.each(testDialects)('study sessions on %s', (dialect) => {
  let t: TestContext;
  let student: MemberRow;
  let cookie: string;
  let otherCookie: string;
  let anatomy: number;
  let cardio: number;
  let exam2025: number;
  let exam2024: number;
  /** Exam 2025 (해부학): problems 1–6; exam 2024 (순환기): 1–3; plus a vacant slot and an unanswerable one. */
  const p: Record<string, number> = {};
  let classUid: number;
  const call = (method: Method, url: string, payload?: object, who: string = cookie) =>
    t.app.inject({ method, url, headers: who ? { cookie: who } : {}, ...(payload ? { payload } : {}) });
  const count = async (query: string) => {
    const response = await call('GET', `/v1/study/sessions/count?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().count as number;
  };
  const create = (payload: object, who = cookie) => call('POST', '/v1/study/sessions', payload, who);
  const solveAnswer = (uid: number, answer: string) => call('POST', '/v1/solve/attempts', { problem_uid: uid, answer });

  beforeAll(async () => {
    t = await createTestContext(dialect);
    student = await createMember(t.db);
    cookie = await loginCookie(t.app, student.id);
    otherCookie = await loginCookie(t.app, (await createMember(t.db)).id);
    anatomy = await createSubject(t.db, { subject_name: '해부학' });
    cardio = await createSubject(t.db, { subject_name: '순환기내과학' });
    exam2025 = await createTest(t.db, { subject_code: anatomy, year: 2025, test_name: '2025 해부학 중간고사' });
    exam2024 = await createTest(t.db, { subject_code: cardio, year: 2024, test_name: '2024 순환기 기말고사' });
    for (let no = 1; no <= 6; no++) {
      p[`a${no}`] = await createProblem(t.db, { test_code: exam2025, no, illustration: '① 가\n② 나\n③ 다', answer: '③', comments: `<p>해설 ${no}</p>` });
    }
    for (let no = 1; no <= 3; no++) p[`c${no}`] = await createProblem(t.db, { test_code: exam2024, no, illustration: '① 가\n② 나', answer: '②' });
    p.vacant = await createProblem(t.db, { test_code: exam2025, no: 7, is_vacant: 1 });
    p.noKey = await createProblem(t.db, { test_code: exam2025, no: 8, answer: '' });
    classUid = await createClass(t.db, { subject_code: anatomy, problems: [p.a1!, p.a2!] });
  });
  afterAll(async () => t?.close());

  it('counts by scope: lists narrow one another, vacant and keyless problems never count', async () => {
    expect(await count('')).toBe(9);
    expect(await count(`subject_codes=${anatomy}`)).toBe(6);
    expect(await count(`subject_codes=${anatomy},${cardio}&years=2024`)).toBe(3);
    expect(await count(`test_codes=${exam2025}&years=2024`)).toBe(0);
    expect(await count(`class_codes=${classUid}`)).toBe(2);
    expect(await count(`test_codes=${exam2024}&test_codes=${exam2025}`)).toBe(9);
  });

  it('"wrong" is exactly the problems whose latest answer (from any source) was wrong; "unseen" those never answered', async () => {
    // a1: wrong then right → not wrong. a2: right then wrong → wrong. a3: wrong. c1: right.
    await solveAnswer(p.a1!, '①');
    await solveAnswer(p.a1!, '③');
    await solveAnswer(p.a2!, '③');
    await solveAnswer(p.a2!, '②');
    await solveAnswer(p.a3!, '1');
    await solveAnswer(p.c1!, '②');
    // Another member's wrong answers are not this member's.
    await call('POST', '/v1/solve/attempts', { problem_uid: p.a4!, answer: '①' }, otherCookie);
    expect(await count('filter=wrong')).toBe(2);
    const session = (await create({ filter: 'wrong', count: 200, order: 'exam', mode: 'tutor' })).json().session;
    expect(session.problem_uids).toEqual([p.a2, p.a3]);
    expect(await count('filter=unseen')).toBe(5);
    expect(await count(`filter=unseen&subject_codes=${cardio}`)).toBe(2);

    // A session answer counts too: a3 answered right in a session leaves "wrong".
    const answer = await call('POST', `/v1/study/sessions/${session.code}/answers`, { problem_uid: p.a3, answer: '다' });
    expect(answer.statusCode).toBe(201);
    expect(answer.json().answer).toMatchObject({ problem_uid: p.a3, is_correct: true });
    expect(await count('filter=wrong')).toBe(1);
    const stored = await t.db.selectFrom('solve_attempts').select(['source', 'session_code', 'run_code']).where('session_code', '=', session.code).execute();
    expect(stored).toEqual([{ source: 'session', session_code: session.code, run_code: null }]);
  });

  it('filters by the 중요 표시 box, one of my boxes, and the 헷갈림 flag', async () => {
    const { important } = (await call('POST', '/v1/box/solve-boxes')).json();
    await call('POST', `/v1/box/${important.code}/problem/${p.c2}`);
    await call('POST', `/v1/box/${important.code}/problem/${p.vacant}`);
    expect(await count('filter=marked')).toBe(1);
    const box = (await call('POST', '/v1/box', { box_name: '시험 전날' })).json().box;
    await call('POST', `/v1/box/${box.code}/problem/${p.a5}`);
    await call('POST', `/v1/box/${box.code}/problem/${p.a6}`);
    expect(await count(`filter=box&box_code=${box.code}`)).toBe(2);
    expect(await count(`filter=box&box_code=${box.code}&test_codes=${exam2024}`)).toBe(0);
    // Another member's box does not exist for them.
    expect((await call('GET', `/v1/study/sessions/count?filter=box&box_code=${box.code}`, undefined, otherCookie)).statusCode).toBe(404);
    expect((await create({ filter: 'box', scope: { box_code: box.code }, count: 5, order: 'random', mode: 'tutor' }, otherCookie)).statusCode).toBe(404);
    await t.db.insertInto('problem_notes').values({ member_code: student.code, problem_uid: p.c3!, note_text: '', is_confused: 1 }).execute();
    await t.db.insertInto('problem_notes').values({ member_code: student.code, problem_uid: p.c2!, note_text: '메모만', is_confused: 0 }).execute();
    expect(await count('filter=confused')).toBe(1);
    const session = (await create({ filter: 'confused', count: 10, order: 'random', mode: 'tutor' })).json().session;
    expect(session.problem_uids).toEqual([p.c3]);
  });

  it('draws at most count problems, in exam order when asked, and refuses an empty match', async () => {
    const random = (await create({ scope: { subject_codes: [anatomy] }, filter: 'all', count: 4, order: 'random', mode: 'tutor' })).json().session;
    expect(random.problem_uids).toHaveLength(4);
    expect(new Set(random.problem_uids).size).toBe(4);
    const all = [p.a1, p.a2, p.a3, p.a4, p.a5, p.a6];
    expect(random.problem_uids.every((uid: number) => all.includes(uid))).toBe(true);
    const ordered = (await create({ filter: 'all', count: 200, order: 'exam', mode: 'tutor' })).json().session;
    // Newest exam first, then by number.
    expect(ordered.problem_uids).toEqual([...all, p.c1, p.c2, p.c3]);
    const empty = await create({ scope: { test_codes: [exam2025], years: [2024] }, filter: 'all', count: 10, order: 'random', mode: 'tutor' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('조건에 맞는 문제가 없습니다');
  });

  it('tutor mode tells the verdict at once, takes one answer per problem, and finishes with a result', async () => {
    const created = await create({ scope: { test_codes: [exam2024] }, filter: 'all', count: 3, order: 'exam', mode: 'tutor' });
    expect(created.statusCode).toBe(201);
    const session = created.json().session;
    expect(session).toMatchObject({ mode: 'tutor', ends_at: null, problem_uids: [p.c1, p.c2, p.c3] });
    const right = (await call('POST', `/v1/study/sessions/${session.code}/answers`, { problem_uid: p.c1, answer: '2' })).json().answer;
    expect(right.is_correct).toBe(true);
    const wrong = (await call('POST', `/v1/study/sessions/${session.code}/answers`, { problem_uid: p.c2, answer: '①' })).json().answer;
    expect(wrong.is_correct).toBe(false);
    expect((await call('POST', `/v1/study/sessions/${session.code}/answers`, { problem_uid: p.c2, answer: '②' })).statusCode).toBe(409);
    expect((await call('POST', `/v1/study/sessions/${session.code}/answers`, { problem_uid: p.a1, answer: '②' })).statusCode).toBe(404);

    // Resumes anywhere: the detail carries the answers so far, with the answer key.
    const detail = (await call('GET', `/v1/study/sessions/${session.code}`)).json();
    expect(detail.problems.map((problem: { uid: number }) => problem.uid)).toEqual([p.c1, p.c2, p.c3]);
    expect(detail.problems[0].answer).toBe('②');
    expect(detail.answers.map((a: { problem_uid: number; is_correct: boolean }) => [a.problem_uid, a.is_correct])).toEqual([
      [p.c1, true],
      [p.c2, false],
    ]);
    expect(detail.result).toBeNull();
    expect(detail.session).toMatchObject({ total: 3, answered: 2, correct: 1, finish_time: null });

    const finish = await call('POST', `/v1/study/sessions/${session.code}/finish`);
    expect(finish.statusCode).toBe(200);
    expect(finish.json().result).toMatchObject({ total: 3, answered: 2, correct: 1 });
    expect(finish.json().result.seconds).toBeGreaterThanOrEqual(0);
    // Finishing again answers the same; answering after the end is refused.
    expect((await call('POST', `/v1/study/sessions/${session.code}/finish`)).json()).toEqual(finish.json());
    const late = await call('POST', `/v1/study/sessions/${session.code}/answers`, { problem_uid: p.c3, answer: '②' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/[가-힣]/);

    // 틀린 문제 다시 풀기: the wrong and the unanswered, in a new session.
    const retry = await call('POST', `/v1/study/sessions/${session.code}/retry`, {});
    expect(retry.statusCode).toBe(201);
    expect(retry.json().session).toMatchObject({ mode: 'tutor', problem_uids: [p.c2, p.c3] });
    const retried = (await call('GET', `/v1/study/sessions/${retry.json().session.code}`)).json().session;
    expect(retried).toMatchObject({ filter: 'retry', retry_of: session.code });

    // 오답 노트에 모두 담기: into the member's solve-mode 오답 노트 box, idempotently.
    const notes = await call('POST', `/v1/study/sessions/${session.code}/wrong-notes`);
    expect(notes.statusCode).toBe(200);
    expect(notes.json()).toMatchObject({ added: 2, total: 2 });
    expect((await call('POST', `/v1/study/sessions/${session.code}/wrong-notes`)).json()).toMatchObject({ added: 0, total: 2 });
    const { wrong: wrongBox } = (await call('POST', '/v1/box/solve-boxes')).json();
    expect(wrongBox.code).toBe(notes.json().box_code);
    const boxed = (await call('GET', `/v1/box/${wrongBox.code}/problem`)).json().problems.map((row: { uid: number }) => row.uid);
    expect(boxed.sort()).toEqual([p.c2, p.c3].sort());
  });

  it('timed mode hides verdicts and the key until the end, refuses answers after ends_at and finishes itself', async () => {
    const before = Date.now();
    const created = await create({ scope: { test_codes: [exam2025] }, filter: 'all', count: 6, order: 'exam', mode: 'timed' });
    const session = created.json().session;
    // Default 1.2 minutes a problem: 6 problems → 7.2, rounded up to 8 minutes.
    const endsAt = Date.parse(session.ends_at);
    expect(endsAt - before).toBeGreaterThanOrEqual(8 * 60_000 - 1000);
    expect(endsAt - Date.now()).toBeLessThanOrEqual(8 * 60_000 + 1000);
    const first = (await call('POST', `/v1/study/sessions/${session.code}/answers`, { problem_uid: p.a1, answer: '①' })).json().answer;
    expect(first).not.toHaveProperty('is_correct');
    // Timed mode keeps the latest answer: a change of mind before the end.
    await call('POST', `/v1/study/sessions/${session.code}/answers`, { problem_uid: p.a1, answer: '③' });
    await call('POST', `/v1/study/sessions/${session.code}/answers`, { problem_uid: p.a2, answer: '①' });
    const running = (await call('GET', `/v1/study/sessions/${session.code}`)).json();
    expect(running.problems.every((problem: { answer: string; comments: string }) => problem.answer === '' && problem.comments === '')).toBe(true);
    expect(running.answers.map((a: { problem_uid: number; answer: string }) => [a.problem_uid, a.answer])).toEqual([
      [p.a1, '③'],
      [p.a2, '①'],
    ]);
    expect(running.answers.some((a: object) => 'is_correct' in a)).toBe(false);
    expect(running.session.correct).toBeNull();
    const listed = (await call('GET', '/v1/study/sessions')).json().sessions.find((s: { code: number }) => s.code === session.code);
    expect(listed.correct).toBeNull();

    // Time runs out (on the server's clock): the next answer is refused and the session is finished.
    const past = new Date(Date.now() - 1000).toISOString();
    await t.db.updateTable('study_sessions').set({ ends_at: past }).where('code', '=', session.code).execute();
    const late = await call('POST', `/v1/study/sessions/${session.code}/answers`, { problem_uid: p.a3, answer: '③' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('시험 시간이 끝나');
    const done = (await call('GET', `/v1/study/sessions/${session.code}`)).json();
    expect(done.session.finish_time).toBe(past);
    expect(done.result).toMatchObject({ total: 6, answered: 2, correct: 1 });
    expect(done.problems[0].answer).toBe('③');
    expect(done.problems[0].comments).toContain('해설 1');
    expect(done.answers.map((a: { is_correct: boolean }) => a.is_correct)).toEqual([true, false]);

    // Retry keeps timed mode, over the misses: the wrong one and the unanswered.
    const retry = (await call('POST', `/v1/study/sessions/${session.code}/retry`, {})).json().session;
    expect(retry.mode).toBe('timed');
    expect(retry.problem_uids).toEqual([p.a2, p.a3, p.a4, p.a5, p.a6]);
    expect(Date.parse(retry.ends_at) - Date.now()).toBeLessThanOrEqual(6 * 60_000 + 1000);
    const tutorRetry = (await call('POST', `/v1/study/sessions/${session.code}/retry`, { mode: 'tutor' })).json().session;
    expect(tutorRetry).toMatchObject({ mode: 'tutor', ends_at: null });
  });

  it('finishes an expired timed session when the list is read, and lists my sessions newest first', async () => {
    const session = (await create({ filter: 'all', count: 2, order: 'random', mode: 'timed', minutes: 30 })).json().session;
    expect(Date.parse(session.ends_at) - Date.now()).toBeGreaterThan(29 * 60_000);
    const past = new Date(Date.now() - 5000).toISOString();
    await t.db.updateTable('study_sessions').set({ ends_at: past }).where('code', '=', session.code).execute();
    const list = (await call('GET', '/v1/study/sessions')).json();
    expect(list.sessions[0]).toMatchObject({ code: session.code, finish_time: past, total: 2, answered: 0, correct: 0 });
    const codes = list.sessions.map((s: { code: number }) => s.code);
    expect(codes).toEqual([...codes].sort((a: number, b: number) => b - a));
    expect(list.total).toBe(codes.length);
    expect((await call('GET', '/v1/study/sessions', undefined, otherCookie)).json()).toMatchObject({ sessions: [], total: 0 });
    const paged = (await call('GET', '/v1/study/sessions?page=2&limit=2')).json();
    expect(paged.sessions.map((s: { code: number }) => s.code)).toEqual(codes.slice(2, 4));
  });

  it('names what each listed session was drawn from: subjects, years, exams, classes (issue 26 item 18)', async () => {
    const scope = { subject_codes: [anatomy], years: [2025], test_codes: [exam2025], class_codes: [classUid] };
    const session = (await create({ scope, filter: 'all', count: 1, order: 'exam', mode: 'tutor' })).json().session;
    const names = { subjects: ['해부학'], years: [2025], tests: ['2025 해부학 중간고사'], classes: ['상지의 신경'], box: null };
    const listed = (await call('GET', '/v1/study/sessions')).json().sessions.find((s: { code: number }) => s.code === session.code);
    expect(listed).toMatchObject({ filter: 'all', mode: 'tutor', total: 1, scope_names: names });
    expect((await call('GET', `/v1/study/sessions/${session.code}`)).json().session.scope_names).toEqual(names);
    const whole = (await create({ filter: 'all', count: 1, order: 'random', mode: 'tutor' })).json().session;
    expect((await call('GET', `/v1/study/sessions/${whole.code}`)).json().session.scope_names).toEqual({
      subjects: [],
      years: [],
      tests: [],
      classes: [],
      box: null,
    });
  });

  it("another member's session is 404 on every call", async () => {
    const session = (await create({ filter: 'all', count: 2, order: 'random', mode: 'tutor' })).json().session;
    const uid = session.problem_uids[0];
    for (const [method, url, payload] of [
      ['GET', `/v1/study/sessions/${session.code}`],
      ['POST', `/v1/study/sessions/${session.code}/answers`, { problem_uid: uid, answer: '③' }],
      ['POST', `/v1/study/sessions/${session.code}/finish`],
      ['POST', `/v1/study/sessions/${session.code}/retry`, {}],
      ['POST', `/v1/study/sessions/${session.code}/wrong-notes`],
    ] as [Method, string, object?][]) {
      const response = await call(method, url, payload, otherCookie);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe('학습 세션을 찾을 수 없습니다.');
    }
    expect((await call('GET', '/v1/study/sessions/99999999')).statusCode).toBe(404);
    // Retry and wrong notes wait for the end.
    expect((await call('POST', `/v1/study/sessions/${session.code}/retry`, {})).statusCode).toBe(409);
    expect((await call('POST', `/v1/study/sessions/${session.code}/wrong-notes`)).statusCode).toBe(409);
  });

  it('refuses bad input with 400 and a Korean message, and anonymous or unapproved callers', async () => {
    const good = { filter: 'all', count: 5, order: 'random', mode: 'tutor' };
    for (const payload of [
      {},
      { ...good, count: 0 },
      { ...good, count: 201 },
      { ...good, count: 2.5 },
      { ...good, count: '5' },
      { ...good, filter: 'hard' },
      { ...good, order: 'alphabetical' },
      { ...good, mode: 'exam' },
      { ...good, mode: 'timed', minutes: 0 },
      { ...good, mode: 'timed', minutes: 601 },
      { ...good, minutes: 10 },
      { ...good, filter: 'box' },
      { ...good, scope: { box_code: 1 } },
      { ...good, scope: { years: [1800] } },
      { ...good, scope: { subject_codes: ['a'] } },
      { ...good, scope: { subject_codes: Array.from({ length: 201 }, (_, i) => i + 1) } },
      { ...good, scope: { owner: 1 } },
      { ...good, member_code: 1 },
    ]) {
      const response = await create(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toMatch(/[가-힣]/);
    }
    expect((await create({ ...good, count: 201 })).json().message).toBe('문제 수는 1~200 사이로 입력하세요.');
    for (const query of ['filter=hard', 'subject_codes=a', 'years=1', 'filter=box', 'box_code=3', 'limit=5', 'test_codes=0']) {
      const response = await call('GET', `/v1/study/sessions/count?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toMatch(/[가-힣]/);
    }
    const session = (await create(good)).json().session;
    for (const payload of [
      {},
      { problem_uid: session.problem_uids[0] },
      { problem_uid: session.problem_uids[0], answer: '  ' },
      { problem_uid: 'x', answer: '1' },
      { problem_uid: session.problem_uids[0], answer: '1', is_correct: true },
    ]) {
      const response = await call('POST', `/v1/study/sessions/${session.code}/answers`, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/[가-힣]/);
    }
    expect((await call('GET', '/v1/study/sessions/abc')).statusCode).toBe(400);
    expect((await call('GET', '/v1/study/sessions', undefined, '')).statusCode).toBe(401);
    const pending = await loginCookie(t.app, (await createMember(t.db, { validated: false })).id);
    expect((await create(good, pending)).statusCode).toBe(403);
  });
});
