import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, createMember, createTestContext, roleCookies, testDialects, type TestContext } from '../testing/harness';
import { createClass, createProblem, createSetHeader, createSubject, createTest } from '../testing/factories';

type Method = Parameters<typeof callAs>[1];

describe.each(testDialects)('exam management on %s', (dialect) => {
  let t: TestContext;
  let anatomy: number;
  let physiology: number;
  let cookies: Awaited<ReturnType<typeof roleCookies>>;
  const send = (method: Method, url: string, cookie?: string, payload?: object) => callAs(t.app, method, url, cookie, payload);
  const lead = (method: Method, url: string, payload?: object) => send(method, url, cookies.lead, payload);
  const valid = () => ({ test_name: '2025 해부학 중간고사', subject_code: anatomy, year: 2025 });

  beforeAll(async () => {
    t = await createTestContext(dialect);
    anatomy = await createSubject(t.db, { subject_name: '해부학', grades: [11] });
    physiology = await createSubject(t.db, { subject_name: '생리학', grades: [12] });
    cookies = await roleCookies(t.app, t.db);
  });
  afterAll(async () => t?.close());

  it('creates an exam with trimmed name and sorted, de-duplicated grades, listed for the lead screen', async () => {
    const before = (await send('GET', '/v1/test/count')).json().total;
    const response = await lead('POST', '/v1/test', { test_name: '  2025 해부학 기말고사 ', subject_code: anatomy, year: 2025, grades: [12, 11, 12] });
    expect(response.statusCode).toBe(201);
    const info = response.json().test_info;
    expect(info).toEqual({
      test_code: expect.any(Number),
      test_name: '2025 해부학 기말고사',
      year: 2025,
      subject_code: anatomy,
      subject_name: '해부학',
      problem_count: 0,
      grades: [11, 12],
    });
    expect((await send('GET', `/v1/test/${info.test_code}`)).json().test_info).toEqual(info);
    expect((await send('GET', '/v1/test/count')).json().total).toBe(before + 1);
    const listed = (await send('GET', `/v1/test/tests?subject_code=${anatomy}&year=2025`)).json();
    expect(listed.tests.map((test: { test_code: number }) => test.test_code)).toContain(info.test_code);
    // An exam save may send no grades: none is fine, and the year range's edges are accepted.
    for (const year of [1900, 2999]) {
      const edge = await lead('POST', '/v1/test', { test_name: `${year}년 시험`, subject_code: physiology, year });
      expect(edge.statusCode, String(year)).toBe(201);
      expect(edge.json().test_info).toMatchObject({ year, grades: [], subject_name: '생리학' });
    }
  });

  it('refuses bad exam forms with the Korean messages of @qbank/shared/messages', async () => {
    const cases: Array<[object, string, string]> = [
      [{ subject_code: anatomy, year: 2025 }, 'test_name', '시험명을 입력하세요'],
      [{ ...valid(), test_name: '   ' }, 'test_name', '시험명을 입력하세요'],
      [{ ...valid(), test_name: '가'.repeat(201) }, 'test_name', '시험명은 200자 이내로 입력하세요.'],
      [{ ...valid(), test_name: 7 }, 'test_name', '시험명을 입력하세요'],
      [{ test_name: '시험', year: 2025 }, 'subject_code', '과목을 선택하세요'],
      [{ ...valid(), subject_code: null }, 'subject_code', '과목을 선택하세요'],
      [{ ...valid(), subject_code: '' }, 'subject_code', '과목을 선택하세요'],
      [{ ...valid(), subject_code: 0 }, 'subject_code', '올바른 과목을 선택하세요'],
      [{ ...valid(), subject_code: -2 }, 'subject_code', '올바른 과목을 선택하세요'],
      [{ ...valid(), subject_code: 1.5 }, 'subject_code', '올바른 과목을 선택하세요'],
      [{ ...valid(), subject_code: 'abc' }, 'subject_code', '올바른 과목을 선택하세요'],
      [{ ...valid(), subject_code: 999_999 }, 'subject_code', '올바른 과목을 선택하세요'],
      [{ test_name: '시험', subject_code: anatomy }, 'year', '시험 연도를 선택하세요.'],
      [{ ...valid(), year: 1800 }, 'year', '시험 연도는 1900~2999 사이의 숫자로 입력하세요.'],
      [{ ...valid(), year: 3000 }, 'year', '시험 연도는 1900~2999 사이의 숫자로 입력하세요.'],
      [{ ...valid(), year: 'abc' }, 'year', '시험 연도는 1900~2999 사이의 숫자로 입력하세요.'],
      [{ ...valid(), year: 2025.5 }, 'year', '시험 연도는 1900~2999 사이의 숫자로 입력하세요.'],
      [{ ...valid(), grades: [11, 15] }, 'grades.1', '학년 구분이 올바르지 않습니다. (11~14, 21~24, 30, 40)'],
      [{ ...valid(), grades: '11' }, 'grades', '학년 구분이 올바르지 않습니다. (11~14, 21~24, 30, 40)'],
      [{ ...valid(), owner: 3 }, 'owner', '허용되지 않은 항목이 포함되어 있습니다.'],
    ];
    const exam = await createTest(t.db, { subject_code: anatomy, test_name: '고칠 시험', year: 2024 });
    const before = (await send('GET', '/v1/test/count')).json().total;
    for (const [payload, field, message] of cases) {
      for (const [method, url] of [
        ['POST', '/v1/test'],
        ['PUT', `/v1/test/${exam}`],
      ] as const) {
        const response = await lead(method, url, payload);
        expect(response.statusCode, `${method} ${JSON.stringify(payload)}`).toBe(400);
        expect(response.json(), `${method} ${JSON.stringify(payload)}`).toMatchObject({ code: 'VALIDATION', message, fields: { [field]: message } });
      }
    }
    expect((await send('GET', '/v1/test/count')).json().total).toBe(before);
    expect((await send('GET', `/v1/test/${exam}`)).json().test_info).toMatchObject({ test_name: '고칠 시험', year: 2024, subject_code: anatomy });
    expect((await lead('POST', '/v1/test')).statusCode).toBe(400);
  });

  it('updates name, subject and year; grades change only when sent', async () => {
    const exam = (await lead('POST', '/v1/test', { ...valid(), grades: [11] })).json().test_info.test_code;
    const moved = await lead('PUT', `/v1/test/${exam}`, { test_name: '2024 생리학 재시험', subject_code: physiology, year: 2024 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().test_info).toMatchObject({
      test_code: exam,
      test_name: '2024 생리학 재시험',
      subject_code: physiology,
      subject_name: '생리학',
      year: 2024,
      grades: [11],
    });
    expect((await lead('PUT', `/v1/test/${exam}`, { ...valid(), grades: [21, 12] })).json().test_info.grades).toEqual([12, 21]);
    expect((await lead('PUT', `/v1/test/${exam}`, { ...valid(), grades: [] })).json().test_info.grades).toEqual([]);
    expect((await send('GET', `/v1/test/tests?subject_code=${physiology}&year=2024`)).json().tests).toEqual([]);
  });

  it('answers 404 for unknown exams and 400 for bad ids', async () => {
    for (const [method, url, payload] of [
      ['PUT', '/v1/test/999999', valid()],
      ['DELETE', '/v1/test/999999', undefined],
      ['GET', '/v1/test/999999/delete-check', undefined],
    ] as const) {
      const response = await lead(method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: '시험 정보를 찾을 수 없습니다.' });
    }
    for (const [method, url] of [
      ['PUT', '/v1/test/abc'],
      ['DELETE', '/v1/test/0'],
      ['GET', '/v1/test/-1/delete-check'],
    ] as const) {
      const response = await lead(method, url, method === 'PUT' ? valid() : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
    }
  });

  it('refuses to delete an exam with written problems, giving the count, and changes nothing', async () => {
    const exam = await createTest(t.db, { subject_code: anatomy, test_name: '작성된 시험', grades: [11] });
    await createProblem(t.db, { test_code: exam, no: 1 });
    await createProblem(t.db, { test_code: exam, no: 2, question: '', question_pic_path: '/uploads/slide.png', type: 4, choice_type: null });
    await createProblem(t.db, { test_code: exam, no: 3, is_vacant: 1 });
    // Not vacant but without a question (text or picture): not written (decision 023).
    await createProblem(t.db, { test_code: exam, no: 4, question: '<p>  </p>', answer: '3' });
    await createSetHeader(t.db, { test_code: exam, begin_problem_no: 1, end_problem_no: 2 });

    expect((await lead('GET', `/v1/test/${exam}/delete-check`)).json()).toEqual({ written_count: 2, vacant_count: 2 });
    const refused = await lead('DELETE', `/v1/test/${exam}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'CONFLICT',
      message: '작성된 문제가 2개 있어 시험을 삭제할 수 없습니다. 문제를 삭제하거나 빈 문제로 바꾼 뒤 다시 시도하세요.',
    });
    expect((await send('GET', `/v1/test/${exam}/meta`)).json().meta).toMatchObject({ grades: [11], set_header_count: 1 });
    const problems = await t.db.selectFrom('problems').select('uid').where('test_code', '=', exam).execute();
    expect(problems).toHaveLength(4);
  });

  it('deletes an exam of vacant slots with its slots, set headers, grades and links, in one go', async () => {
    const exam = await createTest(t.db, { subject_code: anatomy, test_name: '빈 시험', grades: [11, 12] });
    const slots = [];
    for (let no = 1; no <= 3; no += 1) slots.push(await createProblem(t.db, { test_code: exam, no, is_vacant: 1 }));
    await createSetHeader(t.db, { test_code: exam, begin_problem_no: 1, end_problem_no: 3 });
    const student = await createMember(t.db);
    await t.db.insertInto('assignments').values({ problem_uid: slots[0]!, member_code: student.code, assigned_by: null }).execute();
    const lecture = await createClass(t.db, { subject_code: anatomy, problems: [slots[1]!] });

    expect((await lead('GET', `/v1/test/${exam}/delete-check`)).json()).toEqual({ written_count: 0, vacant_count: 3 });
    const response = await lead('DELETE', `/v1/test/${exam}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, deleted_vacant: 3 });
    expect((await send('GET', `/v1/test/${exam}`)).statusCode).toBe(404);
    for (const [table, column] of [
      ['problems', 'test_code'],
      ['set_headers', 'test_code'],
      ['test_grades', 'test_code'],
    ] as const) {
      expect(await t.db.selectFrom(table).select(column).where(column, '=', exam).execute(), table).toEqual([]);
    }
    expect(await t.db.selectFrom('assignments').select('problem_uid').where('problem_uid', 'in', slots).execute()).toEqual([]);
    expect((await send('GET', `/v1/class/${lecture}/meta`)).statusCode).toBe(200);
    expect((await lead('DELETE', `/v1/test/${exam}`)).statusCode).toBe(404);

    const empty = await createTest(t.db, { subject_code: physiology });
    expect((await lead('GET', `/v1/test/${empty}/delete-check`)).json()).toEqual({ written_count: 0, vacant_count: 0 });
    expect((await lead('DELETE', `/v1/test/${empty}`)).json()).toEqual({ ok: true, deleted_vacant: 0 });
  });

  it('is for leads, admins and superadmins only, checked before the body', async () => {
    const denied: Array<[string | undefined, number, string]> = [
      [undefined, 401, 'UNAUTHENTICATED'],
      [cookies.pending, 403, 'NOT_APPROVED'],
      [cookies.student, 403, 'FORBIDDEN'],
    ];
    const target = await createTest(t.db, { subject_code: anatomy, test_name: '지킬 시험' });
    for (const [cookie, status, code] of denied) {
      for (const [method, url, payload] of [
        ['POST', '/v1/test', valid()],
        ['POST', '/v1/test', { nonsense: true }],
        ['PUT', `/v1/test/${target}`, valid()],
        ['GET', `/v1/test/${target}/delete-check`, undefined],
        ['DELETE', `/v1/test/${target}`, undefined],
      ] as const) {
        const response = await send(method, url, cookie, payload);
        expect(response.statusCode, `${code} ${method} ${url}`).toBe(status);
        expect(response.json().code).toBe(code);
      }
    }
    expect((await send('GET', `/v1/test/${target}`)).json().test_info.test_name).toBe('지킬 시험');

    for (const role of ['lead', 'admin', 'superadmin'] as const) {
      const created = await send('POST', '/v1/test', cookies[role], { ...valid(), test_name: `${role} 시험` });
      expect(created.statusCode, role).toBe(201);
      const code = created.json().test_info.test_code;
      expect((await send('PUT', `/v1/test/${code}`, cookies[role], { ...valid(), test_name: `${role} 시험 (수정)` })).statusCode, role).toBe(200);
      expect((await send('GET', `/v1/test/${code}/delete-check`, cookies[role])).statusCode, role).toBe(200);
      expect((await send('DELETE', `/v1/test/${code}`, cookies[role])).json(), role).toEqual({ ok: true, deleted_vacant: 0 });
    }
  });
});
