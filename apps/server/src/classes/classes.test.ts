import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, createTestContext, roleCookies, testDialects, type TestContext } from '../testing/harness';
import { createClass, createProblem, createSubject, createTest } from '../testing/factories';

type Method = Parameters<typeof callAs>[1];

describe.each(testDialects)('class management on %s', (dialect) => {
  let t: TestContext;
  let anatomy: number;
  let written: number[];
  let cookies: Awaited<ReturnType<typeof roleCookies>>;
  const send = (method: Method, url: string, cookie?: string, payload?: object) => callAs(t.app, method, url, cookie, payload);
  const lead = (method: Method, url: string, payload?: object) => send(method, url, cookies.lead, payload);
  const valid = { class_name: '팔신경얼기', class_date: '2025-03-04', class_time: 2, professor: '김민수 교수' };

  beforeAll(async () => {
    t = await createTestContext(dialect);
    anatomy = await createSubject(t.db, { subject_name: '해부학' });
    const exam = await createTest(t.db, { subject_code: anatomy });
    written = [await createProblem(t.db, { test_code: exam, no: 1 }), await createProblem(t.db, { test_code: exam, no: 2 })];
    cookies = await roleCookies(t.app, t.db);
  });
  afterAll(async () => t?.close());

  it("creates classes of a subject, shown in the subject's class list and meta", async () => {
    const subject = await createSubject(t.db, { subject_name: '생리학' });
    const response = await lead('POST', `/v1/subject/${subject}/classes`, { ...valid, class_name: '  심장 주기 ', professor: ' 이영희 교수 ' });
    expect(response.statusCode).toBe(201);
    const lecture = response.json().class;
    expect(lecture).toEqual({
      uid: expect.any(Number),
      subject_code: subject,
      class_name: '심장 주기',
      class_date: '2025-03-04',
      class_time: 2,
      professor: '이영희 교수',
      problem_count: 0,
    });
    const bare = (await lead('POST', `/v1/subject/${subject}/classes`, { class_name: '신장 생리', class_date: '2024-09-02' })).json().class;
    expect(bare).toMatchObject({ class_time: null, professor: null });
    expect((await lead('POST', `/v1/subject/${subject}/classes`, { ...valid, professor: '', class_time: null })).json().class).toMatchObject({
      class_time: null,
      professor: null,
    });

    const list = (await send('GET', `/v1/subject/${subject}/classes`)).json();
    expect(list.total).toBe(3);
    expect(list.classes[0]).toEqual(bare);
    expect((await send('GET', `/v1/subject/${subject}/classes?year=2025`)).json().total).toBe(2);
    expect((await send('GET', `/v1/class/${lecture.uid}/meta`)).json().meta).toEqual({ ...lecture, subject_name: '생리학' });
    expect((await send('GET', `/v1/subject/years?subject_code=${subject}`)).json()).toEqual({ years: [2025, 2024] });
  });

  it('refuses bad class forms with Korean messages', async () => {
    const dateMessage = '수업 날짜를 YYYY-MM-DD 형식의 올바른 날짜로 입력하세요.';
    const cases: Array<[object, string, string]> = [
      [{ class_date: '2025-03-04' }, 'class_name', '수업명을 입력하세요.'],
      [{ ...valid, class_name: '   ' }, 'class_name', '수업명을 입력하세요.'],
      [{ ...valid, class_name: '가'.repeat(201) }, 'class_name', '수업명은 200자 이내로 입력하세요.'],
      [{ class_name: '수업' }, 'class_date', '수업 날짜를 입력하세요.'],
      [{ ...valid, class_date: '' }, 'class_date', '수업 날짜를 입력하세요.'],
      [{ ...valid, class_date: '2025-02-30' }, 'class_date', dateMessage],
      [{ ...valid, class_date: '2025-13-01' }, 'class_date', dateMessage],
      [{ ...valid, class_date: '2025-3-4' }, 'class_date', dateMessage],
      [{ ...valid, class_date: '20250304' }, 'class_date', dateMessage],
      [{ ...valid, class_date: '1800-01-01' }, 'class_date', dateMessage],
      [{ ...valid, class_date: '2025-03-04T09:00:00Z' }, 'class_date', dateMessage],
      [{ ...valid, class_date: 20250304 }, 'class_date', dateMessage],
      [{ ...valid, class_time: 0 }, 'class_time', '교시는 1~12 사이로 선택하세요.'],
      [{ ...valid, class_time: 13 }, 'class_time', '교시는 1~12 사이로 선택하세요.'],
      [{ ...valid, class_time: 1.5 }, 'class_time', '교시는 1~12 사이로 선택하세요.'],
      [{ ...valid, class_time: '2' }, 'class_time', '교시는 1~12 사이로 선택하세요.'],
      [{ ...valid, professor: '가'.repeat(101) }, 'professor', '교수명은 100자 이내로 입력하세요.'],
      [{ ...valid, subject_code: anatomy }, 'subject_code', '허용되지 않은 항목이 포함되어 있습니다.'],
    ];
    const lecture = await createClass(t.db, { subject_code: anatomy, class_name: '그대로 수업' });
    const before = (await send('GET', `/v1/subject/${anatomy}/classes`)).json().total;
    for (const [payload, field, message] of cases) {
      for (const [method, url] of [
        ['POST', `/v1/subject/${anatomy}/classes`],
        ['PUT', `/v1/class/${lecture}`],
      ] as const) {
        const response = await lead(method, url, payload);
        expect(response.statusCode, `${method} ${JSON.stringify(payload)}`).toBe(400);
        expect(response.json(), `${method} ${JSON.stringify(payload)}`).toMatchObject({ code: 'VALIDATION', message, fields: { [field]: message } });
      }
    }
    expect((await send('GET', `/v1/subject/${anatomy}/classes`)).json().total).toBe(before);
    expect((await send('GET', `/v1/class/${lecture}/meta`)).json().meta.class_name).toBe('그대로 수업');
    // Leap days are real dates.
    expect((await lead('POST', `/v1/subject/${anatomy}/classes`, { ...valid, class_date: '2024-02-29' })).statusCode).toBe(201);
  });

  it('updates a class; absent time and professor stay, null clears them', async () => {
    const lecture = await createClass(t.db, {
      subject_code: anatomy,
      class_name: '하지의 혈관',
      class_date: '2025-03-05',
      class_time: 1,
      professor: '이영희 교수',
      problems: [written[0]!],
    });
    const response = await lead('PUT', `/v1/class/${lecture}`, { class_name: '하지의 혈관과 신경', class_date: '2024-11-20' });
    expect(response.statusCode).toBe(200);
    expect(response.json().class).toEqual({
      uid: lecture,
      subject_code: anatomy,
      class_name: '하지의 혈관과 신경',
      class_date: '2024-11-20',
      class_time: 1,
      professor: '이영희 교수',
      problem_count: 1,
    });
    const cleared = (await lead('PUT', `/v1/class/${lecture}`, { ...valid, class_time: null, professor: null })).json().class;
    expect(cleared).toMatchObject({ class_name: '팔신경얼기', class_date: '2025-03-04', class_time: null, professor: null });
    expect((await send('GET', `/v1/class/${lecture}/meta`)).json().meta).toMatchObject({ class_name: '팔신경얼기', professor: null, problem_count: 1 });
    const search = (await send('GET', `/v1/subject/${anatomy}/classes?search=${encodeURIComponent('팔신경')}`)).json();
    expect(search.classes.map((c: { uid: number }) => c.uid)).toContain(lecture);
  });

  it('deletes a class with its problem links; the problems stay', async () => {
    const lecture = await createClass(t.db, { subject_code: anatomy, class_name: '지울 수업', problems: written });
    expect((await send('GET', `/v1/class/${lecture}/meta`)).json().meta.problem_count).toBe(2);
    const response = await lead('DELETE', `/v1/class/${lecture}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect((await send('GET', `/v1/class/${lecture}/meta`)).json()).toEqual({ code: 'NOT_FOUND', message: '수업 정보를 찾을 수 없습니다.' });
    const list = (await send('GET', `/v1/subject/${anatomy}/classes?limit=100`)).json();
    expect(list.classes.map((c: { uid: number }) => c.uid)).not.toContain(lecture);
    expect(await t.db.selectFrom('problem_classes').select('problem_uid').where('class_uid', '=', lecture).execute()).toEqual([]);
    expect(await t.db.selectFrom('problems').select('uid').where('uid', 'in', written).execute()).toHaveLength(2);
  });

  it('answers 404 for unknown subjects and classes, 400 for bad ids', async () => {
    const subjectMissing = await lead('POST', '/v1/subject/999999/classes', valid);
    expect(subjectMissing.statusCode).toBe(404);
    expect(subjectMissing.json().message).toBe('과목을 찾을 수 없습니다.');
    for (const [method, payload] of [
      ['PUT', valid],
      ['DELETE', undefined],
    ] as const) {
      const response = await lead(method, '/v1/class/999999', payload);
      expect(response.statusCode, method).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: '수업 정보를 찾을 수 없습니다.' });
    }
    for (const [method, url, payload] of [
      ['POST', '/v1/subject/abc/classes', valid],
      ['POST', '/v1/subject/0/classes', valid],
      ['PUT', '/v1/class/-1', valid],
      ['DELETE', '/v1/class/x', undefined],
    ] as const) {
      expect((await lead(method, url, payload)).statusCode, `${method} ${url}`).toBe(400);
    }
  });

  it('is for leads, admins and superadmins only, checked before the body', async () => {
    const target = await createClass(t.db, { subject_code: anatomy, class_name: '지킬 수업' });
    for (const [cookie, status, code] of [
      [undefined, 401, 'UNAUTHENTICATED'],
      [cookies.pending, 403, 'NOT_APPROVED'],
      [cookies.student, 403, 'FORBIDDEN'],
    ] as const) {
      for (const [method, url, payload] of [
        ['POST', `/v1/subject/${anatomy}/classes`, valid],
        ['POST', `/v1/subject/${anatomy}/classes`, { nonsense: 1 }],
        ['PUT', `/v1/class/${target}`, valid],
        ['DELETE', `/v1/class/${target}`, undefined],
      ] as const) {
        const response = await send(method, url, cookie, payload);
        expect(response.statusCode, `${code} ${method} ${url}`).toBe(status);
        expect(response.json().code).toBe(code);
      }
    }
    expect((await send('GET', `/v1/class/${target}/meta`)).json().meta.class_name).toBe('지킬 수업');

    for (const role of ['lead', 'admin', 'superadmin'] as const) {
      const created = await send('POST', `/v1/subject/${anatomy}/classes`, cookies[role], { ...valid, class_name: `${role} 수업` });
      expect(created.statusCode, role).toBe(201);
      const uid = created.json().class.uid;
      expect((await send('PUT', `/v1/class/${uid}`, cookies[role], valid)).statusCode, role).toBe(200);
      expect((await send('DELETE', `/v1/class/${uid}`, cookies[role])).json(), role).toEqual({ ok: true });
    }
  });
});
