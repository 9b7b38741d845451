import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, createMember, createTestContext, loginCookie, testDialects, type TestContext } from '../testing/harness';
import { createClass, createProblem, createSubject, createTest } from '../testing/factories';
import { addDays, koreanDay } from './memory';
import { sendExamReminders } from './reminders';

describe.each(testDialects)('the exam calendar on %s', (dialect) => {
  let t: TestContext;
  let lead: string;
  let student: string;
  let classmate: string;
  let otherGrade: string;
  let otherLead: string;
  let subject: number;
  let otherSubject: number;
  let lecture: number;
  let exam: number;
  let problems: number[];
  const today = koreanDay(new Date());
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, who: string, payload?: object) => callAs(t.app, method, url, who, payload);
  const member = async (role: 'student' | 'lead', grade: number) => {
    const row = await createMember(t.db, { role });
    await t.db.updateTable('members').set({ grade }).where('code', '=', row.code).execute();
    return loginCookie(t.app, row.id);
  };
  const publish = async (over: object = {}) => {
    const response = await call('POST', '/v1/exam-dates', lead, {
      title: '순환기내과학 중간고사',
      date: addDays(today, 3),
      time: '09:00',
      subject_code: subject,
      class_uids: [lecture],
      test_codes: [exam],
      publish: true,
      ...over,
    });
    expect(response.statusCode).toBe(201);
    return response.json().exam_date as { code: number };
  };

  beforeAll(async () => {
    t = await createTestContext(dialect);
    [lead, student, classmate, otherGrade, otherLead] = await Promise.all([
      member('lead', 2),
      member('student', 2),
      member('student', 2),
      member('student', 3),
      member('lead', 3),
    ]);
    subject = await createSubject(t.db, { subject_name: '순환기내과학' });
    otherSubject = await createSubject(t.db, { subject_name: '호흡기내과학' });
    exam = await createTest(t.db, { subject_code: subject, year: 2025 });
    problems = [];
    for (let no = 1; no <= 30; no += 1) problems.push(await createProblem(t.db, { test_code: exam, no, illustration: '① 가\n② 나\n③ 다', answer: '①' }));
    lecture = await createClass(t.db, { subject_code: subject, class_name: '순환기 3강', problems: problems.slice(0, 10) });
  });
  afterAll(async () => t?.close());

  it('a lead publishes for their grade: the grade sees it, another grade does not', async () => {
    const { code } = await publish();
    const mine = (await call('GET', '/v1/exam-dates', student)).json().exam_dates;
    expect(mine).toEqual([
      expect.objectContaining({
        code,
        title: '순환기내과학 중간고사',
        date: addDays(today, 3),
        time: '09:00',
        subject_name: '순환기내과학',
        class_uids: [lecture],
        test_codes: [exam],
        grade: 2,
        editable: false,
        days_left: 3,
      }),
    ]);
    expect((await call('GET', '/v1/exam-dates', lead)).json().exam_dates[0]).toMatchObject({ code, editable: true });
    expect((await call('GET', '/v1/exam-dates', otherGrade)).json().exam_dates).toEqual([]);
    expect((await call('GET', `/v1/exam-dates/${code}/plan`, otherGrade)).statusCode).toBe(404);
    expect((await call('PATCH', `/v1/exam-dates/${code}`, otherLead, { title: '바꿈' })).statusCode).toBe(404);
    const refused = await call('PATCH', `/v1/exam-dates/${code}`, student, { title: '바꿈' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/학습부장/);
    const changed = await call('PATCH', `/v1/exam-dates/${code}`, lead, { title: '순환기내과학 기말고사', class_uids: [] });
    expect(changed.json().exam_date).toMatchObject({ title: '순환기내과학 기말고사', class_uids: [], test_codes: [exam] });
    expect((await call('DELETE', `/v1/exam-dates/${code}`, student)).statusCode).toBe(403);
    expect((await call('DELETE', `/v1/exam-dates/${code}`, lead)).statusCode).toBe(200);
    expect((await call('GET', '/v1/exam-dates', student)).json().exam_dates).toEqual([]);
  });

  it("keeps a member's own entry private, and only leads publish", async () => {
    const own = await call('POST', '/v1/exam-dates', student, { title: '내 모의고사', date: addDays(today, 10), subject_code: subject });
    expect(own.statusCode).toBe(201);
    const { code } = own.json().exam_date;
    expect(own.json().exam_date).toMatchObject({ grade: null, editable: true, time: null });
    for (const who of [classmate, lead, otherLead]) {
      expect((await call('GET', '/v1/exam-dates', who)).json().exam_dates.map((e: { code: number }) => e.code)).not.toContain(code);
      expect((await call('GET', `/v1/exam-dates/${code}/readiness`, who)).statusCode).toBe(404);
      expect((await call('DELETE', `/v1/exam-dates/${code}`, who)).statusCode).toBe(404);
    }
    const published = await call('POST', '/v1/exam-dates', student, { title: '공개', date: addDays(today, 10), subject_code: subject, publish: true });
    expect(published.statusCode).toBe(403);
    expect(published.json().message).toMatch(/학습부장/);
    expect((await call('DELETE', `/v1/exam-dates/${code}`, student)).statusCode).toBe(200);
  });

  it('refuses bad input with a Korean message and saves nothing', async () => {
    const bad = [
      { title: '', date: addDays(today, 3), subject_code: subject },
      { title: '시험', date: '2026-02-30', subject_code: subject },
      { title: '시험', date: addDays(today, -1), subject_code: subject },
      { title: '시험', date: addDays(today, 3), time: '25:00', subject_code: subject },
      { title: '시험', date: addDays(today, 3), subject_code: otherSubject, class_uids: [lecture] },
      { title: '시험', date: addDays(today, 3), subject_code: 999_999 },
    ];
    for (const body of bad) {
      const response = await call('POST', '/v1/exam-dates', student, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(/[가-힣]/);
    }
    expect(await t.db.selectFrom('exam_dates').selectAll().where('title', '=', '시험').execute()).toEqual([]);
    expect((await call('PUT', '/v1/exam-dates/settings', student, { daily_minutes: 2, target_recall: 0.9 })).statusCode).toBe(400);
  });

  it('plans to the date and moves once today’s session is done; readiness rises', async () => {
    const { code } = await publish({ date: addDays(today, 4) });
    expect((await call('PUT', '/v1/exam-dates/settings', student, { daily_minutes: 12, target_recall: 0.9 })).json()).toEqual({
      daily_minutes: 12,
      target_recall: 0.9,
    });
    const plan = (await call('GET', `/v1/exam-dates/${code}/plan`, student)).json();
    expect(plan.days.map((day: { date: string }) => day.date)).toEqual([0, 1, 2, 3].map((i) => addDays(today, i)));
    expect(plan.scope).toEqual({ problems: 30, seen: 0 });
    for (const day of plan.days) expect(day.minutes).toBeLessThanOrEqual(12);
    const planned = plan.days.reduce((sum: number, day: { new: number }) => sum + day.new, 0);
    expect(planned + plan.left_out.new).toBe(30);
    expect(plan.left_out.new).toBeGreaterThan(0);
    const before = (await call('GET', `/v1/exam-dates/${code}/readiness`, student)).json();
    expect(before.coverage).toBe(0);
    expect(before.predicted.high - before.predicted.low).toBeGreaterThan(0.3);

    const started = await call('POST', `/v1/exam-dates/${code}/session`, student, {});
    expect(started.statusCode).toBe(201);
    const session = started.json().session;
    expect(session.problem_uids).toEqual(plan.today.problem_uids);
    for (const uid of session.problem_uids) {
      expect((await call('POST', `/v1/study/sessions/${session.code}/answers`, student, { problem_uid: uid, answer: '①' })).statusCode).toBe(201);
    }
    const after = (await call('GET', `/v1/exam-dates/${code}/plan`, student)).json();
    expect(after.scope.seen).toBe(session.problem_uids.length);
    expect(after.today.problem_uids.filter((uid: number) => session.problem_uids.includes(uid))).toEqual([]);
    const moved = (await call('GET', `/v1/exam-dates/${code}/readiness`, student)).json();
    expect(moved.coverage).toBeGreaterThan(0);
    expect(moved.predicted.mean).toBeGreaterThan(before.predicted.mean);
    // The classmate's plan is their own: nothing they did not answer counts as seen.
    expect((await call('GET', `/v1/exam-dates/${code}/plan`, classmate)).json().scope.seen).toBe(0);
  });

  it('reminds the grade a week and a day before, once', async () => {
    const { code } = await publish({ date: addDays(today, 7), title: '순환기 기말' });
    const sent = await sendExamReminders(t.db, new Date());
    expect(sent).toBeGreaterThanOrEqual(3);
    expect(await sendExamReminders(t.db, new Date())).toBe(0);
    const notes = (await call('GET', '/v1/notifications', classmate)).json().notifications;
    expect(
      notes.some((n: { kind: string; detail: string }) => n.kind === 'exam_reminder' && n.detail.includes('순환기 기말') && n.detail.includes('7일')),
    ).toBe(true);
    expect((await call('GET', '/v1/notifications', otherGrade)).json().notifications).toEqual([]);
    await call('DELETE', `/v1/exam-dates/${code}`, lead);
  });
});
