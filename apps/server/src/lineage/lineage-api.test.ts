import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProblem, createSubject, createTest } from '../testing/factories';
import { callAs, createTestContext, roleCookies, testDialects, type TestContext } from '../testing/harness';
import { FingerprintCache } from './detect';
import { detectQueued } from './service';

const CIRCLED = ['①', '②', '③', '④', '⑤'];
const CASE =
  '65세 남자가 3일 전부터 시작된 가슴 통증으로 응급실에 왔다. 혈압 90/60 mmHg, 맥박 110회/분이었다. 심전도에서 II, III, aVF 유도의 ST분절 상승이 관찰되었다.';
const TREATMENTS = ['니트로글리세린 투여', '관상동맥중재술', '베타차단제 투여', '경과관찰', '항응고제 단독 투여'];
const options = (list: string[]) => list.map((o, i) => `${CIRCLED[i]} ${o}`).join('\n');

describe.each(testDialects)('lineage API on %s', (dialect) => {
  let t: TestContext;
  let cookies: Awaited<ReturnType<typeof roleCookies>>;
  const uid: Record<string, number> = {};
  let subject: number;

  async function detect() {
    const cache = new FingerprintCache();
    while ((await detectQueued(t.db, cache, 100)) > 0);
  }
  const lineage = async (problem: number, cookie: string) => (await callAs(t.app, 'GET', `/v1/problem/${problem}/lineage`, cookie)).json();

  beforeAll(async () => {
    t = await createTestContext(dialect);
    cookies = await roleCookies(t.app, t.db);
    subject = await createSubject(t.db, { subject_name: '순환기학' });
    const exams = [];
    for (const [year, test_name] of [
      [2019, '2019 중간고사'],
      [2021, '2021 중간고사'],
      [2024, '2024 기말고사'],
    ] as const)
      exams.push(await createTest(t.db, { subject_code: subject, year, test_name }));
    const put = (test_code: number, no: number, question: string, list: string[], key: number) =>
      createProblem(t.db, { test_code, no, question: `<p>${question}</p>`, illustration: options(list), answer: CIRCLED[key - 1]!, choice_type: 5 });
    uid.y2019 = await put(exams[0]!, 1, `${CASE} 가장 적절한 치료는?`, TREATMENTS, 2);
    uid.y2021 = await put(exams[1]!, 3, `${CASE} 가장 적절한 치료는?`, [...TREATMENTS].reverse(), 4);
    uid.y2024 = await put(exams[2]!, 7, `${CASE.replace('65세', '68세')} 가장 적절한 치료는?`, TREATMENTS, 2);
    // A weak variant: the stem reworded and two distractors new (a suggestion, below 0.9).
    uid.weak = await put(
      exams[2]!,
      8,
      `${CASE.replace('남자가', '남성이').replace('응급실에 왔다', '응급실을 방문하였다').replace('관찰되었다', '보였다')} 가장 적절한 치료는?`,
      [TREATMENTS[0]!, TREATMENTS[1]!, TREATMENTS[2]!, '혈전용해제 투여', '대동맥내풍선펌프'],
      2,
    );
    uid.lone = await put(
      exams[0]!,
      9,
      '라론드 보고서에 제시된 건강결정요인 중 개인이 통제할 수 있는 요인은?',
      ['생활습관', '유전', '환경', '보건의료체계', '소득'],
      1,
    );
    await detect();
  });
  afterAll(async () => t?.close());

  it('shows a student the lineage over confirmed and strong links, by year, without suggestions', async () => {
    const weakLink = await t.db
      .selectFrom('lineage_links')
      .select(['similarity', 'decision'])
      .where('problem_b', '=', uid.weak!)
      .where('problem_a', '=', uid.y2019!)
      .executeTakeFirst();
    expect(weakLink?.similarity).toBeLessThan(0.9);
    const body = await lineage(uid.y2021!, cookies.student);
    expect(body.lineage.code).toBe(uid.y2019);
    expect(body.lineage.members.map((m: { year: number; no: number }) => [m.year, m.no])).toEqual([
      [2019, 1],
      [2021, 3],
      [2024, 7],
    ]);
    expect(body.lineage.members.every((m: { confirmed: boolean }) => m.confirmed)).toBe(true);
    expect(body.lineage.members.find((m: { uid: number }) => m.uid === uid.y2019)).toMatchObject({
      relation: 'same',
      test_name: '2019 중간고사',
      keys_agree: true,
    });
    expect(body.lineage.members.find((m: { uid: number }) => m.uid === uid.y2021)).toMatchObject({ relation: null, similarity: null });
    expect(JSON.stringify(await lineage(uid.weak!, cookies.student))).toBe(JSON.stringify({ lineage: null }));
    expect(await lineage(uid.lone!, cookies.student)).toEqual({ lineage: null });
  });

  it('shows a lead the suggestion, unconfirmed', async () => {
    const body = await lineage(uid.y2019!, cookies.lead);
    expect(body.lineage.members.find((m: { uid: number }) => m.uid === uid.weak)).toMatchObject({ confirmed: false, relation: 'variant' });
  });

  it('lists lineages most frequent first, filtered by subject and size', async () => {
    const body = (await callAs(t.app, 'GET', `/v1/lineages?subject_code=${subject}&min_size=3&sort=frequency`, cookies.student)).json();
    expect(body).toMatchObject({ total: 1, lineages: [{ code: uid.y2019, size: 3, years: [2019, 2021, 2024] }] });
    expect(body.lineages[0].question_text).toContain('가장 적절한 치료는?');
    expect((await callAs(t.app, 'GET', `/v1/lineages?min_size=4`, cookies.student)).json()).toMatchObject({ total: 0, lineages: [] });
  });

  it('answers a chunk of problems with the 출제 N회 of each and years, in one call', async () => {
    const asked = [uid.y2019, uid.y2024, uid.weak, uid.lone].join(',');
    const body = (await callAs(t.app, 'GET', `/v1/lineages/summary?uids=${asked}`, cookies.student)).json();
    expect(body).toEqual({
      summaries: [
        { uid: uid.y2019, count: 3, years: [2019, 2021, 2024] },
        { uid: uid.y2024, count: 3, years: [2019, 2021, 2024] },
      ],
    });
    const bad = await callAs(t.app, 'GET', '/v1/lineages/summary?uids=1,x', cookies.student);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/[가-힣]/);
  });

  it('a lead confirms a suggestion; students see it, and it survives a whole-bank run', async () => {
    const confirmed = await callAs(t.app, 'POST', '/v1/lineage/links/confirm', cookies.lead, { problem_a: uid.weak, problem_b: uid.y2019 });
    expect(confirmed.statusCode).toBe(200);
    expect((await lineage(uid.weak!, cookies.student)).lineage.members).toHaveLength(4);
    const run = await callAs(t.app, 'POST', '/v1/lineages/run', cookies.lead);
    expect(run.json()).toMatchObject({ waiting: 5, total: 5 });
    await detect();
    expect((await callAs(t.app, 'GET', '/v1/lineages/progress', cookies.lead)).json()).toMatchObject({ waiting: 0, total: 5 });
    expect((await lineage(uid.weak!, cookies.student)).lineage.members).toHaveLength(4);
  });

  it('a lead splits a problem out, and the split survives a rerun; a merge joins it back', async () => {
    const split = await callAs(t.app, 'POST', `/v1/problem/${uid.y2024}/lineage/split`, cookies.lead);
    expect(split.statusCode).toBe(200);
    await callAs(t.app, 'POST', '/v1/lineages/run', cookies.lead);
    await detect();
    expect(await lineage(uid.y2024!, cookies.student)).toEqual({ lineage: null });
    expect((await lineage(uid.y2019!, cookies.student)).lineage.members).toHaveLength(3);

    const merged = await callAs(t.app, 'POST', '/v1/lineages/merge', cookies.lead, { problem_a: uid.lone, problem_b: uid.y2024, relation: 'variant' });
    expect(merged.statusCode).toBe(200);
    expect((await lineage(uid.lone!, cookies.student)).lineage.members.map((m: { uid: number }) => m.uid).sort()).toEqual([uid.lone, uid.y2024].sort());
  });

  it('a lead rejects a link; detection does not bring it back', async () => {
    const rejected = await callAs(t.app, 'POST', '/v1/lineage/links/reject', cookies.lead, { problem_a: uid.y2019, problem_b: uid.y2021 });
    expect(rejected.statusCode).toBe(200);
    await callAs(t.app, 'POST', '/v1/lineages/run', cookies.lead);
    await detect();
    const link = await t.db
      .selectFrom('lineage_links')
      .select(['decision', 'detected'])
      .where('problem_a', '=', uid.y2019!)
      .where('problem_b', '=', uid.y2021!)
      .executeTakeFirst();
    expect(link).toEqual({ decision: 'rejected', detected: 1 });
  });

  it('refuses bad input with a Korean message, and an undetected pair with 404', async () => {
    const same = await callAs(t.app, 'POST', '/v1/lineage/links/confirm', cookies.lead, { problem_a: uid.y2019, problem_b: uid.y2019 });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toMatch(/서로 다른 두 문제/);
    const sort = await callAs(t.app, 'GET', '/v1/lineages?sort=newest', cookies.student);
    expect(sort.statusCode).toBe(400);
    expect(sort.json().message).toMatch(/[가-힣]/);
    const undetected = await callAs(t.app, 'POST', '/v1/lineage/links/confirm', cookies.lead, { problem_a: uid.lone, problem_b: uid.y2021 });
    expect(undetected.statusCode).toBe(404);
    expect(undetected.json().message).toMatch(/병합/);
    expect((await callAs(t.app, 'GET', '/v1/problem/99999999/lineage', cookies.student)).statusCode).toBe(404);
  });
});
