import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberRow } from '../db/schema';
import { createMember, createTestContext, loginCookie, testDialects, type TestContext } from '../testing/harness';
import { createProblem, createSubject, createTest } from '../testing/factories';
import { myAnswersByDay } from './repository';

// A small class whose every figure was worked out by hand (see the matrix below).
//
// Exam 1, four objective problems (keys ③ ① ② ④), first answers of ten approved members:
//        P1 P2 P3 P4  score
//   M1   ③  ①  ②  ⑤   3
//   M2   3  ①  ②  ⑤   3     ('3' is option ③ typed as a digit)
//   M3   ③  ①  ②  ⑤   3     (answered in a study session, not solve mode)
//   M4   ③  ①  ①  ④   3
//   M5   ③  ①  ③  ①   2
//   M6   ③  ②  ②  ②   2
//   M7   ①  ①  ④  ④   2
//   M8   ③  ③  ⑤  ③   1
//   M9   ①  ④  ①  ④   1
//   M10  ②  ⑤  ③  ⑤   0
// N = 10, 27 % → 3 per group; the four tied at 3 all join the upper group (M1–M4), the lower
// group is M8–M10 (scores 1, 1, 0). Difficulty .7 .6 .4 .3; discrimination 1−1/3, 1−0, .75−0,
// .25−1/3. Scores mean 2, population variance 1; Σpq = .21+.24+.24+.21 = .9;
// KR-20 = 4/3 · (1 − .9/1) = 0.1333…

const KEYS = ['③', '①', '②', '④'];
const MATRIX = [
  ['③', '①', '②', '⑤'],
  ['3', '①', '②', '⑤'],
  ['③', '①', '②', '⑤'],
  ['③', '①', '①', '④'],
  ['③', '①', '③', '①'],
  ['③', '②', '②', '②'],
  ['①', '①', '④', '④'],
  ['③', '③', '⑤', '③'],
  ['①', '④', '①', '④'],
  ['②', '⑤', '③', '⑤'],
];
const CHOICES = '① 가\n② 나\n③ 다\n④ 라\n⑤ 마';
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(testDialects)('statistics on %s', (dialect) => {
  let t: TestContext;
  let members: MemberRow[];
  let late: MemberRow;
  let unapproved: MemberRow;
  let lead: MemberRow;
  let exam: number;
  let exam2: number;
  let problems: number[];
  let p5: number;
  let p6: number;
  let p7: number;
  let sparse: number;
  const at = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();

  async function answer(
    member: MemberRow,
    problem: number,
    given: string,
    correct: boolean,
    extra: { source?: 'solve' | 'session' | 'review'; judged_by?: 'machine' | 'self'; creation_time?: string } = {},
  ) {
    await t.db
      .insertInto('solve_attempts')
      .values({
        run_code: null,
        member_code: member.code,
        problem_uid: problem,
        answer: given,
        is_correct: correct ? 1 : 0,
        source: extra.source ?? 'solve',
        judged_by: extra.judged_by ?? 'machine',
        creation_time: extra.creation_time ?? at(2 * DAY_MS),
      })
      .execute();
  }
  const get = async (url: string, who: MemberRow) => t.app.inject({ method: 'GET', url, headers: { cookie: await loginCookie(t.app, who.id) } });

  beforeAll(async () => {
    t = await createTestContext(dialect);
    const subjectA = await createSubject(t.db, { subject_name: '해부학' });
    const subjectB = await createSubject(t.db, { subject_name: '생리학' });
    exam = await createTest(t.db, { subject_code: subjectA, test_name: '해부학 중간고사', year: 2025 });
    exam2 = await createTest(t.db, { subject_code: subjectB, test_name: '생리학 기말고사', year: 2025 });
    problems = [];
    for (const [i, key] of KEYS.entries()) problems.push(await createProblem(t.db, { test_code: exam, no: i + 1, illustration: CHOICES, answer: key }));
    // An essay and a vacant slot: neither is scored in the item analysis.
    await createProblem(t.db, { test_code: exam, no: 5, type: 2, choice_type: null, answer: '간' });
    await createProblem(t.db, { test_code: exam, no: 6, is_vacant: 1 });
    p5 = await createProblem(t.db, { test_code: exam2, no: 1, illustration: CHOICES, answer: '①' });
    p6 = await createProblem(t.db, { test_code: exam2, no: 2, type: 2, choice_type: null, answer: 'HBsAg' });
    p7 = await createProblem(t.db, { test_code: exam2, no: 3, illustration: CHOICES, answer: '②' });
    sparse = await createProblem(t.db, { test_code: exam2, no: 4, illustration: CHOICES, answer: '②' });

    members = [];
    for (let i = 0; i < 10; i++) members.push(await createMember(t.db));
    late = await createMember(t.db);
    unapproved = await createMember(t.db, { validated: false });
    lead = await createMember(t.db, { role: 'lead' });
    await t.db
      .updateTable('members')
      .set({ grade: 2 })
      .where(
        'code',
        'in',
        [...members, late].map((m) => m.code),
      )
      .execute();
    for (const [m, row] of MATRIX.entries()) {
      for (const [p, given] of row.entries()) {
        const correct = given === KEYS[p] || (given === '3' && KEYS[p] === '③');
        await answer(members[m]!, problems[p]!, given, correct, { source: m === 2 ? 'session' : 'solve' });
      }
    }
    // Later answers never move the class's figures: only first answers count.
    await answer(members[0]!, problems[0]!, '①', false, { creation_time: at(1 * DAY_MS) });
    await answer(members[9]!, problems[1]!, '①', true, { creation_time: at(1 * DAY_MS) });
    // An approved member who answered two problems only: in the problem's figures, not in the analysis.
    await answer(late, problems[0]!, '③', true);
    await answer(late, problems[1]!, '②', false);
    // An unapproved member's answers count nowhere.
    for (const [p, key] of KEYS.entries()) await answer(unapproved, problems[p]!, key, true);
    // M1's other study: exam 2 yesterday and today (one self-judged essay), and long ago.
    await answer(members[0]!, p5, '②', false, { creation_time: at(1 * DAY_MS) });
    // "Today" is Asia/Seoul's day (UTC+9, no summer time): a minute ago, or the day's first instant
    // when it began less than a minute ago (a minute ago would be yesterday at 00:00:30 KST).
    const sinceSeoulMidnight = (Date.now() + 9 * 60 * 60 * 1000) % DAY_MS;
    await answer(members[0]!, p6, 'hbsag', true, { judged_by: 'self', creation_time: at(Math.min(60_000, sinceSeoulMidnight)) });
    await answer(members[0]!, p7, '②', true, { creation_time: at(100 * DAY_MS) });
    // Four answers: under the minimum of five.
    for (const m of members.slice(0, 4)) await answer(m, sparse, '②', true);
  });
  afterAll(async () => t?.close());

  it('item analysis: difficulty, discrimination with tied groups, option rates, flags and KR-20', async () => {
    const response = await get(`/v1/test/${exam}/item-analysis`, lead);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ test_code: exam, members: 10, upper_size: 4, lower_size: 3 });
    // Sent rounded (decision 215): proportions to 0.001, discrimination and KR-20 to 0.0001.
    expect(body.kr20).toBe(0.1333);
    expect(body.items.map((item: { uid: number }) => item.uid)).toEqual(problems);
    const [i1, i2, i3, i4] = body.items;
    expect([i1.difficulty, i2.difficulty, i3.difficulty, i4.difficulty]).toEqual([0.7, 0.6, 0.4, 0.3]);
    expect(i1.discrimination).toBe(0.6667);
    expect(i2.discrimination).toBe(1);
    expect(i3.discrimination).toBe(0.75);
    expect(i4.discrimination).toBe(-0.0833);
    expect(
      i1.options.map((o: { option: string; rate: number; upper_rate: number; lower_rate: number; is_key: boolean }) => [
        o.option,
        o.is_key,
        o.rate,
        o.upper_rate,
        o.lower_rate,
      ]),
    ).toEqual([
      ['①', false, 0.2, 0, 0.333],
      ['②', false, 0.1, 0, 0.333],
      ['③', true, 0.7, 1, 0.333],
      ['④', false, 0, 0, 0],
      ['⑤', false, 0, 0, 0],
    ]);
    expect(i4.options.find((o: { option: string }) => o.option === '⑤')).toMatchObject({ upper_rate: 0.75, lower_rate: 0.333, rate: 0.4 });
    expect(i1.flags).toEqual(['unchosen_distractor']);
    expect(i2.flags).toEqual([]);
    expect(i3.flags).toEqual([]);
    expect(i4.flags).toEqual(['probably_miskeyed', 'negative_discrimination']);
  });

  it('item analysis withholds figures under the minimum of members', async () => {
    const body = (await get(`/v1/test/${exam2}/item-analysis`, lead)).json();
    expect(body).toMatchObject({ members: 1, kr20: null, upper_size: 0 });
    expect(body.items[0]).toMatchObject({ uid: p5, difficulty: null, discrimination: null, flags: [] });
    expect(body.items[0].options[0]).toEqual({ option: '①', is_key: true, upper_rate: null, lower_rate: null, rate: null });
  });

  it('the .xlsx holds the same table', async () => {
    const response = await get(`/v1/test/${exam}/item-analysis/xlsx`, lead);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain("filename*=UTF-8''2025_");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    const analysis = (await get(`/v1/test/${exam}/item-analysis`, lead)).json();
    const header = rows.find((row) => row[1] === '번호')!;
    expect(header.slice(5, 8)).toEqual(['① 전체', '① 상위', '① 하위']);
    // Rates are numbers in a percent format (issue 26 item 19), the same figures as the screen's.
    const firstRow = sheet.getRows(1, sheet.rowCount)!.find((row) => row.getCell(1).value === 1)!;
    const item = analysis.items[0];
    expect(firstRow.getCell(2).value).toBeCloseTo(item.difficulty, 10);
    expect(firstRow.getCell(2).numFmt).toBe('0.0%');
    expect(firstRow.getCell(3).value).toBeCloseTo(item.discrimination, 10);
    expect(firstRow.getCell(4).value).toBe('③');
    expect(firstRow.getCell(5).value).toBeCloseTo(item.options[0].rate, 10);
    expect(firstRow.getCell(6).value).toBeCloseTo(item.options[0].upper_rate, 10);
    expect(firstRow.getCell(5).numFmt).toBe('0.0%');
    // The flags in the screen's words, in the last column.
    const flagsColumn = 5 + 3 * 5;
    expect(header[flagsColumn]).toBe('표시');
    const labels = { probably_miskeyed: '정답 오류 의심', unchosen_distractor: '아무도 고르지 않은 오답지', negative_discrimination: '음의 변별도' } as Record<
      string,
      string
    >;
    for (const flagged of analysis.items) {
      const row = rows.find((r) => r[1] === flagged.no)!;
      expect(row[flagsColumn] ?? '').toBe(flagged.flags.map((flag: string) => labels[flag]).join(', '));
    }
    expect(analysis.items.some((i: { flags: string[] }) => i.flags.includes('unchosen_distractor'))).toBe(true);
    expect(String(rows.find((row) => row[1] === 4)![flagsColumn])).toContain('정답 오류 의심');
  });

  it("a problem's class distribution counts approved members' first answers", async () => {
    const body = (await get(`/v1/problem/${problems[0]}/stats`, members[4]!)).json();
    expect(body.answers).toBe(11);
    expect(body.correct_rate).toBe(0.727);
    expect(body.options.map((o: { option: string; count: number }) => [o.option, o.count])).toEqual([
      ['①', 2],
      ['②', 1],
      ['③', 8],
      ['④', 0],
      ['⑤', 0],
    ]);
    expect(body.options[0].rate).toBe(0.182);
    const under = (await get(`/v1/problem/${sparse}/stats`, members[4]!)).json();
    expect(under).toEqual({
      answers: 4,
      correct_rate: null,
      min_answers: 5,
      options: ['①', '②', '③', '④', '⑤'].map((option) => ({ option, count: null, rate: null })),
      voided: false,
    });
    expect((await get('/v1/problem/999999/stats', members[4]!)).statusCode).toBe(404);
  });

  it('percentile among the grade, from solve-mode first passes of those who completed the exam', async () => {
    // Solve-mode completers of grade 2: everyone but M3 (session) → 9; M5 scored 2: 3 below, 3 tied (M5 too).
    const m5 = (await get(`/v1/stats/me/tests/${exam}`, members[4]!)).json();
    expect(m5).toEqual({
      test_code: exam,
      scored_count: 4,
      answered: 4,
      correct: 2,
      completed: true,
      peers: 9,
      min_peers: 5,
      percentile: ((3 + 3 / 2) / 9) * 100,
    });
    const m3 = (await get(`/v1/stats/me/tests/${exam}`, members[2]!)).json();
    expect(m3).toMatchObject({ answered: 0, completed: false, percentile: null, peers: 0 });
    const few = (await get(`/v1/stats/me/tests/${exam2}`, members[0]!)).json();
    // M1 completed exam 2 but alone in the grade: no percentile before five have.
    expect(few).toMatchObject({ scored_count: 3, answered: 3, correct: 2, completed: true, peers: 1, percentile: null });
  });

  it("a member's own stats: first answers by subject (weakest first), activity, streak and exams", async () => {
    const response = await get('/v1/stats/me', members[0]!);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.totals).toEqual({ answered: 8, correct: 6, self_judged: 1 });
    // 생리학: p5 wrong, p6 right (self), p7 right, sparse right → 3/4; 해부학 3/4 too, tie broken by answers then code.
    expect(body.by_subject.map((s: { subject_name: string; answered: number; correct: number }) => [s.subject_name, s.answered, s.correct])).toEqual([
      ['해부학', 4, 3],
      ['생리학', 4, 3],
    ]);
    expect(body.by_day.map((d: { answered: number; correct: number }) => [d.answered, d.correct])).toEqual([
      [5, 4],
      [2, 0],
      [1, 1],
    ]);
    expect(body.by_day.at(-1).date).toBe(body.today);
    expect(body.streak_days).toBe(3);
    expect(
      body.by_test.map((x: { test_code: number; problem_count: number; answered: number; correct: number }) => [
        x.test_code,
        x.problem_count,
        x.answered,
        x.correct,
      ]),
    ).toEqual([
      [exam2, 4, 4, 3],
      [exam, 5, 4, 3],
    ]);
  });

  it("marks the exams completed in solve mode, which have a percentile, in a member's own stats (issue 26 item 11)", async () => {
    const completedOf = async (who: MemberRow) =>
      Object.fromEntries((await get('/v1/stats/me', who)).json().by_test.map((x: { test_code: number; completed: boolean }) => [x.test_code, x.completed]));
    // M1 answered every scored problem of both exams in solve mode; M3 answered exam 1 in a study
    // session (and one problem of exam 2); the late member answered two of exam 1's four.
    expect(await completedOf(members[0]!)).toEqual({ [exam]: true, [exam2]: true });
    expect(await completedOf(members[2]!)).toEqual({ [exam]: false, [exam2]: false });
    expect(await completedOf(late)).toEqual({ [exam]: false });
    // The same answer as the exam's own figures give.
    for (const who of [members[0]!, members[2]!, late]) {
      expect((await get(`/v1/stats/me/tests/${exam}`, who)).json().completed).toBe((await completedOf(who))[exam]);
    }
  });

  it('an empty member has empty stats', async () => {
    const fresh = await createMember(t.db);
    expect((await get('/v1/stats/me', fresh)).json()).toMatchObject({
      totals: { answered: 0, correct: 0, self_judged: 0 },
      by_subject: [],
      by_day: [],
      streak_days: 0,
      by_test: [],
    });
  });

  it('days are Asia/Seoul days', async () => {
    const member = await createMember(t.db);
    await answer(member, p5, '①', true, { creation_time: '2020-01-01T14:59:59.000Z' });
    await answer(member, p5, '①', true, { creation_time: '2020-01-01T15:00:00.000Z' });
    expect(await myAnswersByDay(t.db, t.dialect, member.code)).toEqual([
      { date: '2020-01-01', answered: 1, correct: 1 },
      { date: '2020-01-02', answered: 1, correct: 1 },
    ]);
  });

  it('a voided problem (문항 무효) leaves every figure, and comes back when un-voided', async () => {
    const before = (await get('/v1/stats/me', members[0]!)).json().totals;
    await t.db.updateTable('problems').set({ is_voided: 1 }).where('uid', '=', problems[0]!).execute();
    try {
      const after = (await get('/v1/stats/me', members[0]!)).json().totals;
      expect(after.answered).toBe(before.answered - 1);
      expect(after.correct).toBe(before.correct - 1); // M1 had P1 right
      const analysis = (await get(`/v1/test/${exam}/item-analysis`, lead)).json();
      expect(analysis.items.map((item: { uid: number }) => item.uid)).not.toContain(problems[0]);
    } finally {
      await t.db.updateTable('problems').set({ is_voided: 0 }).where('uid', '=', problems[0]!).execute();
    }
    expect((await get('/v1/stats/me', members[0]!)).json().totals).toEqual(before);
  });

  it('privacy: no member is named in what a student sees; no way to ask for another member', async () => {
    const seen = [
      (await get('/v1/stats/me', members[4]!)).body,
      (await get(`/v1/problem/${problems[0]}/stats`, members[4]!)).body,
      (await get(`/v1/stats/me/tests/${exam}`, members[4]!)).body,
    ].join('\n');
    for (const other of [...members.filter((m) => m.code !== members[4]!.code), late, unapproved]) {
      for (const field of [other.id, other.name, other.nickname]) expect(seen).not.toContain(field);
    }
    for (const url of [`/v1/stats/me?member_code=${members[0]!.code}`, `/v1/stats/me?id=${members[0]!.id}`]) {
      const response = await get(url, members[4]!);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/[가-힣]/);
    }
    expect((await get(`/v1/test/${exam}/item-analysis`, members[4]!)).statusCode).toBe(403);
    expect((await get(`/v1/test/${exam}/item-analysis/xlsx`, members[4]!)).statusCode).toBe(403);
  });
});
