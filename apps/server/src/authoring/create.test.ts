import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countProblems, createClass, createProblem, createSetHeader, createSubject, createTest } from '../testing/factories';
import { createMember, createTestContext, loginCookie, testDialects, type TestContext } from '../testing/harness';

// A 1×1 PNG (the picture checks sniff it).
const PNG_DATA_URL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe.each(testDialects)('POST /v1/problem on %s', (dialect) => {
  let t: TestContext;
  let lead: string;
  let student: string;
  let leadCode: number;
  let subject: number;
  const post = (payload: object, cookie = lead) => t.app.inject({ method: 'POST', url: '/v1/problem', headers: { cookie }, payload });

  beforeAll(async () => {
    t = await createTestContext(dialect);
    const leadMember = await createMember(t.db, { role: 'lead' });
    leadCode = leadMember.code;
    lead = await loginCookie(t.app, leadMember.id);
    student = await loginCookie(t.app, (await createMember(t.db)).id);
    subject = await createSubject(t.db, { subject_name: '순환기내과학' });
  });
  afterAll(async () => t?.close());

  it('creates a written problem with sanitized content, pictures, classes and search text (201)', async () => {
    const exam = await createTest(t.db, { subject_code: subject });
    const header = await createSetHeader(t.db, { test_code: exam, begin_problem_no: 1, end_problem_no: 2 });
    const klass = await createClass(t.db, { subject_code: subject });
    const response = await post({
      test_code: exam,
      no: 1,
      type: 1,
      choice_type: 5,
      question: `<p>급성 심근경색의 첫 검사는?<script>alert(1)</script><img src="${PNG_DATA_URL}"></p>`,
      illustration: '① 심전도\n② 트로포닌\n③ 흉부 X선\n④ 심초음파\n⑤ 관상동맥조영술',
      answer: '①',
      comments: '<p onclick="x()">심전도를 10분 안에 찍는다.</p>',
      question_pic: PNG_DATA_URL,
      set_header_code: header,
      class_uids: [klass],
    });
    expect(response.statusCode).toBe(201);
    const { problem } = response.json();
    expect(problem).toMatchObject({ test_code: exam, no: 1, type: 1, choice_type: 5, is_vacant: 0, answer: '①' });
    expect(problem.question).not.toContain('script');
    expect(problem.question).not.toContain('data:');
    expect(problem.comments).not.toContain('onclick');
    expect(problem.classes.map((c: { uid: number }) => c.uid)).toEqual([klass]);
    const row = await t.db.selectFrom('problems').selectAll().where('uid', '=', problem.uid).executeTakeFirstOrThrow();
    expect(row.updated_by).toBe(leadCode);
    expect(row.set_header_code).toBe(header);
    expect(row.search_text).toContain('트로포닌');
    expect(row.choseong_text).toContain('ㅅㄱㄱㅅ');
    expect(existsSync(path.join(t.config.uploadsDir, path.basename(row.question_pic_path!)))).toBe(true);
    const search = await t.app.inject({ method: 'GET', url: `/v1/problem?q=${encodeURIComponent('트로포닌')}`, headers: { cookie: student } });
    expect(search.json().problem.map((p: { uid: number }) => p.uid)).toEqual([problem.uid]);

    // The first edit keeps this state, with its author, in the history.
    expect((await t.app.inject({ method: 'PATCH', url: `/v1/problem/${problem.uid}`, headers: { cookie: lead }, payload: { answer: '②' } })).statusCode).toBe(
      200,
    );
    const versions = (await t.app.inject({ method: 'GET', url: `/v1/problem/${problem.uid}/versions`, headers: { cookie: lead } })).json();
    expect(versions.versions[0]).toMatchObject({ snapshot: { answer: '①' } });
  });

  it('makes an empty slot of an empty question, defaults the choice type, and refuses a taken number with 409', async () => {
    const exam = await createTest(t.db, { subject_code: subject });
    await createProblem(t.db, { test_code: exam, no: 3 });
    const empty = await post({ test_code: exam, no: 1, type: 1 });
    expect(empty.statusCode).toBe(201);
    expect(empty.json().problem).toMatchObject({ is_vacant: 1, choice_type: 5 });
    const essay = await post({ test_code: exam, no: 3, type: 2, question: '<p>심부전의 치료를 쓰시오.</p>' });
    expect(essay.statusCode).toBe(201);
    expect(essay.json().problem).toMatchObject({ is_vacant: 0, choice_type: null, type: 2 });
    const taken = await post({ test_code: exam, no: 3, type: 1, question: '<p>중복</p>' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toContain('이미 같은 번호의 문제가 있습니다');
    expect(await countProblems(t.db, exam)).toBe(3);
  });

  it('takes the fields of a problem as a client read them: derived ones ignored, read names of pictures and passage honoured (issue 26 item 20)', async () => {
    const exam = await createTest(t.db, { subject_code: subject });
    const header = await createSetHeader(t.db, { test_code: exam, begin_problem_no: 1, end_problem_no: 3 });
    const response = await post({
      test_code: exam,
      no: 2,
      type: 1,
      choice_type: 5,
      uid: 123456,
      problem_code: 123456,
      code: 123456,
      test_name: '아무 시험',
      subject_name: '아무 과목',
      year: 1999,
      question: '<p>심전도의 P파는?</p>',
      question_text: '다른 글',
      is_vacant: 1,
      illustration: '① 심방 탈분극\n② 심실 탈분극',
      answer: '①',
      qpic_path: PNG_DATA_URL,
      answer_pic_path: null,
      set_header: { code: header, begin_problem_no: 1 },
      member_in_charge_code: null,
      person_in_charge_id: null,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { problem } = response.json();
    expect(problem.uid).not.toBe(123456);
    expect(problem).toMatchObject({ test_code: exam, no: 2, is_vacant: 0, question_text: '심전도의 P파는?', answer_pic_path: null });
    expect(problem.test_name).not.toBe('아무 시험');
    expect(problem.question_pic_path).toMatch(/^\/uploads\//);
    expect(problem.set_header?.code).toBe(header);
  });

  it('refuses bad input with 400 and a Korean message, a missing exam with 404, students with 403, storing nothing', async () => {
    const exam = await createTest(t.db, { subject_code: subject });
    const otherExam = await createTest(t.db, { subject_code: subject });
    const foreignHeader = await createSetHeader(t.db, { test_code: otherExam, begin_problem_no: 1, end_problem_no: 2 });
    const otherSubjectClass = await createClass(t.db, { subject_code: await createSubject(t.db, { subject_name: '해부학' }) });
    for (const payload of [
      { test_code: exam, no: 0, type: 1 },
      { test_code: exam, no: 1, type: 3 },
      { test_code: exam, no: 1 },
      { test_code: exam, no: 1, type: 1, choice_type: 7 },
      { test_code: exam, no: 1, type: 1, uid: 'x' },
      { test_code: exam, no: 1, type: 1, is_vacant: 2 },
      { test_code: exam, no: 1, type: 1, member_in_charge_code: 7 },
      { test_code: exam, no: 1, type: 1, question_pic: PNG_DATA_URL, qpic_path: null },
      { test_code: exam, no: 1, type: 1, set_header_code: foreignHeader, set_header: null },
      { test_code: exam, no: 1, type: 1, question_pic: 'data:image/png;base64,PGh0bWw+' },
      { test_code: exam, no: 1, type: 1, question_pic: '/etc/passwd' },
      { test_code: exam, no: 1, type: 1, set_header_code: foreignHeader },
      { test_code: exam, no: 1, type: 1, class_uids: [otherSubjectClass] },
    ]) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toMatch(/[가-힣]/);
    }
    expect((await post({ test_code: 999999, no: 1, type: 1 })).statusCode).toBe(404);
    expect((await post({ test_code: exam, no: 1, type: 1 }, student)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/v1/problem', payload: { test_code: exam, no: 1, type: 1 } })).statusCode).toBe(401);
    expect(await countProblems(t.db, exam)).toBe(0);
  });
});
