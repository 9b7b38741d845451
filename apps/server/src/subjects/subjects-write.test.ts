import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, createTestContext, roleCookies, testDialects, type TestContext } from '../testing/harness';
import { createClass, createProblem, createSubject, createTest } from '../testing/factories';
import { subjectResponse } from '../testing/fixtures/subjects';

type Method = Parameters<typeof callAs>[1];

describe.each(testDialects)('subject management on %s', (dialect) => {
  let t: TestContext;
  let cookies: Awaited<ReturnType<typeof roleCookies>>;
  const send = (method: Method, url: string, cookie?: string, payload?: object) => callAs(t.app, method, url, cookie, payload);
  const lead = (method: Method, url: string, payload?: object) => send(method, url, cookies.lead, payload);
  const valid = { subject_name: '병리학', type: 0, cliexam_type: 0 };
  const subjectOf = async (code: number) => (await send('GET', `/v1/subject/${code}/classes`)).json().subject;

  beforeAll(async () => {
    t = await createTestContext(dialect);
    cookies = await roleCookies(t.app, t.db);
  });
  afterAll(async () => t?.close());

  it('creates a subject with its grades, listed in the lead and public lists', async () => {
    const response = await lead('POST', '/v1/subject', { subject_name: '  순환기내과학 ', abbr: ' CARD ', type: 1, cliexam_type: 1, grades: [30, 22, 30] });
    expect(response.statusCode).toBe(201);
    const subject = response.json().subject;
    expect(subject).toEqual(subjectResponse(expect.any(Number), { subject_name: '순환기내과학', abbr: 'CARD', type: 1, cliexam_type: 1, grades: [22, 30] }));
    expect((await send('GET', '/v1/subject/subjects?grade=22')).json().subjects).toEqual([subject]);
    expect((await send('GET', '/v1/subject/names')).json().subject_names).toContainEqual({ subject_code: subject.subject_code, subject_name: '순환기내과학' });

    // The original client sends only name, type and cliexam_type: abbr and grades are optional.
    const bare = (await lead('POST', '/v1/subject', valid)).json().subject;
    expect(bare).toMatchObject({ subject_name: '병리학', abbr: null, grades: [] });
    expect((await lead('POST', '/v1/subject', { ...valid, abbr: '' })).json().subject.abbr).toBeNull();
  });

  it('refuses bad subject forms with Korean messages', async () => {
    const gradeMessage = '학년 구분이 올바르지 않습니다. (11~14, 21~24, 30, 40)';
    const cases: Array<[object, string, string]> = [
      [{ type: 0, cliexam_type: 0 }, 'subject_name', '과목명을 입력하세요'],
      [{ ...valid, subject_name: '  ' }, 'subject_name', '과목명을 입력하세요'],
      [{ ...valid, subject_name: '가'.repeat(101) }, 'subject_name', '과목명은 100자 이내로 입력하세요.'],
      [{ ...valid, subject_name: 12 }, 'subject_name', '과목명을 입력하세요'],
      [{ subject_name: '병리학', cliexam_type: 0 }, 'type', '과목 구분을 선택하세요'],
      [{ ...valid, type: null }, 'type', '과목 구분을 선택하세요'],
      [{ subject_name: '병리학', type: 0 }, 'cliexam_type', '임상종합평가 여부를 선택하세요'],
      [{ ...valid, type: 2 }, 'type', '입력값이 올바르지 않습니다.'],
      [{ ...valid, type: '1' }, 'type', '입력값이 올바르지 않습니다.'],
      [{ ...valid, cliexam_type: true }, 'cliexam_type', '입력값이 올바르지 않습니다.'],
      [{ ...valid, abbr: 'A'.repeat(33) }, 'abbr', '약어는 32자 이내로 입력하세요.'],
      [{ ...valid, grades: [11, 15] }, 'grades.1', gradeMessage],
      [{ ...valid, grades: [0] }, 'grades.0', gradeMessage],
      [{ ...valid, grades: ['11'] }, 'grades.0', gradeMessage],
      [{ ...valid, grades: 11 }, 'grades', gradeMessage],
      [{ ...valid, owner: 1 }, 'owner', '허용되지 않은 항목이 포함되어 있습니다.'],
    ];
    const code = await createSubject(t.db, { subject_name: '그대로 과목', grades: [11] });
    const before = (await send('GET', '/v1/subject/subjects')).json().total;
    for (const [payload, field, message] of cases) {
      for (const [method, body] of [
        ['POST', payload],
        ['PUT', { code, ...payload }],
      ] as const) {
        const response = await lead(method, '/v1/subject', body);
        expect(response.statusCode, `${method} ${JSON.stringify(body)}`).toBe(400);
        expect(response.json(), `${method} ${JSON.stringify(body)}`).toMatchObject({ code: 'VALIDATION', message, fields: { [field]: message } });
      }
    }
    expect((await send('GET', '/v1/subject/subjects')).json().total).toBe(before);
    expect(await subjectOf(code)).toMatchObject({ subject_name: '그대로 과목', grades: [11] });
    for (const body of [valid, { ...valid, code: null }]) {
      expect((await lead('PUT', '/v1/subject', body)).json().message).toBe('과목을 선택하세요');
    }
    expect((await lead('PUT', '/v1/subject', { ...valid, code: 'x' })).statusCode).toBe(400);
    expect((await lead('PUT', '/v1/subject', { ...valid, code: 999_999 })).json()).toEqual({ code: 'NOT_FOUND', message: '과목을 찾을 수 없습니다.' });
  });

  it('updates a subject; abbr and grades stay unless sent, and sent grades replace all of them', async () => {
    const code = await createSubject(t.db, { subject_name: '약리학', abbr: 'PHAR', grades: [12, 13] });
    const response = await lead('PUT', '/v1/subject', { code, subject_name: '임상약리학', type: 1, cliexam_type: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.json().subject).toEqual(subjectResponse(code, { subject_name: '임상약리학', abbr: 'PHAR', type: 1, cliexam_type: 1, grades: [12, 13] }));
    expect((await lead('PUT', '/v1/subject', { code, ...valid, abbr: null, grades: [40, 14] })).json().subject).toMatchObject({ abbr: null, grades: [14, 40] });
    expect((await lead('PUT', '/v1/subject', { code, ...valid, grades: [] })).json().subject.grades).toEqual([]);
    expect(await subjectOf(code)).toMatchObject({ subject_name: '병리학', grades: [] });
  });

  it('replaces grades atomically: a failure half-way keeps the name and the old grades', async () => {
    const code = await createSubject(t.db, { subject_name: '미생물학', grades: [11, 12] });
    // A trigger that refuses grade 40 makes the grade insert fail after the old grades are deleted.
    if (dialect === 'postgres') {
      await sql`create function refuse_grade_40() returns trigger language plpgsql as $$
        begin if new.grade = 40 then raise exception 'refused'; end if; return new; end $$`.execute(t.db);
      await sql`create trigger refuse_grade_40 before insert on subject_grades for each row execute function refuse_grade_40()`.execute(t.db);
    } else {
      await sql`create trigger refuse_grade_40 before insert on subject_grades when new.grade = 40 begin select raise(abort, 'refused'); end`.execute(t.db);
    }
    try {
      const response = await lead('PUT', '/v1/subject', { code, subject_name: '바뀐 이름', type: 1, cliexam_type: 1, grades: [13, 40] });
      expect(response.statusCode).toBe(500);
      expect(await subjectOf(code)).toMatchObject({ subject_name: '미생물학', type: 0, grades: [11, 12] });
      expect((await lead('POST', '/v1/subject', { ...valid, subject_name: '새 과목', grades: [40] })).statusCode).toBe(500);
      expect((await send('GET', `/v1/subject/subjects?search=${encodeURIComponent('새 과목')}`)).json().total).toBe(0);
    } finally {
      await sql`drop trigger refuse_grade_40${sql.raw(dialect === 'postgres' ? ' on subject_grades' : '')}`.execute(t.db);
    }
  });

  it('refuses to delete a subject used by exams, giving the count', async () => {
    const code = await createSubject(t.db, { subject_name: '해부학' });
    await createTest(t.db, { subject_code: code, test_name: '중간고사' });
    await createTest(t.db, { subject_code: code, test_name: '기말고사' });
    const response = await lead('DELETE', '/v1/subject', { code });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'CONFLICT', message: '이 과목을 사용하는 시험이 2개 있어 삭제할 수 없습니다.' });
    expect((await subjectOf(code)).subject_name).toBe('해부학');
  });

  it('refuses to delete a subject whose classes carry problem links', async () => {
    const code = await createSubject(t.db, { subject_name: '신경과학' });
    const other = await createSubject(t.db, { subject_name: '신경해부학' });
    const exam = await createTest(t.db, { subject_code: other });
    const p1 = await createProblem(t.db, { test_code: exam, no: 1 });
    const p2 = await createProblem(t.db, { test_code: exam, no: 2 });
    const lecture = await createClass(t.db, { subject_code: code, problems: [p1, p2] });
    await createClass(t.db, { subject_code: code, class_name: '두 번째 수업', problems: [p1] });
    const response = await lead('DELETE', '/v1/subject', { code });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('이 과목의 수업에 연결된 문제가 2개 있어 삭제할 수 없습니다. 수업을 먼저 삭제하거나 문제 연결을 해제하세요.');
    expect((await send('GET', `/v1/class/${lecture}/meta`)).statusCode).toBe(200);
  });

  it('deletes an unused subject with its grades and its classes', async () => {
    const code = await createSubject(t.db, { subject_name: '의료윤리', grades: [11, 21] });
    const lecture = await createClass(t.db, { subject_code: code });
    const response = await lead('DELETE', '/v1/subject', { code });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect((await send('GET', `/v1/subject/${code}/classes`)).statusCode).toBe(404);
    expect((await send('GET', `/v1/class/${lecture}/meta`)).statusCode).toBe(404);
    expect(await t.db.selectFrom('subject_grades').select('grade').where('subject_code', '=', code).execute()).toEqual([]);
    expect((await lead('DELETE', '/v1/subject', { code })).json()).toEqual({ code: 'NOT_FOUND', message: '과목을 찾을 수 없습니다.' });
    for (const body of [{}, { code: 0 }, { code: 'abc' }, { code, extra: 1 }]) {
      expect((await lead('DELETE', '/v1/subject', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await lead('DELETE', '/v1/subject')).statusCode).toBe(400);
  });

  it('is for leads, admins and superadmins only, checked before the body', async () => {
    const target = await createSubject(t.db, { subject_name: '지킬 과목' });
    for (const [cookie, status, code] of [
      [undefined, 401, 'UNAUTHENTICATED'],
      [cookies.pending, 403, 'NOT_APPROVED'],
      [cookies.student, 403, 'FORBIDDEN'],
    ] as const) {
      for (const [method, payload] of [
        ['POST', valid],
        ['POST', { nonsense: 1 }],
        ['PUT', { code: target, ...valid }],
        ['DELETE', { code: target }],
        ['DELETE', undefined],
      ] as const) {
        const response = await send(method, '/v1/subject', cookie, payload);
        expect(response.statusCode, `${code} ${method}`).toBe(status);
        expect(response.json().code).toBe(code);
      }
    }
    expect((await subjectOf(target)).subject_name).toBe('지킬 과목');

    for (const role of ['lead', 'admin', 'superadmin'] as const) {
      const created = await send('POST', '/v1/subject', cookies[role], { ...valid, subject_name: `${role} 과목` });
      expect(created.statusCode, role).toBe(201);
      const code = created.json().subject.subject_code;
      expect((await send('PUT', '/v1/subject', cookies[role], { code, ...valid })).statusCode, role).toBe(200);
      expect((await send('DELETE', '/v1/subject', cookies[role], { code })).json(), role).toEqual({ ok: true });
    }
  });
});
