import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validationMessages } from '@qbank/shared/messages';
import { studyMessages } from '@qbank/shared/study';
import { createClass, createProblem, createSubject, createTest } from '../testing/factories';
import { callAs, createMember, createTestContext, loginCookie, roleCookies, testDialects, type TestContext } from '../testing/harness';
import { redrawLineages } from './detect';
import { upsertDetectedLink } from './repository';

// 빈출 on the lists (issue 28 item 3, decision 190): an exam's and a class's problems sorted by how
// often they were asked (빈출순) or only those asked twice or more (반복 출제만), how much of a class
// recurs, and the builder's count under 한 계열에 한 문제.

describe.each(testDialects)('lineages on the problem lists on %s', (dialect) => {
  let t: TestContext;
  let lead: string;
  let student: string;
  let exam2024: number;
  let klass: number;
  /** three: one question in 2019, 2021 and 2024; two: a 2021 question and its 2024 variant. */
  const three: number[] = [];
  const two: number[] = [];
  /** 2024's problems in no lineage (numbers 1 and 4). */
  const singles: number[] = [];
  /** A 2024 problem with only an undecided weak link to a 2019 one: students see no lineage. */
  let weak: number;

  const list = (query: string, cookie = student) => callAs(t.app, 'GET', `/v1/problem?${query}`, cookie);
  const uidsOf = async (query: string) => {
    const response = await list(query);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { problem: { uid: number }[]; problem_count: number };
    return { uids: body.problem.map((p) => p.uid), total: body.problem_count };
  };
  const merge = async (a: number, b: number, relation: 'same' | 'variant') =>
    expect((await callAs(t.app, 'POST', '/v1/lineages/merge', lead, { problem_a: a, problem_b: b, relation })).statusCode).toBe(200);

  beforeAll(async () => {
    t = await createTestContext(dialect);
    lead = (await roleCookies(t.app, t.db)).lead;
    const member = await createMember(t.db);
    student = await loginCookie(t.app, member.id);
    const subject = await createSubject(t.db, { subject_name: '순환기학' });
    const exams = new Map<number, number>();
    for (const year of [2019, 2021, 2024]) exams.set(year, await createTest(t.db, { subject_code: subject, year, test_name: `${year} 기말고사` }));
    exam2024 = exams.get(2024)!;
    const put = (year: number, no: number) => createProblem(t.db, { test_code: exams.get(year)!, no, question: `<p>${year}년 문제 ${no}</p>`, answer: '③' });
    singles.push(await put(2024, 1));
    for (const year of [2019, 2021, 2024]) three.push(await put(year, year === 2024 ? 3 : 1));
    two.push(await put(2021, 2), await put(2024, 2));
    singles.push(await put(2024, 4));
    weak = await put(2024, 5);
    const weakPartner = await put(2019, 5);
    await merge(three[0]!, three[1]!, 'same');
    await merge(three[1]!, three[2]!, 'same');
    await merge(two[0]!, two[1]!, 'variant');
    // Detection's weak suggestion, undecided: students see no lineage from it.
    await upsertDetectedLink(t.db, weak, weakPartner, { relation: 'variant', similarity: 0.6, keysAgree: true }, '2026-01-01');
    await redrawLineages(t.db, [weak, weakPartner]);
    // The 2024 class holds every 2024 problem.
    klass = await createClass(t.db, { subject_code: subject, problems: [singles[0]!, three[2]!, two[1]!, singles[1]!, weak] });
  });
  afterAll(async () => t?.close());

  it('빈출순: most appearances first, ties in the usual order; without it the usual order', async () => {
    const usual = await uidsOf(`test_code=${exam2024}`);
    expect(usual.uids).toEqual([singles[0], two[1], three[2], singles[1], weak]);
    const ranked = await uidsOf(`test_code=${exam2024}&sort=frequency`);
    expect(ranked.uids).toEqual([three[2], two[1], singles[0], singles[1], weak]);
    expect(ranked.total).toBe(5);
    // Paged: the order holds across pages.
    const first = await uidsOf(`test_code=${exam2024}&sort=frequency&limit=2&page=1`);
    const second = await uidsOf(`test_code=${exam2024}&sort=frequency&limit=2&page=2`);
    expect([...first.uids, ...second.uids]).toEqual(ranked.uids.slice(0, 4));
    // A class list across exams too.
    expect((await uidsOf(`class_heritage_code=${klass}&sort=frequency`)).uids.slice(0, 2)).toEqual([three[2], two[1]]);
  });

  it('반복 출제만: only problems asked twice or more, as their badges count; an undecided weak link is not one', async () => {
    const recurring = await uidsOf(`test_code=${exam2024}&recurring=1`);
    expect(recurring.uids).toEqual([two[1], three[2]]);
    expect(recurring.total).toBe(2);
    expect((await uidsOf(`class_heritage_code=${klass}&recurring=1&sort=frequency`)).uids).toEqual([three[2], two[1]]);
    // The badges say the same: 출제 3회 and 출제 2회, and nothing for the others.
    const summaries = (await callAs(t.app, 'GET', `/v1/lineages/summary?uids=${[...singles, three[2], two[1], weak].join(',')}`, student)).json().summaries as {
      uid: number;
      count: number;
    }[];
    expect(new Map(summaries.map((s) => [s.uid, s.count]))).toEqual(
      new Map([
        [three[2], 3],
        [two[1], 2],
      ]),
    );
    // With a search inside the exam, still only the recurring hits.
    expect((await uidsOf(`test_code=${exam2024}&recurring=1&q=${encodeURIComponent('문제 3')}`)).uids).toEqual([three[2]]);
  });

  it('a member no reader sees does not count: an emptied 2019 slot makes 출제 2회', async () => {
    await t.db.updateTable('problems').set({ is_vacant: 2 }).where('uid', '=', three[0]!).execute();
    try {
      const ranked = await uidsOf(`test_code=${exam2024}&sort=frequency`);
      // 2 and 2: the tie keeps the usual order (number 2 before number 3).
      expect(ranked.uids.slice(0, 2)).toEqual([two[1], three[2]]);
      expect((await callAs(t.app, 'GET', `/v1/lineages/class/${klass}`, student)).json()).toEqual({ class_code: klass, problem_count: 5, recurring_count: 2 });
    } finally {
      await t.db.updateTable('problems').set({ is_vacant: 0 }).where('uid', '=', three[0]!).execute();
    }
  });

  it('the lists are read afresh: a lead merge shows at once, with no content write', async () => {
    expect((await uidsOf(`test_code=${exam2024}&recurring=1`)).total).toBe(2);
    const partner = three[0]!;
    await merge(singles[1]!, partner, 'variant');
    try {
      expect((await uidsOf(`test_code=${exam2024}&recurring=1`)).uids).toEqual([two[1], three[2], singles[1]]);
      expect((await uidsOf(`test_code=${exam2024}&sort=frequency`)).uids.slice(0, 2)).toEqual([three[2], singles[1]]);
    } finally {
      expect((await callAs(t.app, 'POST', `/v1/problem/${singles[1]}/lineage/split`, lead)).statusCode).toBe(200);
    }
    expect((await uidsOf(`test_code=${exam2024}&recurring=1`)).total).toBe(2);
  });

  it('bad values are refused in Korean; 빈출 needs an exam or a class', async () => {
    const sort = await list(`test_code=${exam2024}&sort=newest`);
    expect(sort.statusCode).toBe(400);
    expect(sort.json().message).toContain(validationMessages.problemSortInvalid);
    const recurring = await list(`test_code=${exam2024}&recurring=yes`);
    expect(recurring.statusCode).toBe(400);
    expect(recurring.json().message).toContain(validationMessages.problemRecurringInvalid);
    const bank = await list(`q=${encodeURIComponent('문제')}&sort=frequency`);
    expect(bank.statusCode).toBe(400);
    expect(bank.json().message).toContain(validationMessages.problemFrequencyNeedsList);
  });

  it('a class shows how much of it recurs (readable problems only); 404 for no class; members only', async () => {
    const figures = await callAs(t.app, 'GET', `/v1/lineages/class/${klass}`, student);
    expect(figures.statusCode, figures.body).toBe(200);
    expect(figures.json()).toEqual({ class_code: klass, problem_count: 5, recurring_count: 2 });
    expect((await callAs(t.app, 'GET', '/v1/lineages/class/999999', student)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/v1/lineages/class/${klass}` })).statusCode).toBe(401);
  });

  it("the builder's count honours 한 계열에 한 문제: a lineage counts once", async () => {
    const count = async (query: string) => {
      const response = await callAs(t.app, 'GET', `/v1/study/sessions/count?${query}`, student);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().count as number;
    };
    // Nine problems: the three-year lineage (3 → 1), the pair (2 → 1), the weak pair and 2024's two singles (4).
    const all = await count('');
    const each = await count('one_per_lineage=true');
    expect(all - each).toBe(3);
    expect(await count('one_per_lineage=false')).toBe(all);
    expect(await count(`test_codes=${exam2024}&one_per_lineage=true`)).toBe(5);
    // Kept in the member cache, the count follows a lead's merge and split at once (decision 211).
    await merge(singles[0]!, singles[1]!, 'variant');
    try {
      expect(await count('one_per_lineage=true')).toBe(each - 1);
    } finally {
      expect((await callAs(t.app, 'POST', `/v1/problem/${singles[0]}/lineage/split`, lead)).statusCode).toBe(200);
    }
    expect(await count('one_per_lineage=true')).toBe(each);
    // A session drawn with it takes exactly that many.
    const session = await callAs(t.app, 'POST', '/v1/study/sessions', student, {
      filter: 'all',
      mode: 'tutor',
      count: 200,
      order: 'frequency',
      one_per_lineage: true,
    });
    expect(session.json().session.problem_uids).toHaveLength(each);
    const bad = await callAs(t.app, 'GET', '/v1/study/sessions/count?one_per_lineage=1', student);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(studyMessages.onePerLineageInvalid);
  });
});
