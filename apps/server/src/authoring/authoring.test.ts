import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@qbank/shared/roles';
import { callAs, createMember, createTestContext, loginCookie, roleCookies, testDialects, type TestContext } from '../testing/harness';
import { countProblems, createClass, createProblem, createSetHeader, createSubject, createTest } from '../testing/factories';

// A 1×1 PNG; anything else labelled image/png is refused by sniffing.
export const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
export const PNG_DATA_URL = `data:image/png;base64,${PNG_BASE64}`;
const HTML_AS_PNG = `data:image/png;base64,${Buffer.from('<html><script>alert(1)</script></html>').toString('base64')}`;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

describe.each(testDialects)('problem authoring on %s', (dialect) => {
  let t: TestContext;
  let cookies: Record<Role | 'pending', string>;
  let lead2: string;
  let subject: number;
  let otherSubject: number;
  const call = (method: Method, url: string, cookie?: string, payload?: object) => callAs(t.app, method, url, cookie, payload);
  const problemRow = (uid: number) => t.db.selectFrom('problems').selectAll().where('uid', '=', uid).executeTakeFirst();
  const newExam = (name = '중간고사') => createTest(t.db, { subject_code: subject, test_name: name, year: 2025, grades: [21] });

  beforeAll(async () => {
    t = await createTestContext(dialect);
    cookies = await roleCookies(t.app, t.db);
    lead2 = await loginCookie(t.app, (await createMember(t.db, { role: 'lead' })).id);
    subject = await createSubject(t.db, { subject_name: '심장내과학', grades: [21] });
    otherSubject = await createSubject(t.db, { subject_name: '해부학' });
  });
  afterAll(async () => t?.close());

  it('refuses every lead call to anonymous (401), unapproved (403) and student (403) callers, changing nothing', async () => {
    const exam = await newExam();
    const uid = await createProblem(t.db, { test_code: exam, no: 1, question: '<p>원래 문제</p>' });
    const header = await createSetHeader(t.db, { test_code: exam, begin_problem_no: 1, end_problem_no: 1 });
    const calls: Array<[Method, string, object?]> = [
      ['GET', `/v1/problem/lead?test_code=${exam}&include_vacant=1`],
      ['POST', '/v1/problem/create-empty', { test_code: exam, count: 1 }],
      ['POST', '/v1/problem/create-specific', { test_code: exam, numbers: [50] }],
      ['GET', `/v1/problem/${uid}/detail`],
      ['PATCH', `/v1/problem/${uid}`, { question: '<p>바뀜</p>' }],
      ['PUT', '/v1/problem', { uid, test_code: exam, no: 1, type: 1, question: '<p>바뀜</p>' }],
      ['GET', `/v1/problem/${uid}/versions`],
      ['POST', `/v1/problem/${uid}/versions/1/restore`],
      ['POST', '/v1/problem/header', { test_code: exam, type: 1, begin_problem_no: 5, end_problem_no: 6, header_text: '<p>지문</p>' }],
      ['PATCH', `/v1/problem/header/${header}`, { header_text: '<p>바뀜</p>' }],
      ['DELETE', `/v1/problem/header/${header}`],
      ['DELETE', `/v1/problem/${uid}`],
      ['DELETE', `/v1/problem?test_code=${exam}&no=1&type=1`],
      ['DELETE', '/v1/problem/bulk-delete-vacant', { test_code: exam }],
    ];
    for (const [method, url, payload] of calls) {
      const anonymous = await call(method, url, undefined, payload);
      expect(anonymous.statusCode, `anonymous ${method} ${url}`).toBe(401);
      const pending = await call(method, url, cookies.pending, payload);
      expect(pending.statusCode, `pending ${method} ${url}`).toBe(403);
      expect(pending.json().code).toBe('NOT_APPROVED');
      const student = await call(method, url, cookies.student, payload);
      expect(student.statusCode, `student ${method} ${url}`).toBe(403);
      expect(student.json().message).toMatch(/[가-힣]/);
    }
    expect(await countProblems(t.db, exam)).toBe(1);
    expect((await problemRow(uid))?.question).toBe('<p>원래 문제</p>');
    expect(await t.db.selectFrom('set_headers').select('code').where('code', '=', header).executeTakeFirst()).toBeDefined();
  });

  it.each(['lead', 'admin', 'superadmin'] as const)('lets a %s use every lead call', async (role) => {
    const cookie = cookies[role];
    const exam = await newExam(`${role} 시험`);
    const created = await call('POST', '/v1/problem/create-empty', cookie, { test_code: exam, counts: { multiple_choice: 3, subjective: 1, slide: 0 } });
    expect(created.statusCode).toBe(201);
    const [first, second, third] = created.json().created;
    expect((await call('GET', `/v1/problem/lead?test_code=${exam}&include_vacant=1`, cookie)).json().problem_count).toBe(4);
    expect((await call('POST', '/v1/problem/create-specific', cookie, { test_code: exam, numbers: [{ type: 4, no: 1 }] })).statusCode).toBe(201);
    expect((await call('GET', `/v1/problem/${first.uid}/detail`, cookie)).statusCode).toBe(200);
    expect((await call('PATCH', `/v1/problem/${first.uid}`, cookie, { question: '<p>첫 저장</p>' })).statusCode).toBe(200);
    expect((await call('PUT', '/v1/problem', cookie, { uid: first.uid, test_code: exam, no: 1, type: 1, answer: '③' })).statusCode).toBe(200);
    const versions = (await call('GET', `/v1/problem/${first.uid}/versions`, cookie)).json();
    expect(versions.total).toBe(2);
    expect((await call('POST', `/v1/problem/${first.uid}/versions/${versions.versions[0].code}/restore`, cookie)).statusCode).toBe(200);
    const header = await call('POST', '/v1/problem/header', cookie, {
      test_code: exam,
      type: 1,
      begin_problem_no: 1,
      end_problem_no: 2,
      header_text: '<p>지문</p>',
    });
    expect(header.statusCode).toBe(201);
    expect((await call('PATCH', `/v1/problem/header/${header.json().header.code}`, cookie, { header_text: '<p>새 지문</p>' })).statusCode).toBe(200);
    expect((await call('DELETE', `/v1/problem/header/${header.json().header.code}`, cookie)).statusCode).toBe(200);
    expect((await call('DELETE', `/v1/problem/${second.uid}`, cookie)).statusCode).toBe(200);
    expect((await call('DELETE', `/v1/problem?test_code=${exam}&no=${third.no}&type=1`, cookie)).statusCode).toBe(200);
    expect((await call('DELETE', '/v1/problem/bulk-delete-vacant', cookie, { test_code: exam })).json()).toEqual({ deleted: 2 });
    expect(await countProblems(t.db, exam)).toBe(1);
  });

  it('creates empty slots per type, numbering after the highest number of each type, in one answer', async () => {
    const exam = await newExam();
    for (const no of [1, 2, 7]) await createProblem(t.db, { test_code: exam, no });
    await createProblem(t.db, { test_code: exam, no: 3, type: 2, choice_type: null });
    const response = await call('POST', '/v1/problem/create-empty', cookies.lead, { test_code: exam, counts: { multiple_choice: 2, subjective: 2, slide: 1 } });
    expect(response.statusCode).toBe(201);
    expect(response.json().created.map((slot: { type: number; no: number }) => `${slot.type}-${slot.no}`)).toEqual(['1-8', '1-9', '2-4', '2-5', '4-1']);
    const single = await call('POST', '/v1/problem/create-empty', cookies.lead, { test_code: exam, count: 2 });
    expect(single.json().created.map((slot: { no: number }) => slot.no)).toEqual([10, 11]);
    const slides = await call('POST', '/v1/problem/create-empty', cookies.lead, { test_code: exam, count: 1, type: 4 });
    expect(slides.json().created).toMatchObject([{ type: 4, no: 2 }]);
    const slot = await problemRow(response.json().created[0].uid);
    expect(slot).toMatchObject({ is_vacant: 1, question: '', test_code: exam });
  });

  it('refuses slot counts of 0 or 10,000, bad shapes, unknown exams, and creates nothing', async () => {
    const exam = await newExam();
    const cases: Array<[object, number, string?]> = [
      [{ test_code: exam, count: 0 }, 400, '추가할 문제 수를 입력하세요.'],
      [{ test_code: exam, counts: { multiple_choice: 0, subjective: 0, slide: 0 } }, 400, '추가할 문제 수를 입력하세요.'],
      [{ test_code: exam, counts: {} }, 400, '추가할 문제 수를 입력하세요.'],
      [{ test_code: exam }, 400, '추가할 문제 수를 입력하세요.'],
      [{ test_code: exam, count: 10_000 }, 400, '한 번에 유형별로 500문제까지 추가할 수 있습니다.'],
      [{ test_code: exam, counts: { multiple_choice: 10_000, subjective: 0, slide: 0 } }, 400],
      [{ test_code: exam, count: -1 }, 400],
      [{ test_code: exam, count: 1.5 }, 400],
      [{ test_code: exam, count: '3' }, 400],
      [{ test_code: exam, count: 1, type: 3 }, 400],
      [{ test_code: exam, count: 1, counts: { multiple_choice: 1 } }, 400],
      [{ test_code: exam, count: 1, extra: true }, 400],
      [{ test_code: 999_999, count: 1 }, 404, '시험 정보를 찾을 수 없습니다.'],
    ];
    for (const [payload, status, message] of cases) {
      const response = await call('POST', '/v1/problem/create-empty', cookies.lead, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().message).toMatch(/[가-힣]/);
      if (message) expect(response.json().message).toBe(message);
    }
    expect(await countProblems(t.db, exam)).toBe(0);
  });

  it('creates slots with given numbers, and refuses the whole request on any clash (409)', async () => {
    const exam = await newExam();
    await createProblem(t.db, { test_code: exam, no: 4 });
    const created = await call('POST', '/v1/problem/create-specific', cookies.lead, { test_code: exam, numbers: [5, 6, { type: 2, no: 4 }] });
    expect(created.statusCode).toBe(201);
    expect(created.json().created.map((slot: { type: number; no: number }) => `${slot.type}-${slot.no}`)).toEqual(['1-5', '1-6', '2-4']);
    const typed = await call('POST', '/v1/problem/create-specific', cookies.lead, { test_code: exam, type: 4, numbers: [4] });
    expect(typed.json().created).toMatchObject([{ type: 4, no: 4 }]);
    const before = await countProblems(t.db, exam);
    for (const numbers of [[7, 8, 4], [9, 9], [{ type: 2, no: 4 }]]) {
      const clash = await call('POST', '/v1/problem/create-specific', cookies.lead, { test_code: exam, numbers });
      expect(clash.statusCode, JSON.stringify(numbers)).toBe(409);
      expect(clash.json()).toMatchObject({ code: 'CONFLICT' });
      expect(clash.json().message).toContain('번');
    }
    expect((await call('POST', '/v1/problem/create-specific', cookies.lead, { test_code: exam, numbers: [] })).json().message).toBe(
      '추가할 문제 번호를 입력하세요.',
    );
    expect((await call('POST', '/v1/problem/create-specific', cookies.lead, { test_code: exam, numbers: [0] })).statusCode).toBe(400);
    expect((await call('POST', '/v1/problem/create-specific', cookies.lead, { test_code: exam, numbers: [{ type: 3, no: 1 }] })).statusCode).toBe(400);
    expect(await countProblems(t.db, exam)).toBe(before);
  });

  it('lists an exam for leads: vacant slots included, type then number, previews, set ranges, status and assignees', async () => {
    const exam = await newExam();
    const header = await createSetHeader(t.db, { test_code: exam, begin_problem_no: 1, end_problem_no: 2 });
    const long = `<p>${'가'.repeat(150)}</p>`;
    const written = await createProblem(t.db, { test_code: exam, no: 1, question: long, set_header_code: header });
    const slide = await createProblem(t.db, { test_code: exam, no: 1, type: 4, choice_type: null });
    const essay = await createProblem(t.db, { test_code: exam, no: 1, type: 2, choice_type: null, is_vacant: 1 });
    const vacant = await createProblem(t.db, { test_code: exam, no: 2, is_vacant: 1, set_header_code: header });
    const student = await createMember(t.db, {});
    await t.db.insertInto('assignments').values({ problem_uid: essay, member_code: student.code, status: 'assigned', assigned_by: null }).execute();

    const body = (await call('GET', `/v1/problem/lead?test_code=${exam}&include_vacant=1`, cookies.lead)).json();
    expect(body.problem_count).toBe(4);
    expect(body.test).toMatchObject({ test_code: exam, subject_name: '심장내과학', grades: [21] });
    expect(body.problem.map((p: { uid: number }) => p.uid)).toEqual([written, vacant, essay, slide]);
    expect(body.problem[0]).toMatchObject({
      uid: written,
      status: 'written',
      is_vacant: 0,
      set_header: { code: header, begin_problem_no: 1, end_problem_no: 2 },
      assignees: [],
    });
    expect(body.problem[0].question_text).toBe(`${'가'.repeat(100)}…`);
    expect(body.problem[1]).toMatchObject({ status: 'vacant', is_vacant: 1, question_text: '' });
    expect(body.problem[2]).toMatchObject({ status: 'assigned', assignees: [{ member_code: student.code, id: student.id, name: student.name, grade: null }] });

    const withoutVacant = (await call('GET', `/v1/problem/lead?test_code=${exam}`, cookies.lead)).json();
    expect(withoutVacant.problem.map((p: { uid: number }) => p.uid)).toEqual([written, slide]);
    const paged = (await call('GET', `/v1/problem/lead?test_code=${exam}&include_vacant=1&page=2&limit=3`, cookies.lead)).json();
    expect(paged.problem.map((p: { uid: number }) => p.uid)).toEqual([slide]);
    expect((await call('GET', `/v1/problem/lead?test_code=${exam}&limit=500`, cookies.lead)).json().limit).toBe(100);
    // Vacant slots stay out of the reading screens.
    const read = (await call('GET', `/v1/problem?test_code=${exam}`, cookies.student)).json();
    expect(read.problem.map((p: { uid: number }) => p.uid)).toEqual([written, slide]);

    expect((await call('GET', '/v1/problem/lead?test_code=999999', cookies.lead)).statusCode).toBe(404);
    for (const query of ['', 'test_code=abc', `test_code=${exam}&include_vacant=yes`, `test_code=${exam}&page=0`, `test_code=${exam}&foo=1`]) {
      expect((await call('GET', `/v1/problem/lead?${query}`, cookies.lead)).statusCode, query).toBe(400);
    }
  });

  it('shows a problem in detail, vacant or not, with header, classes, assignees, status and exam', async () => {
    const exam = await newExam();
    const header = await createSetHeader(t.db, { test_code: exam, begin_problem_no: 1, end_problem_no: 1, header_text: '<p>공통</p>' });
    const uid = await createProblem(t.db, { test_code: exam, no: 1, is_vacant: 1, set_header_code: header });
    const klass = await createClass(t.db, { subject_code: subject, class_name: '심부전', class_date: '2025-04-01', problems: [uid] });
    const body = (await call('GET', `/v1/problem/${uid}/detail`, cookies.admin)).json().problem;
    expect(body).toMatchObject({
      uid,
      no: 1,
      type: 1,
      is_vacant: 1,
      status: 'vacant',
      assignees: [],
      version_count: 0,
      updated_by: null,
      classes: [{ uid: klass, class_name: '심부전', class_date: '2025-04-01' }],
      set_header: { code: header, header_text: '<p>공통</p>', begin_problem_no: 1, end_problem_no: 1 },
      test: { test_code: exam, test_name: '중간고사', year: 2025, subject_name: '심장내과학', grades: [21] },
    });
    expect((await call('GET', '/v1/problem/999999/detail', cookies.lead)).statusCode).toBe(404);
    expect((await call('GET', '/v1/problem/abc/detail', cookies.lead)).statusCode).toBe(400);
  });

  it('edits only the fields sent: sanitized, plain text and search document recomputed, searchable', async () => {
    const exam = await newExam();
    const uid = await createProblem(t.db, { test_code: exam, no: 1, question: '<p>승모판 협착증의 청진 소견은?</p>', answer: '①' });
    const response = await call('PATCH', `/v1/problem/${uid}`, cookies.lead, {
      question:
        '<p>대동맥판 <strong>협착증</strong>의 소견은?<img src=x onerror="alert(1)"><script>alert(2)</script></p><a href="javascript:alert(3)">링크</a>',
      comments: '<p onclick="alert(4)">해설: 수축기 잡음</p>',
      illustration: '① 이완기 잡음\n② 수축기 잡음',
      choice_type: 2,
    });
    expect(response.statusCode).toBe(200);
    const problem = response.json().problem;
    expect(problem.question).toBe('<p>대동맥판 <strong>협착증</strong>의 소견은?</p><a rel="noopener noreferrer nofollow" target="_blank">링크</a>');
    expect(problem.comments).toBe('<p>해설: 수축기 잡음</p>');
    expect(problem).toMatchObject({ question_text: '대동맥판 협착증의 소견은? 링크', answer: '①', choice_type: 2, version_count: 1 });
    const row = await problemRow(uid);
    expect(row?.search_text).toContain('수축기 잡음');
    expect(row?.search_text).not.toContain('승모판');

    const search = async (q: string) => (await call('GET', `/v1/problem?test_code=${exam}&q=${encodeURIComponent(q)}`, cookies.student)).json().problem_count;
    expect(await search('대동맥판')).toBe(1);
    expect(await search('승모판')).toBe(0);
    expect(await search('이완기')).toBe(1);
  });

  it('refuses a type change, an empty or unchanged edit, unknown fields and bad values, changing nothing', async () => {
    const exam = await newExam();
    const uid = await createProblem(t.db, { test_code: exam, no: 1 });
    await createProblem(t.db, { test_code: exam, no: 2 });
    const otherExam = await newExam('다른 시험');
    const foreignHeader = await createSetHeader(t.db, { test_code: otherExam, begin_problem_no: 1, end_problem_no: 1 });
    const foreignClass = await createClass(t.db, { subject_code: otherSubject });
    const before = await problemRow(uid);

    const typeChange = await call('PATCH', `/v1/problem/${uid}`, cookies.lead, { type: 2, question: '<p>x</p>' });
    expect(typeChange.statusCode).toBe(400);
    expect(typeChange.json().message).toBe('문제 유형은 바꿀 수 없습니다.');
    expect((await call('PATCH', `/v1/problem/${uid}`, cookies.lead, {})).json()).toMatchObject({ message: '변경된 내용이 없습니다.' });
    expect((await call('PATCH', `/v1/problem/${uid}`, cookies.lead, { type: 1 })).json().message).toBe('변경된 내용이 없습니다.');
    expect((await call('PATCH', `/v1/problem/${uid}`, cookies.lead, { question: before!.question })).json().message).toBe('변경된 내용이 없습니다.');
    const duplicate = await call('PATCH', `/v1/problem/${uid}`, cookies.lead, { no: 2 });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toContain('객관식 2번');
    for (const payload of [
      { question: 3 },
      { choice_type: 3 },
      { no: 0 },
      { unknown: 'x' },
      { set_header_code: foreignHeader },
      { class_uids: [foreignClass] },
      { class_uids: [999_999] },
      { question_pic: '/etc/passwd' },
      { question_pic: '/uploads/missing.png' },
      { answer: 'x'.repeat(5001) },
    ]) {
      const response = await call('PATCH', `/v1/problem/${uid}`, cookies.lead, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toMatch(/[가-힣]/);
    }
    const put = await call('PUT', '/v1/problem', cookies.lead, { uid, test_code: exam, no: 1, type: 4, answer: 'x' });
    expect(put.json().message).toBe('문제 유형은 바꿀 수 없습니다.');
    expect((await call('PUT', '/v1/problem', cookies.lead, { uid, test_code: otherExam, no: 1, type: 1, answer: 'x' })).statusCode).toBe(400);
    expect((await call('PUT', '/v1/problem', cookies.lead, { uid, test_code: exam, type: 1, answer: 'x' })).statusCode).toBe(400);
    expect((await call('PATCH', '/v1/problem/999999', cookies.lead, { answer: 'x' })).statusCode).toBe(404);
    expect((await call('PUT', '/v1/problem', cookies.lead, { uid: 999_999, test_code: exam, no: 1, type: 1, answer: 'x' })).statusCode).toBe(404);

    expect(await problemRow(uid)).toEqual(before);
    expect(await t.db.selectFrom('problem_versions').select('code').where('problem_uid', '=', uid).execute()).toEqual([]);
  });

  it('renumbers, links set headers and classes of the exam, and fills a vacant slot', async () => {
    const exam = await newExam();
    const header = await createSetHeader(t.db, { test_code: exam, begin_problem_no: 8, end_problem_no: 9 });
    const klass = await createClass(t.db, { subject_code: subject, class_name: '부정맥' });
    const uid = await createProblem(t.db, { test_code: exam, no: 1, is_vacant: 1 });
    const answerOnly = await call('PATCH', `/v1/problem/${uid}`, cookies.lead, { answer: '②' });
    expect(answerOnly.json().problem).toMatchObject({ is_vacant: 1, status: 'vacant' });
    const filled = await call('PUT', '/v1/problem', cookies.lead, {
      uid,
      test_code: exam,
      no: 8,
      type: 1,
      question: '<p>심방세동의 치료는?</p>',
      set_header_code: header,
      class_uids: [klass, klass],
    });
    expect(filled.statusCode).toBe(200);
    expect(filled.json().problem).toMatchObject({ no: 8, is_vacant: 0, status: 'written', set_header: { code: header }, classes: [{ uid: klass }] });
    const readers = (await call('GET', `/v1/problem?class_heritage_code=${klass}`, cookies.student)).json();
    expect(readers.problem.map((p: { uid: number }) => p.uid)).toEqual([uid]);
    const unlinked = await call('PATCH', `/v1/problem/${uid}`, cookies.lead, { set_header_code: null, class_uids: [] });
    expect(unlinked.json().problem).toMatchObject({ set_header: null, classes: [] });
    // Clearing the question turns the problem back into an empty slot; the content stays in its history.
    const cleared = await call('PATCH', `/v1/problem/${uid}`, cookies.lead, { question: '<p> </p>' });
    expect(cleared.json().problem).toMatchObject({ is_vacant: 1, version_count: 4 });
  });

  it('stores pictures as sniffed uploads, keeps or removes them, and refuses HTML posing as an image or one over 5 MB', async () => {
    const exam = await newExam();
    const uid = await createProblem(t.db, { test_code: exam, no: 1 });
    const saved = await call('PATCH', `/v1/problem/${uid}`, cookies.lead, {
      question_pic: PNG_DATA_URL,
      answer_pic: PNG_DATA_URL,
      question: `<p>그림 문제<img src="${PNG_DATA_URL}" alt="ECG"></p>`,
    });
    expect(saved.statusCode).toBe(200);
    const picture = saved.json().problem.question_pic_path as string;
    expect(picture).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);
    expect(saved.json().problem.answer_pic_path).toBe(picture);
    expect(saved.json().problem.question).toBe(`<p>그림 문제<img src="${picture}" alt="ECG" /></p>`);
    expect(existsSync(path.join(t.config.uploadsDir, path.basename(picture)))).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: picture });
    expect(served.statusCode).toBe(200);
    expect(served.headers['x-content-type-options']).toBe('nosniff');

    expect((await call('PATCH', `/v1/problem/${uid}`, cookies.lead, { question_pic: picture })).json().message).toBe('변경된 내용이 없습니다.');
    const removed = await call('PATCH', `/v1/problem/${uid}`, cookies.lead, { answer_pic: null, comment_pic: picture });
    expect(removed.json().problem).toMatchObject({ answer_pic_path: null, comment_pic_path: picture, question_pic_path: picture });

    const before = await problemRow(uid);
    const html = await call('PATCH', `/v1/problem/${uid}`, cookies.lead, { answer: '새 답', comment_pic: HTML_AS_PNG });
    expect(html.statusCode).toBe(400);
    expect(html.json().message).toBe('이미지는 PNG, JPEG, GIF, WebP 형식만 올릴 수 있습니다.');
    expect((await call('PATCH', `/v1/problem/${uid}`, cookies.lead, { question_pic: 'data:image/png;base64,%%%' })).statusCode).toBe(400);
    const inlineHtml = await call('PATCH', `/v1/problem/${uid}`, cookies.lead, { question: `<p><img src="${HTML_AS_PNG}"></p>` });
    expect(inlineHtml.statusCode).toBe(400);

    const big = Buffer.concat([Buffer.from(PNG_BASE64, 'base64'), Buffer.alloc(20 * 1024 * 1024)]);
    const tooLarge = await call('PATCH', `/v1/problem/${uid}`, cookies.lead, { question_pic: `data:image/png;base64,${big.toString('base64')}` });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: '이미지는 한 장에 5MB 이하만 올릴 수 있습니다.' });
    expect(await problemRow(uid)).toEqual(before);
    // Four 5 MB pictures fit in one request; a body beyond that is refused before it is parsed.
    const four = `data:image/png;base64,${Buffer.concat([Buffer.from(PNG_BASE64, 'base64'), Buffer.alloc(5 * 1024 * 1024 - 70)]).toString('base64')}`;
    const fourBody = { question_pic: four, answer_pic: four, comment_pic: four, question: `<p><img src="${four}"></p>` };
    expect((await call('PATCH', `/v1/problem/${uid}`, cookies.lead, fourBody)).statusCode).toBe(200);
    const huge = await call('PATCH', `/v1/problem/${uid}`, cookies.lead, { question_pic: `data:image/png;base64,${'A'.repeat(31 * 1024 * 1024)}` });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toMatch(/[가-힣]/);
    expect((await problemRow(uid))?.question_pic_path).not.toBe(before?.question_pic_path);
  });

  it('keeps every earlier state: two edits make two versions with their authors, and a restore adds one', async () => {
    const exam = await newExam();
    const uid = await createProblem(t.db, { test_code: exam, no: 1, question: '<p>원본 문제</p>', answer: '①' });
    const leadMember = (await call('GET', '/v1/auth/me', cookies.lead)).json();
    const otherLead = (await call('GET', '/v1/auth/me', lead2)).json();
    expect((await call('PATCH', `/v1/problem/${uid}`, cookies.lead, { question: '<p>첫 수정</p>' })).statusCode).toBe(200);
    expect((await call('PATCH', `/v1/problem/${uid}`, lead2, { answer: '②', question_pic: PNG_DATA_URL })).statusCode).toBe(200);

    const history = (await call('GET', `/v1/problem/${uid}/versions`, cookies.lead)).json();
    expect(history.total).toBe(2);
    const [newest, oldest] = history.versions;
    expect(oldest.edited_by).toBeNull();
    expect(oldest.snapshot).toMatchObject({ no: 1, type: 1, question: '<p>원본 문제</p>', answer: '①', question_pic_path: null, is_vacant: 0, class_uids: [] });
    const leadUser = leadMember.user ?? leadMember;
    const otherUser = otherLead.user ?? otherLead;
    expect(newest.edited_by).toEqual({ member_code: leadUser.code, id: leadUser.id, name: leadUser.name });
    expect(newest.snapshot).toMatchObject({ question: '<p>첫 수정</p>', answer: '①' });
    expect(newest.code).toBeGreaterThan(oldest.code);
    const detail = (await call('GET', `/v1/problem/${uid}/detail`, cookies.lead)).json().problem;
    expect(detail.updated_by).toEqual({ member_code: otherUser.code, id: otherUser.id, name: otherUser.name });

    const restored = await call('POST', `/v1/problem/${uid}/versions/${oldest.code}/restore`, cookies.lead);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().problem).toMatchObject({ question: '<p>원본 문제</p>', answer: '①', question_pic_path: null, version_count: 3 });
    const after = (await call('GET', `/v1/problem/${uid}/versions`, cookies.lead)).json();
    expect(after.versions[0].snapshot).toMatchObject({ question: '<p>첫 수정</p>', answer: '②' });
    expect(after.versions[0].snapshot.question_pic_path).toMatch(/^\/uploads\//);
    expect(after.versions[0].edited_by.member_code).toBe(otherUser.code);
    expect((await problemRow(uid))?.search_text).toContain('원본 문제');

    expect((await call('POST', `/v1/problem/${uid}/versions/${oldest.code}/restore`, cookies.lead)).json().message).toBe('변경된 내용이 없습니다.');
    expect((await call('POST', `/v1/problem/${uid}/versions/999999/restore`, cookies.lead)).statusCode).toBe(404);
    const other = await createProblem(t.db, { test_code: exam, no: 2 });
    expect((await call('POST', `/v1/problem/${other}/versions/${oldest.code}/restore`, cookies.lead)).statusCode).toBe(404);
    expect((await call('GET', '/v1/problem/999999/versions', cookies.lead)).statusCode).toBe(404);
    expect((await call('GET', `/v1/problem/${uid}/versions?limit=1&page=2`, cookies.lead)).json().versions).toHaveLength(1);
  });

  it('re-judges every stored answer when an edit or a restore changes the key, and drops the review cards built on them', async () => {
    const exam = await newExam();
    const uid = await createProblem(t.db, { test_code: exam, no: 1, question: '<p>키가 바뀌는 문제</p>', answer: '①' });
    const student = await t.db.selectFrom('members').select('code').where('authority', 'is', null).where('validated', '=', 1).executeTakeFirstOrThrow();
    const answer = async (given: string, judged_by: 'machine' | 'self' = 'machine', is_correct = given === '①') =>
      (
        await t.db
          .insertInto('solve_attempts')
          .values({ member_code: student.code, problem_uid: uid, answer: given, is_correct: is_correct ? 1 : 0, source: 'session', judged_by })
          .returning('code')
          .executeTakeFirstOrThrow()
      ).code;
    const [right, wrong, self] = [await answer('①'), await answer('②'), await answer('②', 'self', true)];
    await t.db
      .insertInto('review_cards')
      .values({
        member_code: student.code,
        problem_uid: uid,
        due: '2026-12-01T00:00:00.000Z',
        stability: 1,
        difficulty: 5,
        scheduled_days: 1,
        reps: 1,
        lapses: 0,
        state: 2,
        last_review: '2026-11-20T00:00:00.000Z',
        synced_attempt_code: self,
      })
      .execute();
    const verdicts = async () =>
      Object.fromEntries(
        (await t.db.selectFrom('solve_attempts').select(['code', 'is_correct']).where('problem_uid', '=', uid).execute()).map((row) => [
          row.code,
          row.is_correct,
        ]),
      );
    const cards = async () => (await t.db.selectFrom('review_cards').select('problem_uid').where('problem_uid', '=', uid).execute()).length;

    expect((await call('PATCH', `/v1/problem/${uid}`, cookies.lead, { answer: '②' })).statusCode).toBe(200);
    expect(await verdicts()).toEqual({ [right]: 0, [wrong]: 1, [self]: 1 });
    expect(await cards()).toBe(0);

    const oldest = (await call('GET', `/v1/problem/${uid}/versions`, cookies.lead)).json().versions.at(-1);
    expect((await call('POST', `/v1/problem/${uid}/versions/${oldest.code}/restore`, cookies.lead)).statusCode).toBe(200);
    // The member's own verdict on a self-judged answer is theirs to keep.
    expect(await verdicts()).toEqual({ [right]: 1, [wrong]: 0, [self]: 1 });

    expect((await call('PATCH', `/v1/problem/${uid}`, cookies.lead, { question: '<p>키는 그대로</p>' })).statusCode).toBe(200);
    expect(await verdicts()).toEqual({ [right]: 1, [wrong]: 0, [self]: 1 });
  });

  it('tells each member whose stored verdict an answer-key edit changed, in the same transaction as the edit', async () => {
    const exam = await newExam();
    const uid = await createProblem(t.db, { test_code: exam, no: 1, question: '<p>알림 문제</p>', answer: '①' });
    const [nowWrong, nowRight, unchanged, selfJudged] = [
      await createMember(t.db),
      await createMember(t.db),
      await createMember(t.db),
      await createMember(t.db),
    ];
    const answer = (member: { code: number }, given: string, judged_by: 'machine' | 'self' = 'machine') =>
      t.db
        .insertInto('solve_attempts')
        .values({ member_code: member.code, problem_uid: uid, answer: given, is_correct: given === '①' ? 1 : 0, source: 'solve', judged_by })
        .execute();
    await answer(nowWrong, '①');
    await answer(nowRight, '②');
    await answer(unchanged, '③');
    await answer(selfJudged, '①', 'self');
    const told = async (member: { code: number }) =>
      t.db.selectFrom('notifications').select(['kind', 'problem_uid', 'detail']).where('member_code', '=', member.code).orderBy('code').execute();

    // Not the key: nobody is told.
    expect((await call('PATCH', `/v1/problem/${uid}`, cookies.lead, { question: '<p>알림 문제 (수정)</p>' })).statusCode).toBe(200);
    expect(await told(nowWrong)).toEqual([]);

    expect((await call('PATCH', `/v1/problem/${uid}`, cookies.lead, { answer: '②' })).statusCode).toBe(200);
    expect(await told(nowWrong)).toEqual([{ kind: 'verdict_changed', problem_uid: uid, detail: 'wrong' }]);
    expect(await told(nowRight)).toEqual([{ kind: 'verdict_changed', problem_uid: uid, detail: 'correct' }]);
    expect(await told(unchanged)).toEqual([]);
    expect(await told(selfJudged)).toEqual([]);

    // A refused save re-judges nothing and tells nobody.
    await createProblem(t.db, { test_code: exam, no: 2 });
    expect((await call('PATCH', `/v1/problem/${uid}`, cookies.lead, { answer: '③', no: 2 })).statusCode).toBe(409);
    expect(await told(unchanged)).toEqual([]);
  });

  it('creates, edits and removes set headers, linking the multiple-choice problems of the range', async () => {
    const exam = await newExam();
    const [p1, p2, p3] = [
      await createProblem(t.db, { test_code: exam, no: 1 }),
      await createProblem(t.db, { test_code: exam, no: 2, is_vacant: 1 }),
      await createProblem(t.db, { test_code: exam, no: 3 }),
    ];
    const essay = await createProblem(t.db, { test_code: exam, no: 2, type: 2, choice_type: null });
    const created = await call('POST', '/v1/problem/header', cookies.lead, {
      test_code: exam,
      type: 2,
      begin_problem_no: 1,
      end_problem_no: 2,
      header_text: '<p>[1-2] 환자<script>alert(1)</script></p>',
      pic: PNG_DATA_URL,
    });
    expect(created.statusCode).toBe(201);
    const header = created.json().header;
    expect(header).toMatchObject({ test_code: exam, type: 2, begin_problem_no: 1, end_problem_no: 2, header_text: '<p>[1-2] 환자</p>' });
    expect(header.pic_path).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);
    expect(created.json().problem_uids).toEqual([p1, p2]);
    expect((await problemRow(essay))?.set_header_code).toBeNull();
    const listed = (await t.app.inject({ method: 'GET', url: `/v1/problem/header?test_code=${exam}` })).json().headers;
    expect(listed).toHaveLength(1);

    const overlap = await call('POST', '/v1/problem/header', cookies.lead, {
      test_code: exam,
      type: 1,
      begin_problem_no: 2,
      end_problem_no: 3,
      header_text: '<p>겹침</p>',
    });
    expect(overlap.statusCode).toBe(409);
    for (const payload of [
      { test_code: exam, type: 1, begin_problem_no: 5, end_problem_no: 4, header_text: '<p>x</p>' },
      { test_code: exam, type: 3, begin_problem_no: 5, end_problem_no: 6, header_text: '<p>x</p>' },
      { test_code: exam, type: 1, begin_problem_no: 5, end_problem_no: 6, header_text: '<p> </p>' },
      { test_code: exam, type: 1, begin_problem_no: 5, end_problem_no: 6, header_text: '<p>x</p>', pic: HTML_AS_PNG },
      { test_code: exam, type: 1, begin_problem_no: 5, end_problem_no: 6 },
      { test_code: exam, type: 1, begin_problem_no: 5, end_problem_no: 6, header_text: 'x', extra: 1 },
    ]) {
      expect((await call('POST', '/v1/problem/header', cookies.lead, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(
      (await call('POST', '/v1/problem/header', cookies.lead, { test_code: 999_999, type: 1, begin_problem_no: 1, end_problem_no: 1, header_text: 'x' }))
        .statusCode,
    ).toBe(404);

    const moved = await call('PATCH', `/v1/problem/header/${header.code}`, cookies.lead, { begin_problem_no: 2, end_problem_no: 3, pic: null });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ header: { begin_problem_no: 2, end_problem_no: 3, pic_path: null }, problem_uids: [p2, p3] });
    expect((await problemRow(p1))?.set_header_code).toBeNull();
    const textOnly = await call('PATCH', `/v1/problem/header/${header.code}`, cookies.lead, { header_text: '<p>새 지문</p>' });
    expect(textOnly.json()).toMatchObject({ header: { header_text: '<p>새 지문</p>' }, problem_uids: [p2, p3] });
    expect((await call('PATCH', `/v1/problem/header/${header.code}`, cookies.lead, { end_problem_no: 1 })).statusCode).toBe(400);
    expect((await call('PATCH', `/v1/problem/header/${header.code}`, cookies.lead, {})).json().message).toBe('변경된 내용이 없습니다.');
    expect((await call('PATCH', '/v1/problem/header/999999', cookies.lead, { header_text: 'x' })).statusCode).toBe(404);

    expect((await call('DELETE', `/v1/problem/header/${header.code}`, cookies.lead)).json()).toEqual({ ok: true });
    expect((await problemRow(p2))?.set_header_code).toBeNull();
    expect((await call('DELETE', `/v1/problem/header/${header.code}`, cookies.lead)).statusCode).toBe(404);
  });

  it('deletes one problem by id or by number, and only the vacant slots without history in bulk', async () => {
    const exam = await newExam();
    const written = await createProblem(t.db, { test_code: exam, no: 1 });
    const byNumber = await createProblem(t.db, { test_code: exam, no: 2, type: 2, choice_type: null });
    await createProblem(t.db, { test_code: exam, no: 3, is_vacant: 1 });
    await createProblem(t.db, { test_code: exam, no: 4, is_vacant: 1 });
    // Emptied after a save: its history holds content, so the bulk delete keeps it.
    const emptied = await createProblem(t.db, { test_code: exam, no: 5 });
    await call('PATCH', `/v1/problem/${emptied}`, cookies.lead, { question: '' });
    expect((await problemRow(emptied))?.is_vacant).toBe(1);

    expect((await call('DELETE', `/v1/problem/${written}`, cookies.lead)).json()).toEqual({ ok: true, deleted: { uid: written, no: 1, type: 1 } });
    expect(await problemRow(written)).toBeUndefined();
    expect((await call('DELETE', `/v1/problem/${written}`, cookies.lead)).statusCode).toBe(404);
    expect((await call('DELETE', `/v1/problem?test_code=${exam}&no=2&type=1`, cookies.lead)).statusCode).toBe(404);
    expect((await call('DELETE', `/v1/problem?test_code=${exam}&no=2&type=2`, cookies.lead)).json().deleted.uid).toBe(byNumber);
    expect((await call('DELETE', `/v1/problem?test_code=${exam}&no=2`, cookies.lead)).statusCode).toBe(400);
    expect((await call('DELETE', `/v1/problem?test_code=${exam}&no=2&type=3`, cookies.lead)).statusCode).toBe(400);
    expect((await call('DELETE', '/v1/problem/bulk-delete-vacant', cookies.lead, { test_code: exam })).json()).toEqual({ deleted: 2 });
    expect((await call('DELETE', '/v1/problem/bulk-delete-vacant', cookies.lead, { test_code: exam })).json()).toEqual({ deleted: 0 });
    expect((await call('DELETE', '/v1/problem/bulk-delete-vacant', cookies.lead, { test_code: 999_999 })).statusCode).toBe(404);
    expect((await call('DELETE', '/v1/problem/bulk-delete-vacant', cookies.lead, {})).statusCode).toBe(400);
    expect(await countProblems(t.db, exam)).toBe(1);
  });
});
