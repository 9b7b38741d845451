import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studyMessages } from '@qbank/shared/study';
import { createDetectedLink, createProblem, createSubject, createTest } from '../testing/factories';
import { callAs, createMember, createTestContext, loginCookie, roleCookies, testDialects, type TestContext } from '../testing/harness';

// Studying with lineages (issue 28 item 4, decision 173): 빈출 우선, 한 계열에 한 문제, and the review
// deck holding back the second `same` problem of a lineage for the day.

const DAY = 86_400_000;

describe.each(testDialects)('study with lineages on %s', (dialect) => {
  let t: TestContext;
  let lead: string;
  let student: { code: number; cookie: string };
  /** three: one question in 2019, 2021 and 2024 (`same`); two: a 2021 question and its 2024 variant; singles: no lineage. */
  const three: number[] = [];
  const two: number[] = [];
  const singles: number[] = [];

  const create = (payload: object) => callAs(t.app, 'POST', '/v1/study/sessions', student.cookie, payload);
  const drawn = async (payload: object): Promise<number[]> => {
    const response = await create({ filter: 'all', mode: 'tutor', ...payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().session.problem_uids;
  };
  const lineageOf = (uid: number) => (three.includes(uid) ? 'three' : two.includes(uid) ? 'two' : `single ${uid}`);
  const merge = async (a: number, b: number, relation: 'same' | 'variant') =>
    expect((await callAs(t.app, 'POST', '/v1/lineages/merge', lead, { problem_a: a, problem_b: b, relation })).statusCode).toBe(200);
  /** A wrong answer two days ago: the card is due now. */
  const wrongTwoDaysAgo = (uid: number) =>
    t.db
      .insertInto('solve_attempts')
      .values({
        member_code: student.code,
        problem_uid: uid,
        answer: '①',
        is_correct: 0,
        creation_time: new Date(Date.now() - 2 * DAY).toISOString(),
        source: 'session',
      })
      .execute();
  const deck = async () =>
    (await callAs(t.app, 'GET', '/v1/study/review', student.cookie)).json() as { due_count: number; problems: { problem_uid: number }[] };

  beforeAll(async () => {
    t = await createTestContext(dialect);
    lead = (await roleCookies(t.app, t.db)).lead;
    const member = await createMember(t.db);
    student = { code: member.code, cookie: await loginCookie(t.app, member.id) };
    const subject = await createSubject(t.db, { subject_name: '순환기학' });
    const exams: number[] = [];
    for (const year of [2019, 2021, 2024]) exams.push(await createTest(t.db, { subject_code: subject, year, test_name: `${year} 기말고사` }));
    const put = (exam: number, no: number) =>
      createProblem(t.db, { test_code: exam, no, question: `<p>문제 ${no}</p>`, illustration: '① 가\n② 나\n③ 다', answer: '③' });
    for (const exam of exams) three.push(await put(exam, 1));
    two.push(await put(exams[1]!, 2), await put(exams[2]!, 2));
    for (let no = 3; no <= 5; no++) singles.push(await put(exams[0]!, no));
    await merge(three[0]!, three[1]!, 'same');
    await merge(three[1]!, three[2]!, 'same');
    await merge(two[0]!, two[1]!, 'variant');
  });
  afterAll(async () => t?.close());

  it('빈출 우선 draws and shows the most-repeated lineage first, its members side by side', async () => {
    for (let round = 0; round < 3; round++) {
      const uids = await drawn({ count: 5, order: 'frequency' });
      expect(uids.map(lineageOf)).toEqual(['three', 'three', 'three', 'two', 'two']);
      expect(new Set(uids.slice(0, 3))).toEqual(new Set(three));
    }
    const all = await drawn({ count: 200, order: 'frequency' });
    expect(all).toHaveLength(8);
    expect(new Set(all.slice(5))).toEqual(new Set(singles));
    const summary = (await callAs(t.app, 'GET', '/v1/study/sessions', student.cookie)).json().sessions[0];
    expect(summary.order).toBe('frequency');
  });

  it('한 계열에 한 문제 draws at most one problem of each lineage, in every order', async () => {
    for (const order of ['random', 'exam', 'frequency']) {
      const uids = await drawn({ count: 200, order, one_per_lineage: true });
      expect(uids).toHaveLength(5);
      expect(new Set(uids.map(lineageOf)).size).toBe(5);
    }
    const frequent = await drawn({ count: 2, order: 'frequency', one_per_lineage: true });
    expect(frequent.map(lineageOf)).toEqual(['three', 'two']);
    // Off (the default), a lineage's members may all be drawn.
    expect(await drawn({ count: 200, order: 'random' })).toHaveLength(8);
  });

  it('refuses bad values with a Korean 400', async () => {
    const badOrder = await create({ filter: 'all', mode: 'tutor', count: 5, order: 'often' });
    expect(badOrder.statusCode).toBe(400);
    expect(badOrder.json().message).toBe(studyMessages.orderInvalid);
    const badOption = await create({ filter: 'all', mode: 'tutor', count: 5, order: 'random', one_per_lineage: 'yes' });
    expect(badOption.statusCode).toBe(400);
    expect(badOption.json().message).toBe(studyMessages.onePerLineageInvalid);
  });

  it('the review deck shows one `same` problem of a lineage a day; variants and weak suggestions are not held back', async () => {
    for (const uid of [three[0]!, three[1]!, two[0]!, two[1]!, singles[0]!, singles[1]!]) await wrongTwoDaysAgo(uid);
    // An undecided weak `same` suggestion between the two singles: students do not see it.
    await createDetectedLink(t.db, { problem_a: singles[0]!, problem_b: singles[1]!, relation: 'same', similarity: 0.6 });

    const before = await deck();
    const shown = before.problems.map((row) => row.problem_uid);
    expect(shown.filter((uid) => three.includes(uid))).toHaveLength(1);
    expect(shown).toEqual(expect.arrayContaining([two[0], two[1], singles[0], singles[1]]));
    expect(shown).toHaveLength(5);
    expect(before.due_count).toBe(5);

    // Reviewed today, the first keeps its partner out of today's deck.
    const first = shown.find((uid) => three.includes(uid))!;
    expect((await callAs(t.app, 'POST', `/v1/study/review/${first}`, student.cookie, { answer: '③', rating: 'good' })).statusCode).toBe(201);
    const after = (await deck()).problems.map((row) => row.problem_uid);
    expect(after.filter((uid) => three.includes(uid))).toEqual([]);
    expect(after).toHaveLength(4);
    // Each problem keeps its own card (stats and item analysis count it as before).
    const cards = await t.db.selectFrom('review_cards').select('problem_uid').where('member_code', '=', student.code).execute();
    expect(cards.map((card) => card.problem_uid)).toEqual(expect.arrayContaining([three[0], three[1]]));

    // The deck comes from the member cache; a lead confirming the weak pair changes no card, and the
    // deck holds one of the two back at once (the lineage version, decision 211).
    const hits = t.app.ctx.memberCache.stats.hits;
    expect((await deck()).problems).toHaveLength(4);
    expect(t.app.ctx.memberCache.stats.hits).toBe(hits + 1);
    expect((await callAs(t.app, 'POST', '/v1/lineage/links/confirm', lead, { problem_a: singles[0], problem_b: singles[1] })).statusCode).toBe(200);
    const confirmed = (await deck()).problems.map((row) => row.problem_uid);
    expect(confirmed.filter((uid) => uid === singles[0] || uid === singles[1])).toHaveLength(1);
  });
});
