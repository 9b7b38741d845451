import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProblem, createSubject, createTest } from '../testing/factories';
import { callAs, createTestContext, roleCookies, testDialects, type TestContext } from '../testing/harness';
import { FingerprintCache } from './detect';
import { detectQueued } from './service';

const CIRCLED = ['①', '②', '③', '④', '⑤'];
const CASE =
  '65세 남자가 3일 전부터 시작된 가슴 통증으로 응급실에 왔다. 혈압 90/60 mmHg, 맥박 110회/분이었다. 심전도에서 II, III, aVF 유도의 ST분절 상승이 관찰되었다.';
const TREATMENTS = ['니트로글리세린 투여', '관상동맥중재술', '베타차단제 투여', '경과관찰', '항응고제 단독 투여'];
const LALONDE = '라론드 보고서에 제시된 건강결정요인 중 개인이 통제할 수 있는 요인은?';
const FACTORS = ['생활습관', '유전', '환경', '보건의료체계', '소득'];
const options = (list: string[]) => list.map((o, i) => `${CIRCLED[i]} ${o}`).join('\n');

// Issue 28 item 7: the lead's dispute queue and the item analysis flag a lineage whose `same`
// problems are keyed to different answers; the same answer under another option number is not flagged.
describe.each(testDialects)('keys that disagree on %s', (dialect) => {
  let t: TestContext;
  let cookies: Awaited<ReturnType<typeof roleCookies>>;
  const uid: Record<string, number> = {};
  const exams: number[] = [];

  beforeAll(async () => {
    t = await createTestContext(dialect);
    cookies = await roleCookies(t.app, t.db);
    const subject = await createSubject(t.db, { subject_name: '순환기학' });
    for (const [year, test_name] of [
      [2019, '2019 중간고사'],
      [2021, '2021 중간고사'],
    ] as const)
      exams.push(await createTest(t.db, { subject_code: subject, year, test_name }));
    const put = (test_code: number, no: number, question: string, list: string[], key: number) =>
      createProblem(t.db, { test_code, no, question: `<p>${question}</p>`, illustration: options(list), answer: CIRCLED[key - 1]!, choice_type: 5 });
    // The same answer text (관상동맥중재술) under another option number: keys agree.
    uid.moved2019 = await put(exams[0]!, 1, `${CASE} 가장 적절한 치료는?`, TREATMENTS, 2);
    uid.moved2021 = await put(exams[1]!, 1, `${CASE} 가장 적절한 치료는?`, [...TREATMENTS].reverse(), 4);
    // The same question keyed 생활습관 in 2019 and 유전 in 2021: keys disagree.
    uid.keyed2019 = await put(exams[0]!, 2, LALONDE, FACTORS, 1);
    uid.keyed2021 = await put(exams[1]!, 2, LALONDE, FACTORS, 2);
    const cache = new FingerprintCache();
    while ((await detectQueued(t.db, cache, 100)) > 0);
    for (const problem of [uid.moved2021!, uid.keyed2021!]) {
      const filed = await callAs(t.app, 'POST', `/v1/problem/${problem}/disputes`, cookies.student, { claimed_answer: '③', reason: '교과서와 다릅니다.' });
      expect(filed.statusCode).toBe(201);
    }
  });
  afterAll(async () => t?.close());

  const versions = () => [
    { uid: uid.keyed2019, test_code: exams[0], test_name: '2019 중간고사', year: 2019, no: 2, answer: '①' },
    { uid: uid.keyed2021, test_code: exams[1], test_name: '2021 중간고사', year: 2021, no: 2, answer: '②' },
  ];

  it('flags the disputed problem whose `same` versions are keyed differently, in the lead queue', async () => {
    const response = await callAs(t.app, 'GET', '/v1/disputes?status=open', cookies.lead);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.disputes).toHaveLength(2);
    expect(body.key_conflicts).toEqual([{ problem_uid: uid.keyed2021, versions: versions() }]);
  });

  it('flags each such item of the analysis, and not the one keyed at another option number', async () => {
    // Both pairs are linked `same`; only the text of the key tells them apart.
    const links = await t.db.selectFrom('lineage_links').select(['problem_a', 'relation', 'keys_agree', 'similarity']).execute();
    expect(links.find((link) => link.problem_a === uid.moved2019)).toMatchObject({ relation: 'same', keys_agree: 1 });
    expect(links.find((link) => link.problem_a === uid.keyed2019)).toMatchObject({ relation: 'same', keys_agree: 0 });
    for (const [index, year] of [
      [0, 2019],
      [1, 2021],
    ] as const) {
      const response = await callAs(t.app, 'GET', `/v1/test/${exams[index]}/item-analysis`, cookies.lead);
      expect(response.statusCode).toBe(200);
      const items: { uid: number; key_conflict: unknown[] }[] = response.json().items;
      expect(items.find((item) => item.uid === uid[`keyed${year}`])?.key_conflict).toEqual(versions());
      expect(items.find((item) => item.uid === uid[`moved${year}`])?.key_conflict).toEqual([]);
    }
  });

  it('drops the flag once a lead rejects the link, past the cached analysis', async () => {
    await callAs(t.app, 'GET', `/v1/test/${exams[0]}/item-analysis`, cookies.lead);
    await t.db
      .updateTable('lineage_links')
      .set({ decision: 'rejected' })
      .where('problem_a', '=', uid.keyed2019!)
      .where('problem_b', '=', uid.keyed2021!)
      .execute();
    const items: { uid: number; key_conflict: unknown[] }[] = (await callAs(t.app, 'GET', `/v1/test/${exams[0]}/item-analysis`, cookies.lead)).json().items;
    expect(items.find((item) => item.uid === uid.keyed2019)?.key_conflict).toEqual([]);
    expect((await callAs(t.app, 'GET', '/v1/disputes?status=open', cookies.lead)).json().key_conflicts).toEqual([]);
  });
});
