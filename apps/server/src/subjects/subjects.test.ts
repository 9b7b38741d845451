import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, loginCookie, testDialects, type TestContext } from '../testing/harness';
import { createClass, createProblem, createSubject, createTest } from '../testing/factories';
import { subjectResponse } from '../testing/fixtures/subjects';

describe.each(testDialects)('subject and class reads on %s', (dialect) => {
  let t: TestContext;
  let anatomy: number;
  let cardio: number;
  let brachial: number;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    t = await createTestContext(dialect);
    anatomy = await createSubject(t.db, { subject_name: '해부학', abbr: 'ANAT', type: 0, grades: [11, 12] });
    cardio = await createSubject(t.db, { subject_name: '순환기내과학', abbr: 'CARD', type: 1, cliexam_type: 1, grades: [30] });
    await createSubject(t.db, { subject_name: '예방의학', abbr: null, type: 0, grades: [40] });
    const exam = await createTest(t.db, { subject_code: anatomy, test_name: '2025 해부학 중간고사', year: 2025 });
    await createTest(t.db, { subject_code: anatomy, test_name: '2024 해부학 기말고사', year: 2024 });
    const p1 = await createProblem(t.db, { test_code: exam, no: 1 });
    const p2 = await createProblem(t.db, { test_code: exam, no: 2 });
    const vacant = await createProblem(t.db, { test_code: exam, no: 3, is_vacant: 1 });
    brachial = await createClass(t.db, {
      subject_code: anatomy,
      class_name: '팔신경얼기',
      class_date: '2025-03-04',
      class_time: 2,
      professor: '김민수 교수',
      problems: [p1, p2, vacant],
    });
    await createClass(t.db, { subject_code: anatomy, class_name: '하지의 혈관', class_date: '2025-03-05', class_time: 1, professor: '이영희 교수' });
    await createClass(t.db, { subject_code: anatomy, class_name: '두경부', class_date: '2024-09-01', class_time: 3, professor: '김민수 교수' });
    await createClass(t.db, { subject_code: cardio, class_name: '심부전', class_date: '2023-05-01' });
  });
  afterAll(async () => t?.close());

  it('lists subjects with grades and positions, filtered by type, grade and search', async () => {
    const all = (await get('/v1/subject/subjects')).json();
    expect(all).toMatchObject({ total: 3, page: 1, limit: 200 });
    expect(all.subjects.find((s: { subject_code: number }) => s.subject_code === anatomy)).toEqual(subjectResponse(anatomy, { grades: [11, 12] }));
    expect((await get('/v1/subject/subjects?subject_type=1')).json().subjects.map((s: { subject_name: string }) => s.subject_name)).toEqual(['순환기내과학']);
    expect((await get('/v1/subject/subjects?subject_type=0')).json().total).toBe(2);
    expect((await get('/v1/subject/subjects?grade=12')).json().subjects.map((s: { subject_code: number }) => s.subject_code)).toEqual([anatomy]);
    expect((await get(`/v1/subject/subjects?search=${encodeURIComponent('순환')}`)).json().total).toBe(1);
    expect((await get('/v1/subject/subjects?search=card')).json().total).toBe(1);
    expect((await get('/v1/subject/subjects?limit=1&page=3')).json()).toMatchObject({ total: 3, subjects: [expect.any(Object)] });
  });

  it('lists subject names and class years', async () => {
    expect((await get('/v1/subject/names')).json().subject_names).toHaveLength(3);
    expect((await get(`/v1/subject/years?subject_code=${anatomy}`)).json()).toEqual({ years: [2025, 2024] });
    expect((await get('/v1/subject/years')).json()).toEqual({ years: [2025, 2024, 2023] });
  });

  it("lists a subject's classes by year and search, with written-problem counts", async () => {
    const response = (await get(`/v1/subject/${anatomy}/classes?year=2025`)).json();
    expect(response).toMatchObject({ total: 2, subject: { subject_code: anatomy, subject_name: '해부학' } });
    expect(response.classes[0]).toEqual({
      uid: brachial,
      subject_code: anatomy,
      class_name: '팔신경얼기',
      class_date: '2025-03-04',
      class_time: 2,
      professor: '김민수 교수',
      problem_count: 2,
    });
    expect((await get(`/v1/subject/${anatomy}/classes`)).json().total).toBe(3);
    expect((await get(`/v1/subject/${anatomy}/classes?search=${encodeURIComponent('김민수')}`)).json().total).toBe(2);
    expect((await get(`/v1/subject/${anatomy}/classes?search=${encodeURIComponent('하지')}`)).json().total).toBe(1);
    expect((await get(`/v1/subject/${anatomy}/classes?limit=1&page=2`)).json()).toMatchObject({ total: 3, classes: [expect.any(Object)] });
  });

  it("lists a subject's exams with search", async () => {
    const response = (await get(`/v1/subject/${anatomy}/tests`)).json();
    expect(response).toMatchObject({ total: 2, subject: { subject_code: anatomy } });
    expect(response.tests.map((test: { year: number }) => test.year)).toEqual([2025, 2024]);
    expect((await get(`/v1/subject/${anatomy}/tests?search=${encodeURIComponent('기말')}`)).json().total).toBe(1);
    expect((await get(`/v1/subject/${cardio}/tests`)).json().total).toBe(0);
  });

  it('returns class meta publicly and 404s for unknown subjects and classes', async () => {
    expect((await get(`/v1/class/${brachial}/meta`)).json().meta).toEqual({
      uid: brachial,
      subject_code: anatomy,
      subject_name: '해부학',
      class_name: '팔신경얼기',
      class_date: '2025-03-04',
      class_time: 2,
      professor: '김민수 교수',
      problem_count: 2,
    });
    for (const [url, message] of [
      ['/v1/subject/999999/classes', '과목을 찾을 수 없습니다.'],
      ['/v1/subject/999999/tests', '과목을 찾을 수 없습니다.'],
      ['/v1/class/999999/meta', '수업 정보를 찾을 수 없습니다.'],
    ]) {
      const response = await get(url!);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(message);
    }
  });

  it('refuses bad inputs with Korean 400s', async () => {
    for (const url of [
      '/v1/subject/subjects?subject_type=2',
      '/v1/subject/subjects?grade=abc',
      '/v1/subject/subjects?page=-1',
      '/v1/subject/years?subject_code=x',
      `/v1/subject/${anatomy}/classes?year=99`,
      `/v1/subject/${anatomy}/classes?limit=-5`,
      '/v1/subject/abc/tests',
      '/v1/class/1.5/meta',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toMatch(/[가-힣]/);
    }
  });

  it('is public for every role', async () => {
    for (const options of [{ role: 'student' as const }, { role: 'admin' as const }, { validated: false }]) {
      const member = await createMember(t.db, options);
      const cookie = await loginCookie(t.app, member.id);
      expect((await get('/v1/subject/subjects', { cookie })).statusCode).toBe(200);
      expect((await get(`/v1/class/${brachial}/meta`, { cookie })).statusCode).toBe(200);
    }
  });
});
