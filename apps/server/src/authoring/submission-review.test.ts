import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberRow } from '../db/schema';
import { createMember, createTestContext, loginCookie, testDialects, type TestContext } from '../testing/harness';
import { createProblem, createSubject, createTest } from '../testing/factories';

// Issue 15 item 3: submitted → returned with a comment → resubmitted → approved, every step kept,
// the student told each time, /dashboard/my and the lead list following.

describe.each(testDialects)('review of submitted slots on %s', (dialect) => {
  let t: TestContext;
  let exam: number;
  let student: MemberRow;
  const cookies: Record<string, string> = {};
  const call = (method: 'GET' | 'POST', url: string, who: string | undefined, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { cookie: who } : {}, ...(payload ? { payload } : {}) });
  const content = (text: string) => ({ content: { question: `<p>${text}</p>`, illustration: '① 가\n② 나', answer: '①' } });

  beforeAll(async () => {
    t = await createTestContext(dialect);
    student = await createMember(t.db);
    const lead = await createMember(t.db, { role: 'lead' });
    cookies.student = await loginCookie(t.app, student.id);
    cookies.other = await loginCookie(t.app, (await createMember(t.db)).id);
    cookies.lead = await loginCookie(t.app, lead.id);
    exam = await createTest(t.db, { subject_code: await createSubject(t.db) });
  });
  afterAll(async () => t?.close());

  it('runs the round trip and keeps every step', async () => {
    const slot = await createProblem(t.db, { test_code: exam, no: 7, is_vacant: 1 });
    const other = await createProblem(t.db, { test_code: exam, no: 8, is_vacant: 1 });
    await call('POST', '/v1/problem/assign', cookies.lead, {
      test_code: exam,
      assignments: [
        { problem_code: slot, assignee_code: student.code },
        { problem_code: other, assignee_code: student.code },
      ],
    });
    // Nothing submitted yet: nothing to review.
    expect((await call('POST', `/v1/problem/${slot}/review`, cookies.lead, { decision: 'approved' })).statusCode).toBe(409);

    expect((await call('POST', `/v1/problem/${slot}/submit`, cookies.student, content('처음 쓴 문제'))).statusCode).toBe(200);
    expect((await call('GET', `/v1/problem/review-counts?test_code=${exam}`, cookies.lead)).json().counts).toEqual({
      submitted: 1,
      approved: 0,
      changes_requested: 0,
    });
    const submittedOnly = (await call('GET', `/v1/problem/lead?test_code=${exam}&include_vacant=1&review_status=submitted`, cookies.lead)).json();
    expect(submittedOnly.problem.map((p: { uid: number }) => p.uid)).toEqual([slot]);
    expect(submittedOnly.problem_count).toBe(1);

    const returned = await call('POST', `/v1/problem/${slot}/review`, cookies.lead, { decision: 'changes_requested', comment: '정답 해설을 보강해 주세요.' });
    expect(returned.statusCode).toBe(200);
    expect(returned.json().status).toBe('changes_requested');
    const mine = (await call('GET', '/v1/problem/my-slots', cookies.student)).json().problems;
    expect(mine.find((p: { uid: number }) => p.uid === slot)).toMatchObject({
      review_status: 'changes_requested',
      review_comment: '정답 해설을 보강해 주세요.',
    });
    expect(mine.find((p: { uid: number }) => p.uid === other)).toMatchObject({ review_status: 'assigned', review_comment: null });

    expect((await call('POST', `/v1/problem/${slot}/submit`, cookies.student, content('고친 문제'))).statusCode).toBe(200);
    expect((await call('GET', `/v1/problem/review-counts?test_code=${exam}`, cookies.lead)).json().counts).toEqual({
      submitted: 1,
      approved: 0,
      changes_requested: 0,
    });
    expect((await call('POST', `/v1/problem/${slot}/review`, cookies.lead, { decision: 'approved' })).json().status).toBe('approved');
    expect((await call('POST', `/v1/problem/${slot}/review`, cookies.lead, { decision: 'approved' })).statusCode).toBe(409);

    const history = (await call('GET', `/v1/problem/${slot}/reviews`, cookies.student)).json().steps;
    expect(history.map((s: { action: string; comment: string }) => [s.action, s.comment])).toEqual([
      ['approved', ''],
      ['submitted', ''],
      ['changes_requested', '정답 해설을 보강해 주세요.'],
      ['submitted', ''],
    ]);
    expect((await call('GET', `/v1/problem/${slot}/reviews`, cookies.other)).statusCode).toBe(403);
    expect((await call('GET', `/v1/problem/review-counts?test_code=${exam}`, cookies.lead)).json().counts).toEqual({
      submitted: 0,
      approved: 1,
      changes_requested: 0,
    });

    const told = await t.db
      .selectFrom('notifications')
      .select(['kind', 'detail'])
      .where('member_code', '=', student.code)
      .where('problem_uid', '=', slot)
      .orderBy('code')
      .execute();
    expect(told).toEqual([
      { kind: 'slot_assigned', detail: '' },
      { kind: 'submission_returned', detail: '정답 해설을 보강해 주세요.' },
      { kind: 'submission_approved', detail: '' },
    ]);
  });

  it('tells the assigning lead of a submission, and labels only submissions 제출됨 (issue 26 item 12)', async () => {
    const assigner = await createMember(t.db, { role: 'lead' });
    const assignerCookie = await loginCookie(t.app, assigner.id);
    const test = await createTest(t.db, { subject_code: await createSubject(t.db) });
    const slot = await createProblem(t.db, { test_code: test, no: 1, is_vacant: 1 });
    const leadWritten = await createProblem(t.db, { test_code: test, no: 2 });
    const assignedOnly = await createProblem(t.db, { test_code: test, no: 3, is_vacant: 1 });
    const assign = await call('POST', '/v1/problem/assign', assignerCookie, {
      assignments: [
        { problem_code: slot, assignee_code: student.code },
        { problem_code: assignedOnly, assignee_code: student.code },
      ],
    });
    expect(assign.statusCode).toBe(200);
    expect((await call('POST', `/v1/problem/${slot}/submit`, cookies.student, content('학생이 쓴 문제'))).statusCode).toBe(200);

    const told = (await call('GET', '/v1/notifications', assignerCookie)).json().notifications;
    expect(told).toMatchObject([{ kind: 'slot_submitted', problem: { uid: slot }, detail: student.name }]);
    // Only the assigning lead is told, not every lead.
    const others = await t.db.selectFrom('notifications').select('member_code').where('kind', '=', 'slot_submitted').where('problem_uid', '=', slot).execute();
    expect(others.map((row) => row.member_code)).toEqual([assigner.code]);

    const list = (await call('GET', `/v1/problem/lead?test_code=${test}&include_vacant=1`, cookies.lead)).json().problem;
    expect(list.map((p: { uid: number; status: string }) => [p.uid, p.status])).toEqual([
      [slot, 'submitted'],
      [leadWritten, 'written'],
      [assignedOnly, 'assigned'],
    ]);
    const counts = (await call('GET', `/v1/problem/review-counts?test_code=${test}`, cookies.lead)).json().counts;
    expect(list.filter((p: { status: string }) => p.status === 'submitted')).toHaveLength(counts.submitted);
    await call('POST', `/v1/problem/${slot}/review`, cookies.lead, { decision: 'approved' });
    expect((await call('GET', `/v1/problem/${slot}/detail`, cookies.lead)).json().problem.status).toBe('approved');
  });

  it('refuses bad input with a Korean message, students, and unknown slots', async () => {
    const slot = await createProblem(t.db, { test_code: exam, no: 9 });
    for (const payload of [
      {},
      { decision: 'maybe' },
      { decision: 'changes_requested' },
      { decision: 'changes_requested', comment: '  ' },
      { decision: 'approved', comment: 'x'.repeat(1001) },
    ]) {
      const response = await call('POST', `/v1/problem/${slot}/review`, cookies.lead, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toMatch(/[가-힣]/);
    }
    expect((await call('GET', `/v1/problem/lead?test_code=${exam}&review_status=done`, cookies.lead)).statusCode).toBe(400);
    expect((await call('POST', `/v1/problem/${slot}/review`, cookies.student, { decision: 'approved' })).statusCode).toBe(403);
    expect((await call('POST', '/v1/problem/999999/review', cookies.lead, { decision: 'approved' })).statusCode).toBe(404);
  });
});
