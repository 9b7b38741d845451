import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberRow } from '../db/schema';
import { createProblem, createSubject, createTest } from '../testing/factories';
import { callAs, createMember, createTestContext, loginCookie, testDialects, type TestContext } from '../testing/harness';
import { FingerprintCache } from './detect';
import { detectQueued } from './service';

// Issue 28 item 6 (decision 187): a slot filled with "이 문제에서 시작" is linked to the past problem
// it started from, in the save; the link is a lead's suggestion that no student sees until
// detection finds it strong or a lead confirms it.

const CASE = '65세 남자가 3일 전부터 시작된 가슴 통증으로 응급실에 왔다. 심전도에서 II, III, aVF 유도의 ST분절 상승이 관찰되었다.';
const OPTIONS = '① 아스피린\n② 헤파린\n③ 니트로글리세린\n④ 경피적 관상동맥중재술\n⑤ 베타차단제';

describe.each(testDialects)('starting a problem from a past one, on %s', (dialect) => {
  let t: TestContext;
  let student: MemberRow;
  const cookies = { student: '', reader: '', lead: '' };
  let exam: number;
  let past: number;
  let hidden: number;
  let slotNo = 0;

  const links = () => t.db.selectFrom('lineage_links').select(['problem_a', 'problem_b', 'started_from', 'detected', 'decision', 'relation']).execute();
  const drain = async () => {
    const cache = new FingerprintCache();
    while ((await detectQueued(t.db, cache, 100)) > 0);
  };
  /** A new slot of the exam, assigned to the student. */
  const assignedSlot = async () => {
    const uid = await createProblem(t.db, { test_code: exam, no: ++slotNo, is_vacant: 1 });
    const assigned = await callAs(t.app, 'POST', '/v1/problem/assign', cookies.lead, {
      test_code: exam,
      assignments: [{ problem_code: uid, assignee_code: student.code }],
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    return uid;
  };
  const submit = (uid: number, content: object, startedFrom?: unknown) =>
    callAs(t.app, 'POST', `/v1/problem/${uid}/submit`, cookies.student, { content, ...(startedFrom === undefined ? {} : { started_from: startedFrom }) });
  const lineageOf = (uid: number, who: string) => callAs(t.app, 'GET', `/v1/problem/${uid}/lineage`, who);

  beforeAll(async () => {
    t = await createTestContext(dialect);
    student = await createMember(t.db);
    cookies.student = await loginCookie(t.app, student.id);
    cookies.reader = await loginCookie(t.app, (await createMember(t.db)).id);
    cookies.lead = await loginCookie(t.app, (await createMember(t.db, { role: 'lead' })).id);
    const subject = await createSubject(t.db, { subject_name: '순환기학' });
    const earlier = await createTest(t.db, { subject_code: subject, year: 2021, test_name: '2021 중간고사' });
    exam = await createTest(t.db, { subject_code: subject, year: 2026, test_name: '2026 중간고사' });
    past = await createProblem(t.db, { test_code: earlier, no: 3, question: `<p>${CASE} 가장 적절한 치료는?</p>`, illustration: OPTIONS, answer: '④' });
    hidden = await createProblem(t.db, { test_code: earlier, no: 4, is_vacant: 1 });
    await drain();
  });
  afterAll(async () => t?.close());

  it('links a slot saved from a past problem to it as a suggestion, without a duplicate on a re-save', async () => {
    const slot = await assignedSlot();
    // The student reworded the case: detection does not link the two on its own.
    const content = { question: '<p>가슴 통증으로 온 환자의 심전도 소견에 따른 치료 방침으로 옳은 것은?</p>', illustration: OPTIONS, answer: '④' };
    const saved = await submit(slot, content, past);
    expect(saved.statusCode, saved.body).toBe(200);
    const [a, b] = slot < past ? [slot, past] : [past, slot];
    expect(await links()).toEqual([{ problem_a: a, problem_b: b, started_from: past, detected: 0, decision: null, relation: 'variant' }]);

    // A lead sees the suggestion; no student does.
    const forLead = (await lineageOf(slot, cookies.lead)).json().lineage;
    expect(forLead.members.find((m: { uid: number }) => m.uid === past)).toMatchObject({ confirmed: false, year: 2021, no: 3 });
    expect((await lineageOf(slot, cookies.reader)).json()).toEqual({ lineage: null });
    expect((await lineageOf(past, cookies.reader)).json()).toEqual({ lineage: null });

    // Detection runs (the save queued the slot) and does not find the pair: the link stays a suggestion.
    await drain();
    expect(await links()).toHaveLength(1);
    expect((await lineageOf(slot, cookies.reader)).json()).toEqual({ lineage: null });

    const again = await submit(slot, { ...content, comments: '<p>해설</p>' }, past);
    expect(again.statusCode, again.body).toBe(200);
    expect(await links()).toHaveLength(1);
  });

  it('a copy saved from a past problem becomes one lineage once detection confirms it', async () => {
    await t.db.deleteFrom('lineage_links').execute();
    const slot = await assignedSlot();
    const saved = await submit(slot, { question: `<p>${CASE} 가장 적절한 치료는?</p>`, illustration: OPTIONS, answer: '④' }, past);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await links()).toMatchObject([{ started_from: past, relation: 'same', detected: 0, decision: null }]);
    await drain();
    expect(await links()).toMatchObject([{ started_from: past, relation: 'same', detected: 1, decision: null }]);
    const members = (await lineageOf(slot, cookies.reader)).json().lineage.members.map((m: { uid: number }) => m.uid);
    expect(members.sort()).toEqual([past, slot].sort());
  });

  it('refuses a starting point that is unknown, unseen or the slot itself, in Korean, and stores nothing', async () => {
    await t.db.deleteFrom('lineage_links').execute();
    const slot = await assignedSlot();
    for (const origin of [999_999, hidden, slot]) {
      const refused = await submit(slot, { question: '<p>새 문제</p>' }, origin);
      expect(refused.statusCode, String(origin)).toBe(400);
      expect(refused.json().message).toMatch(/[가-힣]/);
      expect(refused.json().fields).toHaveProperty('started_from');
    }
    expect((await submit(slot, { question: '<p>새 문제</p>' }, 'x')).statusCode).toBe(400);
    expect(await links()).toEqual([]);
    const row = await t.db.selectFrom('problems').select('is_vacant').where('uid', '=', slot).executeTakeFirstOrThrow();
    expect(row.is_vacant).toBe(1);
  });

  it("links a lead's edit saved from a past problem", async () => {
    await t.db.deleteFrom('lineage_links').execute();
    const problem = await createProblem(t.db, { test_code: exam, no: ++slotNo, question: '<p>초안</p>' });
    const edited = await callAs(t.app, 'PATCH', `/v1/problem/${problem}`, cookies.lead, {
      question: `<p>${CASE} 가장 적절한 치료는?</p>`,
      illustration: OPTIONS,
      answer: '④',
      started_from: past,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await links()).toMatchObject([{ started_from: past, decision: null }]);
  });
});
