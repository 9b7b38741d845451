import type { AuditEntry } from '@qbank/shared/audit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberRow } from '../db/schema';
import { addDays, koreanDay } from '../exam-dates/memory';
import { createClass, createProblem, createSubject, createTest } from '../testing/factories';
import { callAs, createMember, createTestContext, loginCookie, testDialects, type TestContext } from '../testing/harness';

// Decision 161, the leads' acts on shared content: deleting a subject or a class, deciding a
// lineage, replacing the 참고치 table, and a grade's published exam dates. Each act leaves exactly
// one entry with what changed; a refused act leaves none; a member's own private entry none either.

describe.each(testDialects)('audit of content acts on %s', (dialect) => {
  let t: TestContext;
  let lead: MemberRow;
  let leadCookie: string;
  let studentCookie: string;
  let superCookie: string;
  let subject: number;

  beforeAll(async () => {
    t = await createTestContext(dialect);
    lead = await createMember(t.db, { role: 'lead' });
    await t.db.updateTable('members').set({ grade: 12 }).where('code', '=', lead.code).execute();
    leadCookie = await loginCookie(t.app, lead.id);
    studentCookie = await loginCookie(t.app, (await createMember(t.db)).id);
    superCookie = await loginCookie(t.app, (await createMember(t.db, { role: 'superadmin' })).id);
    subject = await createSubject(t.db, { subject_name: '감사병리학' });
  });
  afterAll(async () => t?.close());

  async function entriesOf(action: string): Promise<AuditEntry[]> {
    const response = await callAs(t.app, 'GET', `/v1/admin/audit?action=${action}&limit=200`, superCookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().entries as AuditEntry[];
  }
  const status = async (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object) =>
    (await callAs(t.app, method, url, cookie, payload)).statusCode;

  it('a subject deletion is one entry with the subject as it was; a refused one (in use, a student) none', async () => {
    const gone = await createSubject(t.db, { subject_name: '지워질과목' });
    const used = await createSubject(t.db, { subject_name: '쓰이는과목' });
    await createTest(t.db, { subject_code: used });
    expect(await status('DELETE', '/v1/subject', studentCookie, { code: gone })).toBe(403);
    expect(await status('DELETE', '/v1/subject', leadCookie, { code: used })).toBe(409);
    expect(await status('DELETE', '/v1/subject', leadCookie, { code: gone })).toBe(200);
    const entries = await entriesOf('subject.delete');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor_code: lead.code, target_kind: 'subject', target_id: String(gone), target_label: '지워질과목' });
    expect(entries[0]!.changes.subject_name).toEqual({ before: '지워질과목', after: null });
  });

  it('a class deletion is one entry naming its subject and date; a class that is not there leaves none', async () => {
    const problem = await createProblem(t.db, { test_code: await createTest(t.db, { subject_code: subject }), no: 1 });
    const lecture = await createClass(t.db, { subject_code: subject, class_name: '간 2강', class_date: '2025-04-01', problems: [problem] });
    expect(await status('DELETE', `/v1/class/${lecture}`, studentCookie)).toBe(403);
    expect(await status('DELETE', `/v1/class/${lecture}`, leadCookie)).toBe(200);
    expect(await status('DELETE', `/v1/class/${lecture}`, leadCookie)).toBe(404);
    const entries = await entriesOf('class.delete');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.target_label).toBe('감사병리학 · 간 2강 (2025-04-01)');
    expect(entries[0]!.changes.class_name).toEqual({ before: '간 2강', after: null });
    expect(entries[0]!.changes.linked_problems).toEqual({ before: 1, after: null });
  });

  it('confirming, rejecting, merging and splitting lineages are one entry each, with the link before and after', async () => {
    const exam = await createTest(t.db, { subject_code: subject, test_name: '계보 감사 시험' });
    // One after the other, so the uids rise with the numbers: a link names the lower uid first, and
    // the entries' labels name the numbers (made side by side, PostgreSQL can hand them out of order).
    const uids: number[] = [];
    for (const no of [1, 2, 3, 4]) uids.push(await createProblem(t.db, { test_code: exam, no }));
    const [p1, p2, p3, p4] = uids;
    const detected = (a: number, b: number) =>
      t.db
        .insertInto('lineage_links')
        .values({ problem_a: a, problem_b: b, relation: 'variant', similarity: 0.8, keys_agree: 1, detected: 1, decision: null })
        .execute();
    await detected(p1!, p2!);
    await detected(p3!, p4!);
    // Refused: a student, and a pair detection never linked.
    expect(await status('POST', '/v1/lineage/links/confirm', studentCookie, { problem_a: p1, problem_b: p2 })).toBe(403);
    expect(await status('POST', '/v1/lineage/links/confirm', leadCookie, { problem_a: p1, problem_b: p3 })).toBe(404);

    expect(await status('POST', '/v1/lineage/links/confirm', leadCookie, { problem_a: p1, problem_b: p2 })).toBe(200);
    expect(await status('POST', '/v1/lineage/links/reject', leadCookie, { problem_a: p3, problem_b: p4 })).toBe(200);
    expect(await status('POST', '/v1/lineages/merge', leadCookie, { problem_a: p2, problem_b: p3, relation: 'same' })).toBe(200);
    expect(await status('POST', `/v1/problem/${p2}/lineage/split`, leadCookie)).toBe(200);

    const [confirmed] = await entriesOf('lineage.confirm');
    expect(await entriesOf('lineage.confirm')).toHaveLength(1);
    expect(confirmed).toMatchObject({ actor_code: lead.code, target_kind: 'problem', target_id: String(p1) });
    expect(confirmed!.target_label).toMatch(/계보 감사 시험 · .+ 1번 ↔ .+ 2번$/);
    expect(confirmed!.changes).toEqual({ decision: { before: null, after: 'confirmed' } });
    const rejected = await entriesOf('lineage.reject');
    expect(rejected).toHaveLength(1);
    expect(rejected[0]!.changes).toEqual({ decision: { before: null, after: 'rejected' } });
    const merged = await entriesOf('lineage.merge');
    expect(merged).toHaveLength(1);
    expect(merged[0]!.changes).toEqual({ relation: { before: null, after: 'same' }, decision: { before: null, after: 'confirmed' } });
    const split = await entriesOf('lineage.split');
    expect(split).toHaveLength(1);
    expect(split[0]!.target_id).toBe(String(p2));
    expect((split[0]!.changes.linked_problems!.before as string[]).length).toBe(2);
    expect(split[0]!.changes.linked_problems!.after).toEqual([]);
  });

  it('replacing the 참고치 table is one entry with the source and the rows that changed; an invalid table none', async () => {
    const table = (range: string) => ({
      source: '감사 검사실 2026',
      values: [
        { category: '혈액', name: '혈색소', abbr: 'Hb', range, unit: 'g/dL' },
        { category: '전해질', name: '나트륨', abbr: 'Na', range: '135–145', unit: 'mmol/L' },
      ],
    });
    expect(await status('PUT', '/v1/reference-values', leadCookie, { source: '', values: [] })).toBe(400);
    expect(await status('PUT', '/v1/reference-values', studentCookie, table('12–16'))).toBe(403);
    expect(await status('PUT', '/v1/reference-values', leadCookie, table('12–16'))).toBe(200);
    expect(await status('PUT', '/v1/reference-values', leadCookie, table('13–17'))).toBe(200);
    const entries = await entriesOf('reference.replace');
    expect(entries).toHaveLength(2);
    // Newest first: the second replacement changed one row only.
    expect(entries[0]!.changes).toEqual({ '혈액 · 혈색소': { before: 'Hb 12–16 g/dL', after: 'Hb 13–17 g/dL' } });
    expect(entries[1]!.changes.source).toMatchObject({ after: '감사 검사실 2026' });
    expect(entries[1]!.changes.values).toMatchObject({ after: 2 });
  });

  it("a grade's exam date published, changed and deleted is one entry each; a private one and a refused act none", async () => {
    const body = { title: '감사 병리 중간', date: addDays(koreanDay(new Date()), 5), subject_code: subject };
    const own = await callAs(t.app, 'POST', '/v1/exam-dates', studentCookie, body);
    expect(own.statusCode).toBe(201);
    expect(await status('PATCH', `/v1/exam-dates/${own.json().exam_date.code}`, studentCookie, { title: '내 일정' })).toBe(200);
    expect(await status('DELETE', `/v1/exam-dates/${own.json().exam_date.code}`, studentCookie)).toBe(200);
    expect(await status('POST', '/v1/exam-dates', studentCookie, { ...body, publish: true })).toBe(403);

    const published = await callAs(t.app, 'POST', '/v1/exam-dates', leadCookie, { ...body, publish: true });
    expect(published.statusCode).toBe(201);
    const code = published.json().exam_date.code as number;
    expect(await status('PATCH', `/v1/exam-dates/${code}`, studentCookie, { title: '남의 일정' })).toBe(404);
    expect(await status('PATCH', `/v1/exam-dates/${code}`, leadCookie, { title: '감사 병리 기말' })).toBe(200);
    expect(await status('DELETE', `/v1/exam-dates/${code}`, leadCookie)).toBe(200);

    const [publish, update, remove] = await Promise.all(['exam_date.publish', 'exam_date.update', 'exam_date.delete'].map(entriesOf));
    expect([publish!.length, update!.length, remove!.length]).toEqual([1, 1, 1]);
    expect(publish![0]).toMatchObject({ actor_code: lead.code, target_kind: 'exam_date', target_id: String(code) });
    expect(publish![0]!.changes.title).toEqual({ before: null, after: '감사 병리 중간' });
    expect(publish![0]!.changes.grade).toEqual({ before: null, after: 12 });
    expect(update![0]!.changes).toEqual({ title: { before: '감사 병리 중간', after: '감사 병리 기말' } });
    expect(remove![0]!.changes.title).toEqual({ before: '감사 병리 기말', after: null });
  });
});
