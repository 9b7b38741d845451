import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTest } from '../testing/factories';
import type { roleCookies } from '../testing/harness';
import { callAs, testDialects, type TestContext } from '../testing/harness';
import { openLineageBank } from '../testing/lineage-bank';

// Issue 28 item 6: while a stem is written, the existing problems most like it.

const CHOICES = ['가', '나', '다', '라', '마'];
const CASE =
  '65세 남자가 3일 전부터 시작된 가슴 통증으로 응급실에 왔다. 혈압 90/60 mmHg, 맥박 110회/분이었다. 심전도에서 II, III, aVF 유도의 ST분절 상승이 관찰되었다.';

describe.each(testDialects)('similar problems on %s', (dialect) => {
  let t: TestContext;
  let cookies: Awaited<ReturnType<typeof roleCookies>>;
  let cardio: number;
  const uid: Record<string, number> = {};

  beforeAll(async () => {
    const bank = await openLineageBank(dialect, '예방의학');
    ({ t, cookies, cardio } = bank);
    const { other, put } = bank;
    const e2019 = await createTest(t.db, { subject_code: cardio, year: 2019, test_name: '2019 중간고사' });
    const e2024 = await createTest(t.db, { subject_code: cardio, year: 2024, test_name: '2024 기말고사' });
    const prevent = await createTest(t.db, { subject_code: other, year: 2024, test_name: '2024 예방의학' });
    uid.copy = await put(e2019, 1, `${CASE} 가장 적절한 치료는?`, CHOICES);
    uid.variant = await put(e2024, 7, `${CASE.replace('65세', '68세').replace('응급실에 왔다', '응급실을 방문하였다')} 가장 적절한 치료는?`, CHOICES);
    uid.unrelated = await put(e2024, 8, '라론드 보고서에 제시된 건강결정요인 중 개인이 통제할 수 있는 요인은?', CHOICES);
    uid.elsewhere = await put(prevent, 2, '라론드 보고서에 제시된 건강결정요인 중 개인이 통제할 수 있는 요인은?', CHOICES);
    await bank.detectAll();
  });
  afterAll(async () => t?.close());

  const similar = (query: string) => callAs(t.app, 'GET', `/v1/problem/similar?${query}`, cookies.student);

  it('ranks the problems most like a stem being written, with their year and similarity', async () => {
    const response = await similar(`text=${encodeURIComponent(`${CASE} 가장 적절한 치료는?`)}`);
    expect(response.statusCode).toBe(200);
    const { problems } = response.json();
    expect(problems.map((p: { uid: number }) => p.uid)).toEqual([uid.copy, uid.variant]);
    expect(problems[0]).toMatchObject({ test_name: '2019 중간고사', year: 2019, no: 1, similarity: 1 });
    expect(problems[1].similarity).toBeGreaterThan(0.6);
    expect(problems[1].similarity).toBeLessThan(1);
  });

  it('keeps to the subject when one is given, and finds nothing in a short or unrelated text', async () => {
    const text = encodeURIComponent('라론드 보고서에 제시된 건강결정요인 중 개인이 통제할 수 있는 요인');
    expect(
      (await similar(`text=${text}`))
        .json()
        .problems.map((p: { uid: number }) => p.uid)
        .sort(),
    ).toEqual([uid.unrelated, uid.elsewhere].sort());
    expect((await similar(`text=${text}&subject_code=${cardio}`)).json().problems.map((p: { uid: number }) => p.uid)).toEqual([uid.unrelated]);
    expect((await similar(`text=${encodeURIComponent('옳은 것은?')}`)).json().problems).toEqual([]);
    expect((await similar(`text=${encodeURIComponent('갑상선 기능 저하증의 가장 흔한 원인은?')}`)).json().problems).toEqual([]);
  });

  it("ranks by a candidate's current content: a stem edited since it was last compared is compared anew", async () => {
    const text = encodeURIComponent(`${CASE} 가장 적절한 치료는?`);
    expect((await similar(`text=${text}`)).json().problems.map((p: { uid: number }) => p.uid)).toEqual([uid.copy, uid.variant]);
    // Its band keys are left as they were (the detector has not run again): still a candidate, no longer alike.
    await t.db.updateTable('problems').set({ question_text: '갑상선 기능 저하증의 가장 흔한 원인으로 옳은 것은?' }).where('uid', '=', uid.variant!).execute();
    expect((await similar(`text=${text}`)).json().problems.map((p: { uid: number }) => p.uid)).toEqual([uid.copy]);
  });

  it('refuses an empty text in Korean', async () => {
    for (const query of ['text=', 'text=%20', '', `text=a&subject_code=x`]) {
      const response = await similar(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toMatch(/[가-힣]/);
    }
  });
});
