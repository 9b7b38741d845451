import { examTypeOf } from '@qbank/shared/exam-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAM_KINDS } from '../seed/large/catalog';
import { createTest } from '../testing/factories';
import type { roleCookies } from '../testing/harness';
import { callAs, testDialects, type TestContext } from '../testing/harness';
import { openLineageBank } from '../testing/lineage-bank';

// Issue 28 item 5: one search over every exam, its matches grouped by lineage.

const MI = '58세 남자가 2시간 전부터 시작된 흉통으로 왔다. 심전도에서 V1-V4 유도의 ST분절 상승이 보였다. 급성 심근경색의 가장 적절한 치료는?';
const MI_OPTIONS = ['일차 관상동맥중재술', '아스피린 단독 투여', '경과 관찰', '베타차단제 단독 투여', '운동부하검사'];

describe.each(testDialects)('whole-bank search on %s', (dialect) => {
  let t: TestContext;
  let cookies: Awaited<ReturnType<typeof roleCookies>>;
  let cardio: number;
  const uid: Record<string, number> = {};

  beforeAll(async () => {
    const bank = await openLineageBank(dialect, '병리학');
    ({ t, cookies, cardio } = bank);
    const { other, put } = bank;
    const exam = async (subject_code: number, year: number) => createTest(t.db, { subject_code, year, test_name: `${year} 중간고사` });
    const [e2019, e2021, e2024, p2024] = [await exam(cardio, 2019), await exam(cardio, 2021), await exam(cardio, 2024), await exam(other, 2024)];
    uid.a = await put(e2019!, 1, MI, MI_OPTIONS);
    uid.b = await put(e2021!, 4, MI, [...MI_OPTIONS].reverse());
    uid.c = await put(e2024!, 2, MI, MI_OPTIONS);
    uid.lone = await put(e2024!, 9, '심근경색 후 2주째 나타나는 심낭염을 무엇이라 하는가?', [
      '드레슬러 증후군',
      '심장눌림증',
      '승모판역류',
      '심실중격파열',
      '좌심실류',
    ]);
    uid.path = await put(
      p2024!,
      3,
      '심장의 병리 소견에서 응고괴사가 처음 보이는 시점은?',
      ['4-12시간', '1일', '3일', '7일', '2개월'],
      '심근경색 후 4-12시간에 응고괴사가 시작된다.',
    );
    uid.none = await put(e2021!, 5, '라론드 보고서에 제시된 건강결정요인 중 개인이 통제할 수 있는 요인은?', [
      '생활습관',
      '유전',
      '환경',
      '보건의료체계',
      '소득',
    ]);
    // One more term in exams of other kinds (decision 207): the kind is read from the name.
    const named = async (test_name: string) => createTest(t.db, { subject_code: cardio, year: 2023, test_name });
    const aorta = (detail: string) => `대동맥박리 환자에서 ${detail} 가장 적절한 것은?`;
    const aortaOptions = ['CT 혈관조영술', '흉부 X선', '심전도', '혈액배양', '복부 초음파'];
    uid.formative = await put((await named('2023 순환기학 형성 평가 1차'))!, 1, aorta('처음 시행할 검사로'), aortaOptions);
    uid.retake = await put((await named('2023 순환기학 중간고사 재시험'))!, 1, aorta('혈압 조절 목표로'), ['120', '100', '140', '160', '180']);
    uid.other = await put((await named('2023 순환기학 땡시'))!, 1, aorta('수술이 필요한 유형으로'), ['A형', 'B형', 'C형', 'D형', 'E형']);
    uid.midterm = await put(e2024!, 12, aorta('위험 인자로'), ['고혈압', '저혈압', '빈혈', '저체온', '저혈당']);
    await bank.detectAll();
  });
  afterAll(async () => t?.close());

  const search = async (query: string, cookie = cookies.student) => callAs(t.app, 'GET', `/v1/search?${query}`, cookie);

  it('groups the matches of every exam by lineage, the most asked first, with its years', async () => {
    const response = await search(`q=${encodeURIComponent('심근경색')}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total_problems: 5, total_groups: 3, capped: false, page: 1 });
    expect(body.groups[0]).toMatchObject({ lineage_code: uid.a, lineage_size: 3, years: [2019, 2021, 2024] });
    expect(body.groups[0].problems.map((p: { uid: number }) => p.uid)).toEqual([uid.c, uid.b, uid.a]);
    expect(body.groups[0].problems[0]).toMatchObject({ test_name: '2024 중간고사', year: 2024, no: 2, subject_name: '순환기학' });
    expect(body.groups[0].problems[0].question_text).toContain('급성 심근경색');
    // A match in the explanation only counts as well; problems in no lineage are groups of one.
    const singles = body.groups.slice(1).map((g: { lineage_code: number | null; problems: { uid: number }[] }) => [g.lineage_code, g.problems[0]!.uid]);
    expect(singles).toEqual(
      expect.arrayContaining([
        [null, uid.lone],
        [null, uid.path],
      ]),
    );
  });

  it('filters by subject and year and answers 초성', async () => {
    const bySubject = (await search(`q=${encodeURIComponent('심근경색')}&subject_code=${cardio}`)).json();
    expect(bySubject.total_problems).toBe(4);
    const byYear = (await search(`q=${encodeURIComponent('심근경색')}&year=2024`)).json();
    expect(byYear.groups.flatMap((g: { problems: { uid: number }[] }) => g.problems.map((p) => p.uid)).sort()).toEqual([uid.c, uid.lone, uid.path].sort());
    const initials = (await search(`q=${encodeURIComponent('ㄹㄹㄷ')}`)).json();
    expect(initials.groups.map((g: { problems: { uid: number }[] }) => g.problems[0]!.uid)).toEqual([uid.none]);
  });

  it('filters by exam type as the exam names say it, with the other filters and `other`', async () => {
    const uids = (body: { groups: { problems: { uid: number }[] }[] }) => body.groups.flatMap((g) => g.problems.map((p) => p.uid)).sort();
    const aorta = async (extra: string) => (await search(`q=${encodeURIComponent('대동맥박리')}${extra}`)).json();
    expect(uids(await aorta(''))).toEqual([uid.formative, uid.retake, uid.other, uid.midterm].sort());
    expect(uids(await aorta('&exam_type=formative'))).toEqual([uid.formative]);
    // '중간고사 재시험' is a retake, not a midterm.
    expect(uids(await aorta('&exam_type=retake'))).toEqual([uid.retake]);
    expect(uids(await aorta('&exam_type=midterm'))).toEqual([uid.midterm]);
    expect(uids(await aorta('&exam_type=other'))).toEqual([uid.other]);
    expect(uids(await aorta('&exam_type='))).toHaveLength(4);
    expect(await aorta('&exam_type=final')).toMatchObject({ groups: [], total_problems: 0, total_groups: 0, capped: false });
    expect(uids(await aorta('&exam_type=midterm&year=2023'))).toEqual([]);
    // The 중간고사 of every subject, with the lineage grouping unchanged.
    const mi = (await search(`q=${encodeURIComponent('심근경색')}&exam_type=midterm`)).json();
    expect(mi).toMatchObject({ total_problems: 5, total_groups: 3 });
    expect((await search(`q=${encodeURIComponent('심근경색')}&exam_type=midterm&subject_code=${cardio}`)).json().total_problems).toBe(4);
  });

  it('gives every kind the large seed writes a type of its own', () => {
    for (const kind of EXAM_KINDS) expect(examTypeOf(`2025 해부학 ${kind}`), kind).not.toBe('other');
  });

  it('pages groups, and refuses a missing term or a bad filter in Korean', async () => {
    const second = (await search(`q=${encodeURIComponent('심근경색')}&page=2&limit=2`)).json();
    expect(second.groups).toHaveLength(1);
    expect(second.total_groups).toBe(3);
    for (const query of [
      'q=',
      'q=%20',
      `q=a&year=abc`,
      `q=a&subject_code=-1`,
      'q=a&exam_type=midterms',
      'q=a&exam_type=%EC%A4%91%EA%B0%84%EA%B3%A0%EC%82%AC',
    ]) {
      const response = await search(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toMatch(/[가-힣]/);
    }
    expect((await search('q=a&exam_type=midterms')).json().message).toContain('시험 종류는 midterm, final,');
    expect((await callAs(t.app, 'GET', '/v1/search?q=a', undefined)).statusCode).toBe(401);
  });
});
