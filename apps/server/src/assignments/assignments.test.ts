import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@qbank/shared/roles';
import type { MemberRow } from '../db/schema';
import { callAs, createMember, createTestContext, loginCookie, roleCookies, testDialects, type TestContext } from '../testing/harness';
import { createProblem, createSubject, createTest } from '../testing/factories';

const PNG_DATA_URL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

describe.each(testDialects)('assignment and my problems on %s', (dialect) => {
  let t: TestContext;
  let cookies: Record<Role | 'pending', string>;
  let subject: number;
  let alice: MemberRow;
  let bob: MemberRow;
  let aliceCookie: string;
  let bobCookie: string;
  let unapproved: MemberRow;
  const call = (method: Method, url: string, cookie?: string, payload?: object) => callAs(t.app, method, url, cookie, payload);
  const assignmentRows = (uids: number[]) =>
    t.db
      .selectFrom('assignments')
      .select(['problem_uid', 'member_code', 'status'])
      .where('problem_uid', 'in', uids)
      .orderBy('problem_uid')
      .orderBy('member_code')
      .execute();
  const slots = async (testCode: number, count: number) => {
    const uids: number[] = [];
    for (let no = 1; no <= count; no += 1) uids.push(await createProblem(t.db, { test_code: testCode, no, is_vacant: 1 }));
    return uids;
  };

  beforeAll(async () => {
    t = await createTestContext(dialect);
    cookies = await roleCookies(t.app, t.db);
    alice = await createMember(t.db);
    bob = await createMember(t.db);
    unapproved = await createMember(t.db, { validated: false });
    aliceCookie = await loginCookie(t.app, alice.id);
    bobCookie = await loginCookie(t.app, bob.id);
    subject = await createSubject(t.db, { subject_name: '신장내과학' });
  });
  afterAll(async () => t?.close());

  it('keeps assignment to leads, my problems to approved members, and submit to the assignee', async () => {
    const exam = await createTest(t.db, { subject_code: subject });
    const [slot] = await slots(exam, 1);
    const lead: Array<[Method, string, object?]> = [
      ['GET', `/v1/problem/assignments?test_code=${exam}`],
      ['POST', '/v1/problem/assign', { test_code: exam, assignments: [{ problem_code: slot!, assignee_code: alice.code }] }],
    ];
    for (const [method, url, payload] of lead) {
      expect((await call(method, url, undefined, payload)).statusCode, url).toBe(401);
      expect((await call(method, url, cookies.pending, payload)).json().code, url).toBe('NOT_APPROVED');
      expect((await call(method, url, cookies.student, payload)).statusCode, url).toBe(403);
      for (const role of ['lead', 'admin', 'superadmin'] as const)
        expect((await call(method, url, cookies[role], payload)).statusCode, `${role} ${url}`).toBe(200);
    }
    for (const url of ['/v1/problem/my-slots', '/v1/problem/assigned']) {
      expect((await call('GET', url)).statusCode).toBe(401);
      expect((await call('GET', url, cookies.pending)).json().code).toBe('NOT_APPROVED');
      for (const role of ['student', 'lead', 'admin', 'superadmin'] as const) expect((await call('GET', url, cookies[role])).statusCode).toBe(200);
    }
    const submit = `/v1/problem/${slot}/submit`;
    const content = { content: { question: '<p>신증후군의 정의는?</p>' } };
    expect((await call('POST', submit, undefined, content)).statusCode).toBe(401);
    expect((await call('POST', submit, cookies.pending, content)).json().code).toBe('NOT_APPROVED');
    const other = await call('POST', submit, bobCookie, content);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('본인에게 배정된 문제만 제출할 수 있습니다.');
    expect((await call('GET', `/v1/problem/${slot}/detail`, bobCookie)).statusCode).toBe(403);
    expect((await t.db.selectFrom('problems').select('is_vacant').where('uid', '=', slot!).executeTakeFirstOrThrow()).is_vacant).toBe(1);
    expect((await call('GET', `/v1/problem/${slot}/detail`, aliceCookie)).json().problem).toMatchObject({ uid: slot, is_vacant: 1, status: 'assigned' });
    expect((await call('POST', submit, aliceCookie, content)).statusCode).toBe(200);
  });

  it('replaces the assignment set of the problems named, keeping a submitted status when the member stays', async () => {
    const exam = await createTest(t.db, { subject_code: subject });
    const [p1, p2, p3] = await slots(exam, 3);
    const first = await call('POST', '/v1/problem/assign', cookies.lead, {
      assignments: [
        { problem_code: p1!, assignee_code: alice.code },
        { problem_code: p2!, assignee_code: alice.code },
        { problem_code: p2!, assignee_code: bob.code },
        { problem_code: p2!, assignee_code: bob.code },
        { problem_code: p3!, assignee_code: bob.code },
      ],
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().assignments).toEqual({ [p1!]: [alice.code], [p2!]: [alice.code, bob.code], [p3!]: [bob.code] });
    await t.db.updateTable('assignments').set({ status: 'submitted' }).where('problem_uid', '=', p2!).execute();

    // p1 and p2 are named again: p2 keeps alice (still submitted), loses bob; p3 is not named and stays.
    const second = await call('POST', '/v1/problem/assign', cookies.lead, {
      assignments: [
        { problem_code: p1!, assignee_code: bob.code },
        { problem_code: p2!, assignee_code: alice.code },
      ],
    });
    expect(second.json().assignments).toEqual({ [p1!]: [bob.code], [p2!]: [alice.code] });
    expect(await assignmentRows([p1!, p2!, p3!])).toEqual([
      { problem_uid: p1, member_code: bob.code, status: 'assigned' },
      { problem_uid: p2, member_code: alice.code, status: 'submitted' },
      { problem_uid: p3, member_code: bob.code, status: 'assigned' },
    ]);

    // With test_code the whole exam is replaced: p3 loses its owner.
    await call('POST', '/v1/problem/assign', cookies.lead, { test_code: exam, assignments: [{ problem_code: p2!, assignee_code: alice.code }] });
    expect(await assignmentRows([p1!, p2!, p3!])).toEqual([{ problem_uid: p2, member_code: alice.code, status: 'submitted' }]);
    const map = (await call('GET', `/v1/problem/assignments?test_code=${exam}`, cookies.lead)).json();
    expect(map.assignments).toEqual({ [p2!]: [alice.code] });
    expect(map.members).toEqual([{ member_code: alice.code, id: alice.id, name: alice.name, grade: null, validated: 1 }]);

    const lead = (await call('GET', `/v1/problem/lead?test_code=${exam}&include_vacant=1`, cookies.lead)).json();
    expect(lead.problem.map((p: { status: string }) => p.status)).toEqual(['vacant', 'assigned', 'vacant']);
  });

  it('changes nothing when a save fails: an unknown or unapproved member, a problem of another exam, an empty list', async () => {
    const exam = await createTest(t.db, { subject_code: subject });
    const otherExam = await createTest(t.db, { subject_code: subject, test_name: '기말고사' });
    const [p1, p2] = await slots(exam, 2);
    const [foreign] = await slots(otherExam, 1);
    await call('POST', '/v1/problem/assign', cookies.lead, { test_code: exam, assignments: [{ problem_code: p1!, assignee_code: alice.code }] });
    const before = await assignmentRows([p1!, p2!, foreign!]);

    const unknownMember = await call('POST', '/v1/problem/assign', cookies.lead, {
      test_code: exam,
      assignments: [
        { problem_code: p1!, assignee_code: bob.code },
        { problem_code: p2!, assignee_code: 999_999 },
      ],
    });
    expect(unknownMember.statusCode).toBe(400);
    expect(unknownMember.json().message).toContain('#999999');
    const notApproved = await call('POST', '/v1/problem/assign', cookies.lead, { assignments: [{ problem_code: p2!, assignee_code: unapproved.code }] });
    expect(notApproved.statusCode).toBe(400);
    expect(notApproved.json().message).toContain(`${unapproved.name}(${unapproved.id})`);
    const wrongExam = await call('POST', '/v1/problem/assign', cookies.lead, {
      test_code: exam,
      assignments: [{ problem_code: foreign!, assignee_code: bob.code }],
    });
    expect(wrongExam.statusCode).toBe(400);
    expect(wrongExam.json().message).toContain(`#${foreign}`);
    expect((await call('POST', '/v1/problem/assign', cookies.lead, { assignments: [{ problem_code: 999_999, assignee_code: bob.code }] })).statusCode).toBe(
      400,
    );
    const empty = await call('POST', '/v1/problem/assign', cookies.lead, { test_code: exam, assignments: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('배정할 문제를 선택하세요.');
    for (const payload of [
      {},
      { assignments: [{ problem_code: p1! }] },
      { assignments: [{ problem_code: p1!, assignee_code: 'x' }] },
      { assignments: [], extra: 1 },
      { test_code: 'x', assignments: [] },
    ]) {
      expect((await call('POST', '/v1/problem/assign', cookies.lead, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(
      (await call('POST', '/v1/problem/assign', cookies.lead, { test_code: 999_999, assignments: [{ problem_code: p1!, assignee_code: bob.code }] }))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', '/v1/problem/assignments?test_code=999999', cookies.lead)).statusCode).toBe(404);
    expect((await call('GET', '/v1/problem/assignments', cookies.lead)).statusCode).toBe(400);
    expect(await assignmentRows([p1!, p2!, foreign!])).toEqual(before);
  });

  it('runs a slot from vacant to assigned to submitted, with the content versioned and readable afterwards', async () => {
    const carol = await createMember(t.db);
    const carolCookie = await loginCookie(t.app, carol.id);
    const exam = await createTest(t.db, { subject_code: subject, test_name: '2025 신장 중간고사', year: 2025 });
    const created = (
      await call('POST', '/v1/problem/create-empty', cookies.lead, { test_code: exam, counts: { multiple_choice: 2, subjective: 1, slide: 0 } })
    ).json().created;
    const [mc1, mc2, essay] = created.map((slot: { uid: number }) => slot.uid) as number[];
    const status = async () =>
      (await call('GET', `/v1/problem/lead?test_code=${exam}&include_vacant=1`, cookies.lead)).json().problem.map((p: { status: string }) => p.status);
    expect(await status()).toEqual(['vacant', 'vacant', 'vacant']);
    await call('POST', '/v1/problem/assign', cookies.lead, {
      test_code: exam,
      assignments: [
        { problem_code: mc1!, assignee_code: carol.code },
        { problem_code: essay!, assignee_code: carol.code },
        { problem_code: mc2!, assignee_code: alice.code },
      ],
    });
    expect(await status()).toEqual(['assigned', 'assigned', 'assigned']);

    const mine = (await call('GET', '/v1/problem/my-slots', carolCookie)).json();
    expect(mine.counts).toEqual({ total: 2, completed: 0, incomplete: 2 });
    expect(mine.problems.map((p: { uid: number }) => p.uid)).toEqual([mc1, essay]);
    expect(mine.problems[0]).toMatchObject({
      uid: mc1,
      no: 1,
      type: 1,
      test_code: exam,
      test_name: '2025 신장 중간고사',
      year: 2025,
      subject_code: subject,
      subject_name: '신장내과학',
      status: 'assigned',
      is_vacant: 1,
      question_text: '',
    });
    expect((await call('GET', '/v1/problem/assigned', carolCookie)).json()).toEqual(mine);
    expect((await call('GET', `/v1/problem/my-slots?year=2024`, carolCookie)).json().problems).toEqual([]);
    expect((await call('GET', `/v1/problem/my-slots?subject_code=${subject}&year=2025`, carolCookie)).json().problems).toHaveLength(2);
    expect((await call('GET', '/v1/problem/my-slots?year=abc', carolCookie)).statusCode).toBe(400);
    // Vacant slots are not in the reading screens yet.
    expect((await call('GET', `/v1/problem?test_code=${exam}`, cookies.student)).json().problem_count).toBe(0);

    const empty = await call('POST', `/v1/problem/${mc1}/submit`, carolCookie, { content: { question: '<p> </p>', answer: '③' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('문제 내용을 입력하세요.');
    for (const payload of [
      {},
      { question: '<p>x</p>' },
      { content: { question: '<p>x</p>', no: 3 } },
      { content: { question: '<p>x</p>', type: 2 } },
      { content: { question: 3 } },
    ]) {
      expect((await call('POST', `/v1/problem/${mc1}/submit`, carolCookie, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await call('POST', '/v1/problem/999999/submit', carolCookie, { content: { question: '<p>x</p>' } })).statusCode).toBe(404);

    const submitted = await call('POST', `/v1/problem/${mc1}/submit`, carolCookie, {
      content: {
        question: '<p>신증후군의 진단 기준이 <em>아닌</em> 것은?<script>alert(1)</script></p>',
        illustration: '① 단백뇨\n② 저알부민혈증\n③ 혈뇨',
        answer: '③',
        comments: '<p>혈뇨는 신염증후군의 소견이다.</p>',
        choice_type: 5,
        question_pic: PNG_DATA_URL,
      },
    });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().problem).toMatchObject({
      is_vacant: 0,
      status: 'submitted',
      question: '<p>신증후군의 진단 기준이 <em>아닌</em> 것은?</p>',
      answer: '③',
      choice_type: 5,
      version_count: 1,
      updated_by: { member_code: carol.code, id: carol.id, name: carol.name },
    });
    expect(submitted.json().problem.question_pic_path).toMatch(/^\/uploads\//);
    expect(await assignmentRows([mc1!])).toEqual([{ problem_uid: mc1, member_code: carol.code, status: 'submitted' }]);
    expect(await status()).toEqual(['submitted', 'assigned', 'assigned']);
    expect((await call('GET', '/v1/problem/my-slots', carolCookie)).json().counts).toEqual({ total: 2, completed: 1, incomplete: 1 });

    const read = (await call('GET', `/v1/problem?test_code=${exam}&q=${encodeURIComponent('신염증후군')}`, cookies.student)).json();
    expect(read.problem.map((p: { uid: number }) => p.uid)).toEqual([mc1]);

    // The student edits again, then a lead: each save keeps the state it replaced, with its author.
    await call('POST', `/v1/problem/${mc1}/submit`, carolCookie, { content: { answer: '③ 혈뇨' } });
    await call('PATCH', `/v1/problem/${mc1}`, cookies.lead, { answer: '③' });
    const versions = (await call('GET', `/v1/problem/${mc1}/versions`, cookies.lead)).json().versions;
    expect(versions.map((v: { snapshot: { answer: string; is_vacant: number } }) => [v.snapshot.answer, v.snapshot.is_vacant])).toEqual([
      ['③ 혈뇨', 0],
      ['③', 0],
      ['', 1],
    ]);
    expect(versions[0].edited_by.member_code).toBe(carol.code);
    expect(versions[1].edited_by.member_code).toBe(carol.code);

    // Re-submitting what is already there only confirms the status.
    const again = await call('POST', `/v1/problem/${mc1}/submit`, carolCookie, { content: { answer: '③' } });
    expect(again.statusCode).toBe(200);
    expect(again.json().problem.version_count).toBe(3);

    // A lead may submit for a student; the slot is then submitted for its assignee.
    const byLead = await call('POST', `/v1/problem/${mc2}/submit`, cookies.lead, { content: { question: '<p>대신 등록</p>' } });
    expect(byLead.json().problem.status).toBe('submitted');
    expect(await assignmentRows([mc2!])).toEqual([{ problem_uid: mc2, member_code: alice.code, status: 'submitted' }]);
  });
});
