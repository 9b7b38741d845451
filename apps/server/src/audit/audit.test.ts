import { sql } from 'kysely';
import type { AuditEntry } from '@qbank/shared/audit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberRow } from '../db/schema';
import { createProblem, createSubject, createTest } from '../testing/factories';
import { callAs, createMember, createTestContext, loginCookie, testDialects, type TestContext } from '../testing/harness';
import { purgeExpiredAudit, recordAudit } from './service';

// Decision 161: each administrative act leaves one entry, in the act's transaction; admins read
// them with filters (acts on admins only the superadmin); nothing changes or removes an entry but
// the retention purge, and the database itself refuses the rest.

describe.each(testDialects)('audit log on %s', (dialect) => {
  let t: TestContext;
  let admin: MemberRow;
  let adminCookie: string;
  let superadmin: MemberRow;
  let superCookie: string;
  let lead: MemberRow;
  let leadCookie: string;
  let student: MemberRow;
  let studentCookie: string;
  let subject: number;

  beforeAll(async () => {
    t = await createTestContext(dialect, { rateLimits: { loginFailuresPerId: 3 } });
    admin = await createMember(t.db, { role: 'admin' });
    adminCookie = await loginCookie(t.app, admin.id);
    superadmin = await createMember(t.db, { role: 'superadmin' });
    superCookie = await loginCookie(t.app, superadmin.id);
    lead = await createMember(t.db, { role: 'lead' });
    leadCookie = await loginCookie(t.app, lead.id);
    student = await createMember(t.db);
    studentCookie = await loginCookie(t.app, student.id);
    subject = await createSubject(t.db, { subject_name: '감사해부학' });
  });
  afterAll(async () => t?.close());

  /** Every entry the superadmin sees for `query`, newest first. */
  async function entries(query: Record<string, string>, cookie = superCookie): Promise<AuditEntry[]> {
    const response = await callAs(t.app, 'GET', `/v1/admin/audit?${new URLSearchParams({ limit: '200', ...query }).toString()}`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().entries as AuditEntry[];
  }

  async function latest(action: string, target: string): Promise<AuditEntry> {
    const [entry] = await entries({ action, target });
    expect(entry, `${action} on ${target}`).toBeDefined();
    return entry!;
  }

  const expectOk = (response: { statusCode: number; body: string }) => expect(response.statusCode, response.body).toBeLessThan(300);

  describe('member acts', () => {
    it('an approval names who, whom, when and validated 0 → 1, with the request id', async () => {
      const pending = await createMember(t.db, { validated: false });
      const response = await callAs(t.app, 'POST', `/v1/member/${pending.code}/validate`, adminCookie);
      expectOk(response);
      const entry = await latest('member.approve', pending.id);
      expect(entry.actor_code).toBe(admin.code);
      expect(entry.actor_label).toBe(`${admin.name} (${admin.id})`);
      expect(entry.target_kind).toBe('member');
      expect(entry.target_label).toBe(`${pending.name} (${pending.id})`);
      expect(entry.changes).toEqual({ validated: { before: 0, after: 1 } });
      expect(entry.request_id).toBe(response.headers['x-request-id']);
      expect(Date.now() - Date.parse(entry.at)).toBeLessThan(10 * 60 * 1000);
    });

    it('removing a waiting sign-up is a rejection; removing a member a deletion, with what they were', async () => {
      const pending = await createMember(t.db, { validated: false });
      expectOk(await callAs(t.app, 'DELETE', `/v1/member/${pending.code}`, adminCookie));
      const rejected = await latest('member.reject', pending.id);
      expect(rejected.changes.id).toEqual({ before: pending.id, after: null });
      const member = await createMember(t.db);
      expectOk(await callAs(t.app, 'DELETE', `/v1/member/${member.code}`, adminCookie));
      const deleted = await latest('member.delete', member.id);
      expect(deleted.changes.email).toEqual({ before: member.email, after: null });
      expect(deleted.changes.role).toEqual({ before: 'student', after: null });
    });

    it('role changes, edits, creation and grade retention; no password or token in any entry', async () => {
      const member = await createMember(t.db);
      expectOk(await callAs(t.app, 'POST', `/v1/member/${member.code}/authority`, adminCookie, { authority: 2 }));
      expect((await latest('member.role', member.id)).changes).toEqual({ role: { before: 'student', after: 'lead' } });

      expectOk(await callAs(t.app, 'PATCH', `/v1/member/${member.code}`, adminCookie, { grade: 2 }));
      const edit = await latest('member.update', member.id);
      expect(Object.keys(edit.changes).sort()).toEqual(['grad_year', 'grade']);
      expect(edit.changes.grade).toEqual({ before: null, after: 2 });

      expectOk(await callAs(t.app, 'POST', `/v1/member/retain-grade`, leadCookie, { member_codes: [member.code] }));
      const retained = await latest('member.retain_grade', member.id);
      expect(retained.actor_code).toBe(lead.code);
      expect(retained.changes.grad_year!.after).toBe((edit.changes.grad_year!.after as number) + 1);

      const id = `audit${Math.random().toString(36).slice(2, 8)}`;
      const created = await callAs(t.app, 'POST', '/v1/member', adminCookie, {
        name: '박감사',
        id,
        nickname: id,
        school_no: id,
        email: `${id}@example.ac.kr`,
        grade: 1,
      });
      expectOk(created);
      const creation = await latest('member.create', id);
      expect(creation.changes.id).toEqual({ before: null, after: id });
      const oneTimePassword = created.json().one_time_password as string;
      const all = await t.db.selectFrom('audit_log').select(['changes', 'target_label', 'actor_label']).execute();
      const text = JSON.stringify(all);
      expect(text).not.toContain(oneTimePassword);
      expect(text).not.toMatch(/password|token_version|\$argon2|\$scrypt/i);
    });

    it('an act on an admin is in the superadmin scope: admins do not see it, the superadmin does', async () => {
      const member = await createMember(t.db);
      expectOk(await callAs(t.app, 'POST', `/v1/member/${member.code}/authority`, superCookie, { authority: 1 }));
      expect((await latest('member.role', member.id)).changes.role).toEqual({ before: 'student', after: 'admin' });
      expect(await entries({ action: 'member.role', target: member.id }, adminCookie)).toEqual([]);
      const student2 = await createMember(t.db);
      expectOk(await callAs(t.app, 'POST', `/v1/member/${student2.code}/authority`, adminCookie, { authority: 2 }));
      expect(await entries({ action: 'member.role', target: student2.id }, adminCookie)).toHaveLength(1);
    });

    it('a refused act leaves no entry (the entry is in the act’s transaction)', async () => {
      const before = await t.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect((await callAs(t.app, 'DELETE', `/v1/member/${superadmin.code}`, adminCookie)).statusCode).toBe(403);
      expect((await callAs(t.app, 'POST', `/v1/member/999999/validate`, adminCookie)).statusCode).toBe(404);
      const exam = await createTest(t.db, { subject_code: subject, test_name: '지울 수 없는 시험' });
      await createProblem(t.db, { test_code: exam, no: 1, question: '<p>쓴 문제</p>' });
      expect((await callAs(t.app, 'DELETE', `/v1/test/${exam}`, leadCookie)).statusCode).toBe(409);
      const after = await t.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });
  });

  describe('content acts', () => {
    it('an answer-key change, a ruling, a voiding and its undoing, deletions and an import', async () => {
      const exam = await createTest(t.db, { subject_code: subject, test_name: '감사 기말고사', year: 2025 });
      const uid = await createProblem(t.db, { test_code: exam, no: 3, question: '<p>심장의 방은?</p>', answer: '2' });
      expectOk(await callAs(t.app, 'PATCH', `/v1/problem/${uid}`, leadCookie, { answer: '3' }));
      const keyChange = await latest('problem.answer_key', String(uid));
      expect(keyChange.changes).toEqual({ answer: { before: '2', after: '3' } });
      expect(keyChange.target_label).toBe('2025 감사해부학 감사 기말고사 · 객관식 3번');

      const filed = await callAs(t.app, 'POST', `/v1/problem/${uid}/disputes`, studentCookie, {
        claimed_answer: '4',
        reason: '교과서에 따르면 4가 맞습니다.',
        reference: '',
      });
      expectOk(filed);
      const disputeCode = filed.json().dispute.code as number;
      expectOk(await callAs(t.app, 'POST', `/v1/disputes/${disputeCode}/ruling`, leadCookie, { decision: 'voided', reason: '문항 오류' }));
      const ruling = await latest('dispute.ruling', String(disputeCode));
      expect(ruling.changes.status).toEqual({ before: 'open', after: 'voided' });
      expect((await latest('problem.void', String(uid))).changes).toEqual({ is_voided: { before: 0, after: 1 } });
      expectOk(await callAs(t.app, 'POST', `/v1/problem/${uid}/unvoid`, leadCookie));
      expect((await latest('problem.unvoid', String(uid))).changes).toEqual({ is_voided: { before: 1, after: 0 } });

      const filed2 = await callAs(t.app, 'POST', `/v1/problem/${uid}/disputes`, studentCookie, {
        claimed_answer: '4',
        reason: '다시 확인해 주세요.',
        reference: '',
      });
      expectOk(filed2);
      expectOk(
        await callAs(t.app, 'POST', `/v1/disputes/${filed2.json().dispute.code}/ruling`, leadCookie, {
          decision: 'accepted',
          answer: '4',
          reason: '교과서 확인',
        }),
      );
      const accepted = await entries({ action: 'problem.answer_key', target: String(uid) });
      expect(accepted[0]!.changes).toEqual({ answer: { before: '3', after: '4' } });

      expectOk(await callAs(t.app, 'DELETE', `/v1/problem/${uid}`, leadCookie));
      const deletion = await latest('problem.delete', String(uid));
      expect(deletion.changes.answer).toEqual({ before: '4', after: null });
      expect(deletion.changes.question_text).toEqual({ before: '심장의 방은?', after: null });

      expectOk(
        await callAs(t.app, 'POST', `/v1/test/${exam}/import`, leadCookie, {
          problems: [{ no: 1, type: 1, choice_type: 4, question: '가져온 문제', illustration: '① 가\n② 나\n③ 다\n④ 라', answer: '②', comments: '' }],
        }),
      );
      expect((await latest('import.run', String(exam))).changes).toEqual({
        created: { before: null, after: 1 },
        filled: { before: null, after: 0 },
        set_headers: { before: null, after: 0 },
      });

      const empty = await createTest(t.db, { subject_code: subject, test_name: '빈 시험' });
      expectOk(await callAs(t.app, 'DELETE', `/v1/test/${empty}`, leadCookie));
      expect((await latest('exam.delete', String(empty))).target_label).toBe('2025 감사해부학 빈 시험');
    });

    it('board moderation: someone else’s post and replies removed, boards made and renamed; an author’s own removal is no entry', async () => {
      const slug = `audit-${Math.random().toString(36).slice(2, 8)}`;
      expectOk(await callAs(t.app, 'POST', '/boards', adminCookie, { board_name: '감사 게시판', board_id: slug }));
      expect((await latest('board.create', slug)).changes.board_name).toEqual({ before: null, after: '감사 게시판' });
      expectOk(await callAs(t.app, 'PATCH', `/boards/${slug}`, adminCookie, { board_name: '감사 자료실' }));
      expect((await latest('board.rename', slug)).changes).toEqual({ board_name: { before: '감사 게시판', after: '감사 자료실' } });

      const post = (await callAs(t.app, 'POST', `/boards/${slug}/contents`, studentCookie, { title: '지울 글', content: '<p>본문</p>' })).json().content
        .code as number;
      const reply = (await callAs(t.app, 'POST', `/boards/${slug}/contents/${post}/replies`, studentCookie, { reply_text: '지울 댓글' })).json().reply
        .code as number;
      expectOk(await callAs(t.app, 'DELETE', `/boards/${slug}/contents/${post}/replies/${reply}`, adminCookie));
      expect((await latest('board.reply_delete', String(reply))).changes.text).toEqual({ before: '지울 댓글', after: null });
      expectOk(await callAs(t.app, 'DELETE', `/boards/${slug}/contents/${post}`, adminCookie));
      const removed = await latest('board.post_delete', String(post));
      expect(removed.target_label).toBe('감사 자료실 · 지울 글');
      expect(removed.changes.author).toEqual({ before: `${student.name} (${student.id})`, after: null });

      const own = (await callAs(t.app, 'POST', `/boards/${slug}/contents`, studentCookie, { title: '내 글', content: '<p>본문</p>' })).json().content
        .code as number;
      expectOk(await callAs(t.app, 'DELETE', `/boards/${slug}/contents/${own}`, studentCookie));
      expect(await entries({ action: 'board.post_delete', target: String(own) })).toEqual([]);

      const exam = await createTest(t.db, { subject_code: subject, test_name: '댓글 시험' });
      const uid = await createProblem(t.db, { test_code: exam, no: 1 });
      const problemReply = (await callAs(t.app, 'POST', `/v1/problem/${uid}/reply`, studentCookie, { reply_text: '문제 댓글' })).json().reply
        .reply_code as number;
      expectOk(await callAs(t.app, 'DELETE', `/v1/problem/${uid}/reply/${problemReply}`, adminCookie));
      expect((await latest('problem.reply_delete', String(problemReply))).changes.text).toEqual({ before: '문제 댓글', after: null });
    });

    it('a login lockout is one entry by the system, at the failure that locks', async () => {
      const member = await createMember(t.db);
      for (let i = 0; i < 5; i += 1) {
        await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { id: member.id, email: member.id, password: 'wrong-password-here' } });
      }
      const lockouts = await entries({ action: 'auth.lockout', target: member.id });
      expect(lockouts).toHaveLength(1);
      expect(lockouts[0]!.actor_code).toBeNull();
      expect(lockouts[0]!.target_label).toBe(`${member.name} (${member.id})`);
      expect(JSON.stringify(lockouts)).not.toContain('wrong-password-here');
    });
  });

  describe('reading', () => {
    it('filters by actor, action, target and Korean calendar days, and pages', async () => {
      const tag = `flt${Math.random().toString(36).slice(2, 7)}`;
      const members = await Promise.all([1, 2, 3].map((n) => createMember(t.db, { validated: false, id: `${tag}${n}` })));
      for (const member of members) expectOk(await callAs(t.app, 'POST', `/v1/member/${member.code}/validate`, adminCookie));
      const byTarget = await entries({ target: tag });
      expect(byTarget.map((entry) => entry.target_id)).toEqual([`${tag}3`, `${tag}2`, `${tag}1`]);
      expect((await entries({ target: tag, actor: admin.id })).length).toBe(3);
      expect(await entries({ target: tag, actor: superadmin.id })).toEqual([]);
      expect(await entries({ target: tag, action: 'member.delete' })).toEqual([]);
      const page2 = await callAs(t.app, 'GET', `/v1/admin/audit?target=${tag}&limit=2&page=2`, adminCookie);
      expect(page2.json()).toMatchObject({ total: 3, page: 2, limit: 2, size: 1 });
      // Today on Korea's calendar holds them; the day before does not.
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date());
      const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date(Date.now() - 86_400_000));
      expect(await entries({ target: tag, from: today, to: today })).toHaveLength(3);
      expect(await entries({ target: tag, to: yesterday })).toEqual([]);
      const backwards = await callAs(t.app, 'GET', `/v1/admin/audit?from=${today}&to=${yesterday}`, adminCookie);
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json().message).toBe('시작 날짜가 끝 날짜보다 늦습니다.');
      expect((await callAs(t.app, 'GET', '/v1/admin/audit?from=어제', adminCookie)).json().message).toBe('날짜는 YYYY-MM-DD 형식으로 입력하세요.');
    });

    it('is for admins only, and no route writes, changes or removes an entry', async () => {
      expect((await callAs(t.app, 'GET', '/v1/admin/audit')).statusCode).toBe(401);
      expect((await callAs(t.app, 'GET', '/v1/admin/audit', studentCookie)).statusCode).toBe(403);
      expect((await callAs(t.app, 'GET', '/v1/admin/audit', leadCookie)).statusCode).toBe(403);
      const [entry] = await entries({});
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        for (const url of ['/v1/admin/audit', `/v1/admin/audit/${entry!.code}`]) {
          expect((await callAs(t.app, method, url, superCookie, {})).statusCode, `${method} ${url}`).toBe(404);
        }
      }
    });
  });

  describe('append-only in the database', () => {
    it('refuses UPDATE, DELETE inside the retention period and (PostgreSQL) TRUNCATE, for any code path', async () => {
      await recordAudit(t.db, { actor: admin, action: 'member.approve', target: { kind: 'member', id: 'x', label: 'x' }, after: { validated: 1 } });
      await expect(t.db.updateTable('audit_log').set({ actor_label: '다른 사람' }).execute()).rejects.toThrow(/append-only/);
      await expect(t.db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
      if (dialect === 'postgres') await expect(sql`truncate audit_log`.execute(t.db)).rejects.toThrow(/append-only/);
      // A retention of 0 days would make every entry purgeable: the database refuses the setting.
      await expect(t.db.insertInto('audit_settings').values({ name: 'audit', retention_days: 0 }).execute()).rejects.toThrow();
      const count = await t.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBeGreaterThan(0);
    });

    it('the purge removes entries past the period and only those; the period is the superadmin’s setting', async () => {
      expect((await callAs(t.app, 'GET', '/v1/admin/audit/settings', adminCookie)).json()).toEqual({ retention_days: 730 });
      const refused = await callAs(t.app, 'PUT', '/v1/admin/audit/settings', adminCookie, { retention_days: 365 });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('감사 기록 보관 기간은 Super Admin만 바꿀 수 있습니다.');
      expect((await callAs(t.app, 'PUT', '/v1/admin/audit/settings', superCookie, { retention_days: 10 })).json().message).toBe(
        '감사 기록 보관 기간은 30~3650일로 입력하세요.',
      );
      expectOk(await callAs(t.app, 'PUT', '/v1/admin/audit/settings', superCookie, { retention_days: 365 }));
      expect((await latest('audit.retention', 'audit.retention_days')).changes).toEqual({ retention_days: { before: 730, after: 365 } });

      const old = new Date(Date.now() - 400 * 86_400_000).toISOString();
      const recent = new Date(Date.now() - 300 * 86_400_000).toISOString();
      const row = {
        actor_code: null,
        actor_label: null,
        action: 'auth.lockout',
        target_kind: 'login',
        target_id: 'purge-me',
        target_label: null,
        changes: '{}',
        scope: 'admin' as const,
        request_id: null,
      };
      await t.db
        .insertInto('audit_log')
        .values([
          { ...row, at: old },
          { ...row, at: recent },
        ])
        .execute();
      // Even the purge's own statement cannot take an entry inside the period.
      await expect(t.db.deleteFrom('audit_log').where('at', '=', recent).execute()).rejects.toThrow(/append-only/);
      expect(await purgeExpiredAudit(t.db, new Date())).toBe(1);
      const left = await t.db.selectFrom('audit_log').select('at').where('target_id', '=', 'purge-me').execute();
      expect(left.map((r) => r.at)).toEqual([recent]);
    });
  });
});
