import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, loginCookie, testDialects, type TestContext } from '../testing/harness';
import { createProblem, createSetHeader, createSubject, createTest } from '../testing/factories';

describe.each(testDialects)('exam reads on %s', (dialect) => {
  let t: TestContext;
  let anatomy: number;
  let cardio: number;
  let midterm2025: number;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    t = await createTestContext(dialect);
    anatomy = await createSubject(t.db, { subject_name: '해부학', grades: [11] });
    cardio = await createSubject(t.db, { subject_name: '순환기내과학', type: 1, grades: [30] });
    midterm2025 = await createTest(t.db, { subject_code: anatomy, test_name: '2025 해부학 중간고사', year: 2025, grades: [11, 12] });
    await createTest(t.db, { subject_code: anatomy, test_name: '2024 해부학 기말고사', year: 2024 });
    await createTest(t.db, { subject_code: cardio, test_name: '2025 심장 형성평가 50%_a', year: 2025 });
    await createTest(t.db, { subject_code: cardio, test_name: '고대 시험', year: 1850 });
    for (let no = 1; no <= 3; no += 1) await createProblem(t.db, { test_code: midterm2025, no });
    await createProblem(t.db, { test_code: midterm2025, no: 1, type: 2, choice_type: null });
    await createProblem(t.db, { test_code: midterm2025, no: 4, is_vacant: 1 });
    await createSetHeader(t.db, { test_code: midterm2025, begin_problem_no: 1, end_problem_no: 2 });
  });
  afterAll(async () => t?.close());

  it('lists exams newest first with subject names and written-problem counts, publicly', async () => {
    const response = await get('/v1/test/tests');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total: 4, count: 4, page: 1, limit: 20 });
    expect(body.tests.map((test: { year: number }) => test.year)).toEqual([2025, 2025, 2024, 1850]);
    expect(body.tests.find((test: { test_code: number }) => test.test_code === midterm2025)).toMatchObject({
      test_name: '2025 해부학 중간고사',
      subject_name: '해부학',
      subject_code: anatomy,
      problem_count: 4,
    });
  });

  it('filters by subject, year and search (case-insensitive, wildcards literal) and pages in SQL', async () => {
    expect((await get(`/v1/test/tests?subject_code=${anatomy}`)).json().total).toBe(2);
    expect((await get('/v1/test/tests?year=2025')).json().total).toBe(2);
    expect((await get(`/v1/test/tests?year=2025&subject_code=${cardio}`)).json().tests[0].test_name).toBe('2025 심장 형성평가 50%_a');
    expect((await get(`/v1/test/tests?search=${encodeURIComponent('기말')}`)).json().total).toBe(1);
    expect((await get(`/v1/test/tests?search=${encodeURIComponent('순환기')}`)).json().total).toBe(2);
    expect((await get(`/v1/test/tests?search=${encodeURIComponent('%_')}`)).json().total).toBe(1);
    expect((await get('/v1/test/tests?subject_code=&year=&search=')).json().total).toBe(4);
    const page2 = (await get('/v1/test/tests?limit=3&page=2')).json();
    expect(page2).toMatchObject({ total: 4, count: 1, page: 2, limit: 3 });
    expect((await get('/v1/test/tests?limit=100000')).json().limit).toBe(1000);
    expect((await get('/v1/test/count?year=2025')).json()).toEqual({ count: 2, total: 2 });
  });

  it('lists years of 1900 and later, descending', async () => {
    expect((await get('/v1/test/years')).json()).toEqual({ years: [2025, 2024] });
  });

  it('returns test_info and meta, and 404 for unknown exams', async () => {
    expect((await get(`/v1/test/${midterm2025}`)).json().test_info).toMatchObject({ test_code: midterm2025, grades: [11, 12], problem_count: 4 });
    expect((await get(`/v1/test/${midterm2025}/meta`)).json().meta).toMatchObject({
      counts: { multiple_choice: 3, subjective: 1, slide: 0 },
      set_header_count: 1,
    });
    for (const url of ['/v1/test/999999', '/v1/test/999999/meta']) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: '시험 정보를 찾을 수 없습니다.' });
    }
  });

  it('refuses bad query values with Korean 400s', async () => {
    for (const url of [
      '/v1/test/tests?page=-1',
      '/v1/test/tests?page=0',
      '/v1/test/tests?page=abc',
      '/v1/test/tests?limit=0',
      '/v1/test/tests?year=1800',
      '/v1/test/tests?year=twenty',
      '/v1/test/tests?subject_code=-3',
      `/v1/test/tests?search=${'가'.repeat(201)}`,
      '/v1/test/tests?unknown=1',
      '/v1/test/abc',
      '/v1/test/0/meta',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
      expect(response.json().message).toMatch(/[가-힣]/);
    }
  });

  it('answers the same to every role, signed in or not', async () => {
    for (const role of ['student', 'lead', 'admin', 'superadmin'] as const) {
      const member = await createMember(t.db, { role });
      expect((await get('/v1/test/tests', { cookie: await loginCookie(t.app, member.id) })).json().total).toBe(4);
    }
    const unapproved = await createMember(t.db, { validated: false });
    expect((await get('/v1/test/years', { cookie: await loginCookie(t.app, unapproved.id) })).statusCode).toBe(200);
  });
});
