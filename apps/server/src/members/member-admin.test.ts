import { calculateGrade } from '@qbank/shared/grade';
import { currentKoreanYear, gradYearForGrade } from '@qbank/shared/member-admin';
import type { Role } from '@qbank/shared/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberRow } from '../db/schema';
import { createProblem, createSubject, createTest } from '../testing/factories';
import { createMember, createTestContext, loginCookie, testDialects, type TestContext } from '../testing/harness';

type Actor = 'anonymous' | 'unapproved' | Role;
const ACTORS: Actor[] = ['anonymous', 'unapproved', 'student', 'lead', 'admin', 'superadmin'];
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

describe.each(testDialects)('member administration on %s', (dialect) => {
  let t: TestContext;
  let admin: MemberRow;
  let adminCookie: string;
  let superadmin: MemberRow;
  let superCookie: string;
  const year = currentKoreanYear();

  beforeAll(async () => {
    t = await createTestContext(dialect);
    admin = await createMember(t.db, { role: 'admin' });
    adminCookie = await loginCookie(t.app, admin.id);
    superadmin = await createMember(t.db, { role: 'superadmin' });
    superCookie = await loginCookie(t.app, superadmin.id);
  });
  afterAll(async () => t?.close());

  const call = (method: Method, url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });

  /** A fresh signed-in member acting as `actor` (undefined cookie for anonymous). */
  async function cookieOf(actor: Actor): Promise<string | undefined> {
    if (actor === 'anonymous') return undefined;
    const member = actor === 'unapproved' ? await createMember(t.db, { role: 'admin', validated: false }) : await createMember(t.db, { role: actor });
    return loginCookie(t.app, member.id);
  }

  async function withGrade(member: MemberRow, grade: number): Promise<MemberRow> {
    return t.db
      .updateTable('members')
      .set({ grade, grad_year: gradYearForGrade(grade, year) })
      .where('code', '=', member.code)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  const row = (code: number) => t.db.selectFrom('members').selectAll().where('code', '=', code).executeTakeFirst();

  async function expectAuthorization(
    expected: Record<Actor, number>,
    request: (cookie: string | undefined) => Promise<{ statusCode: number; json(): { code?: string } }>,
  ) {
    for (const actor of ACTORS) {
      const response = await request(await cookieOf(actor));
      expect.soft(response.statusCode, `${actor}`).toBe(expected[actor]);
      if (actor === 'unapproved') expect(response.json().code).toBe('NOT_APPROVED');
      if (actor === 'anonymous') expect(response.json().code).toBe('UNAUTHENTICATED');
    }
  }

  describe('GET /v1/member/members', () => {
    it('is for admins; a lead sees approved members only', async () => {
      await expectAuthorization({ anonymous: 401, unapproved: 403, student: 403, lead: 200, admin: 200, superadmin: 200 }, (cookie) =>
        call('GET', '/v1/member/members', cookie),
      );
      const lead = await cookieOf('lead');
      const pending = await createMember(t.db, { validated: false });
      const leadList = (await call('GET', '/v1/member/members?limit=9999', lead)).json();
      expect(leadList.members.every((m: { validated: number }) => m.validated === 1)).toBe(true);
      expect(leadList.members.some((m: { code: number }) => m.code === pending.code)).toBe(false);
      const refused = await call('GET', '/v1/member/members?validated=0', lead);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('학습부장은 승인된 회원 목록만 볼 수 있습니다.');
    });

    it('filters by approval, authority, calculated grade, name, e-mail and q; newest first; paged in SQL', async () => {
      const tag = `flt${Math.random().toString(36).slice(2, 7)}`;
      const make = async (id: string, options: Parameters<typeof createMember>[1], name?: string) => {
        const m = await createMember(t.db, { id: `${tag}-${id}`, ...options });
        return name ? t.db.updateTable('members').set({ name }).where('code', '=', m.code).returningAll().executeTakeFirstOrThrow() : m;
      };
      const pending = await make('pending', { validated: false });
      const second = await withGrade(await make('second', {}, `${tag} 김둘째`), 2);
      const third = await withGrade(await make('third', { role: 'lead' }), 3);
      const zero = await make('zero', {});
      await t.db.updateTable('members').set({ authority: 0 }).where('code', '=', zero.code).execute();
      const boss = await make('Boss', { role: 'admin', email: `${tag}.Boss@Example.ac.kr`.toLowerCase() });
      const ordered = [pending, second, third, zero, boss];
      // Distinct creation times, oldest first in `ordered`.
      for (const [index, m] of ordered.entries()) {
        await t.db
          .updateTable('members')
          .set({ creation_time: `2026-01-0${index + 1}T00:00:00.000Z` })
          .where('code', '=', m.code)
          .execute();
      }
      const list = async (query: string) => {
        const response = await call('GET', `/v1/member/members?q=${tag}&${query}`, adminCookie);
        expect(response.statusCode, response.body).toBe(200);
        return response.json() as { members: Array<{ code: number; id: string }>; total: number; page: number; limit: number; size: number };
      };
      const codes = async (query: string) => (await list(query)).members.map((m) => m.code);

      expect(await codes('')).toEqual([boss.code, zero.code, third.code, second.code, pending.code]);
      expect(await codes('validated=0')).toEqual([pending.code]);
      expect(await codes('validated=1')).toEqual([boss.code, zero.code, third.code, second.code]);
      expect(await codes('authority=none')).toEqual([zero.code, second.code, pending.code]);
      expect(await codes('authority=0')).toEqual([zero.code, second.code, pending.code]);
      expect(await codes('authority=1')).toEqual([boss.code]);
      expect(await codes('authority=2')).toEqual([third.code]);
      expect(await codes('grade=2')).toEqual([second.code]);
      expect(await codes('grade=3')).toEqual([third.code]);
      expect(await codes('grade=1')).toEqual([]);
      expect(calculateGrade(second.grad_year, year)).toEqual({ kind: 'student', grade: 2 });
      expect(await codes(`name=${encodeURIComponent('김둘째')}`)).toEqual([second.code]);
      expect(await codes(`email=${encodeURIComponent(`${tag}.BOSS@example`)}`)).toEqual([boss.code]);
      // q matches id, name or nickname, ignoring case; LIKE wildcards are literal.
      expect((await call('GET', `/v1/member/members?q=${tag.toUpperCase()}-boss`, adminCookie)).json().members.map((m: { code: number }) => m.code)).toEqual([
        boss.code,
      ]);
      expect(
        (await call('GET', `/v1/member/members?q=${encodeURIComponent(second.nickname)}`, adminCookie)).json().members.map((m: { code: number }) => m.code),
      ).toEqual([second.code]);
      expect(await codes(`name=%25`)).toEqual([]);
      expect((await list('validated=')).total).toBe(5);

      const page = await list('limit=2&page=2');
      expect(page).toMatchObject({ total: 5, page: 2, limit: 2, size: 2 });
      expect(page.members.map((m) => m.code)).toEqual([third.code, second.code]);
      const last = await list('limit=2&page=3');
      expect(last).toMatchObject({ total: 5, size: 1 });
      expect(await list('limit=2&page=4')).toMatchObject({ total: 5, size: 0, members: [] });
      expect(await list('limit=100000')).toMatchObject({ limit: 9999, total: 5, size: 5 });
      expect(JSON.stringify(await list(''))).not.toMatch(/password|token_version|scrypt/);
    });

    it('refuses bad filters and paging with Korean 400s', async () => {
      for (const query of [
        'page=-1',
        'page=0',
        'page=abc',
        'limit=0',
        'limit=-5',
        'limit=1.5',
        'validated=2',
        'authority=4',
        'authority=admin',
        'grade=0',
        'grade=7',
        'grade=x',
        'role=admin',
        `q=${'가'.repeat(201)}`,
      ]) {
        const response = await call('GET', `/v1/member/members?${query}`, adminCookie);
        expect(response.statusCode, query).toBe(400);
        expect(response.json()).toMatchObject({ code: 'VALIDATION', message: expect.stringMatching(/[가-힣]/) });
      }
    });
  });

  describe('POST /v1/member/:code/authority', () => {
    const appoint = (code: number, cookie: string | undefined, payload: unknown) => call('POST', `/v1/member/${code}/authority`, cookie, payload);

    it('lets admins and superadmins appoint a lead; nobody else', async () => {
      await expectAuthorization({ anonymous: 401, unapproved: 403, student: 403, lead: 403, admin: 200, superadmin: 200 }, async (cookie) =>
        appoint((await createMember(t.db)).code, cookie, { authority: 2 }),
      );
    });

    it('lets only a superadmin appoint or remove an admin', async () => {
      await expectAuthorization({ anonymous: 401, unapproved: 403, student: 403, lead: 403, admin: 403, superadmin: 200 }, async (cookie) =>
        appoint((await createMember(t.db)).code, cookie, { authority: 1 }),
      );
      const refused = await appoint((await createMember(t.db)).code, adminCookie, { authority: 1 });
      expect(refused.json()).toEqual({ code: 'FORBIDDEN', message: '관리자의 임명과 해제, 변경은 Super Admin만 할 수 있습니다.' });
      const otherAdmin = await createMember(t.db, { role: 'admin' });
      for (const authority of [null, 2]) {
        expect((await appoint(otherAdmin.code, adminCookie, { authority })).statusCode).toBe(403);
        expect((await row(otherAdmin.code))!.authority).toBe(1);
      }
      const removed = await appoint(otherAdmin.code, superCookie, { authority: null });
      expect(removed.statusCode).toBe(200);
      expect(removed.json().member).toMatchObject({ code: otherAdmin.code, authority: null, role: 'student' });
    });

    it('lets an admin remove a lead', async () => {
      const lead = await createMember(t.db, { role: 'lead' });
      const response = await appoint(lead.code, adminCookie, { authority: null });
      expect(response.statusCode).toBe(200);
      expect((await row(lead.code))!.authority).toBeNull();
    });

    it('never changes a superadmin, nor your own authority', async () => {
      const otherSuper = await createMember(t.db, { role: 'superadmin' });
      for (const [target, cookie] of [
        [superadmin.code, adminCookie],
        [otherSuper.code, superCookie],
        [superadmin.code, superCookie],
      ] as const) {
        for (const authority of [null, 1, 2]) {
          const response = await appoint(target, cookie, { authority });
          expect(response.statusCode).toBe(403);
        }
      }
      expect((await appoint(otherSuper.code, superCookie, { authority: null })).json().message).toBe(
        'Super Admin의 권한과 정보는 변경하거나 삭제할 수 없습니다.',
      );
      expect((await row(otherSuper.code))!.authority).toBe(3);
      const own = await appoint(admin.code, adminCookie, { authority: null });
      expect(own.statusCode).toBe(403);
      expect(own.json().message).toBe('자신의 권한은 변경할 수 없습니다.');
      expect((await row(admin.code))!.authority).toBe(1);
    });

    it('answers 409 for a role already held and for an unapproved member', async () => {
      const lead = await createMember(t.db, { role: 'lead' });
      const again = await appoint(lead.code, adminCookie, { authority: 2 });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ code: 'CONFLICT', message: '이미 학습부장입니다.' });
      const otherAdmin = await createMember(t.db, { role: 'admin' });
      const adminAgain = await appoint(otherAdmin.code, superCookie, { authority: 1 });
      expect(adminAgain.statusCode).toBe(409);
      expect(adminAgain.json().message).toBe('이미 관리자입니다.');
      const pending = await createMember(t.db, { validated: false });
      const unapproved = await appoint(pending.code, adminCookie, { authority: 2 });
      expect(unapproved.statusCode).toBe(409);
      expect(unapproved.json().message).toBe('승인되지 않은 회원은 임명할 수 없습니다. 먼저 가입을 승인해주세요.');
      expect((await row(pending.code))!.authority).toBeNull();
    });

    it('patches the grade with a lead appointment, in the same call', async () => {
      const student = await withGrade(await createMember(t.db), 1);
      const response = await appoint(student.code, adminCookie, { authority: 2, grade: 3 });
      expect(response.statusCode).toBe(200);
      expect(response.json().member).toMatchObject({ authority: 2, role: 'lead', grade: 3, grad_year: gradYearForGrade(3, year) });
      expect(calculateGrade((await row(student.code))!.grad_year, year)).toEqual({ kind: 'student', grade: 3 });
      const withAdmin = await appoint((await createMember(t.db)).code, superCookie, { authority: 1, grade: 3 });
      expect(withAdmin.statusCode).toBe(400);
      expect(withAdmin.json().message).toBe('학년은 학습부장을 임명할 때만 함께 지정할 수 있습니다.');
    });

    it('applies at once, without signing in again', async () => {
      const member = await createMember(t.db);
      const cookie = await loginCookie(t.app, member.id);
      expect((await call('POST', '/v1/member/retain-grade', cookie, { member_codes: [member.code] })).statusCode).toBe(403);
      await appoint(member.code, adminCookie, { authority: 2 });
      expect((await call('GET', '/v1/auth/me', cookie)).json().user.role).toBe('lead');
      expect((await call('GET', '/v1/member/members', cookie)).statusCode).toBe(200);
      await appoint(member.code, adminCookie, { authority: null });
      expect((await call('GET', '/v1/member/members', cookie)).statusCode).toBe(403);

      const demoted = await createMember(t.db, { role: 'admin' });
      const demotedCookie = await loginCookie(t.app, demoted.id);
      expect((await call('GET', '/v1/member/members?validated=0', demotedCookie)).statusCode).toBe(200);
      await appoint(demoted.code, superCookie, { authority: null });
      expect((await call('GET', '/v1/member/members?validated=0', demotedCookie)).statusCode).toBe(403);
    });

    it('refuses bad bodies and codes', async () => {
      const target = await createMember(t.db);
      for (const payload of [
        {},
        { authority: 3 },
        { authority: 0 },
        { authority: '2' },
        { authority: 2, extra: 1 },
        { authority: 2, grade: 7 },
        { authority: 2, grade: 'x' },
        [2],
      ]) {
        const response = await appoint(target.code, superCookie, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().message).toMatch(/[가-힣]/);
      }
      expect((await appoint(target.code, superCookie, {})).json().message).toBe('임명할 권한을 선택해주세요.');
      expect((await call('POST', '/v1/member/abc/authority', superCookie, { authority: 2 })).statusCode).toBe(400);
      const missing = await appoint(987654, superCookie, { authority: 2 });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('회원을 찾을 수 없습니다.');
      expect((await row(target.code))!.authority).toBeNull();
    });
  });

  describe('PATCH /v1/member/:code', () => {
    const patch = (code: number, cookie: string | undefined, payload: unknown) => call('PATCH', `/v1/member/${code}`, cookie, payload);

    it('is for admins: a lead cannot approve members', async () => {
      await expectAuthorization({ anonymous: 401, unapproved: 403, student: 403, lead: 403, admin: 200, superadmin: 200 }, async (cookie) =>
        patch((await createMember(t.db, { validated: false })).code, cookie, { validated: 1 }),
      );
    });

    it('toggles approval; an un-approved member is stopped at once', async () => {
      const member = await createMember(t.db);
      const cookie = await loginCookie(t.app, member.id);
      expect((await call('GET', '/v1/box', cookie)).statusCode).toBe(200);
      const off = await patch(member.code, adminCookie, { validated: 0 });
      expect(off.statusCode).toBe(200);
      expect(off.json().member).toMatchObject({ code: member.code, validated: 0 });
      const gated = await call('GET', '/v1/box', cookie);
      expect(gated.statusCode).toBe(403);
      expect(gated.json().code).toBe('NOT_APPROVED');
      expect((await patch(member.code, adminCookie, { validated: 1 })).json().member.validated).toBe(1);
      expect((await call('GET', '/v1/box', cookie)).statusCode).toBe(200);
    });

    it('sets the grade with the matching grad_year, or clears both', async () => {
      const member = await createMember(t.db);
      const set = await patch(member.code, adminCookie, { grade: 4 });
      expect(set.json().member).toMatchObject({ grade: 4, grad_year: gradYearForGrade(4, year) });
      const cleared = await patch(member.code, adminCookie, { grade: null, validated: 1 });
      expect(cleared.json().member).toMatchObject({ grade: null, grad_year: null, validated: 1 });
    });

    it('never changes a superadmin or yourself; only a superadmin changes an admin', async () => {
      for (const cookie of [adminCookie, superCookie]) {
        expect((await patch(superadmin.code, cookie, { validated: 0 })).statusCode).toBe(403);
      }
      const own = await patch(admin.code, adminCookie, { validated: 0 });
      expect(own.statusCode).toBe(403);
      expect(own.json().message).toBe('자신의 승인 상태나 학년은 여기서 변경할 수 없습니다.');
      const otherAdmin = await createMember(t.db, { role: 'admin' });
      expect((await patch(otherAdmin.code, adminCookie, { validated: 0 })).statusCode).toBe(403);
      expect((await row(otherAdmin.code))!.validated).toBe(1);
      expect((await patch(otherAdmin.code, superCookie, { grade: 2 })).statusCode).toBe(200);
      expect((await row(superadmin.code))!.validated).toBe(1);
    });

    it('refuses bad bodies and codes', async () => {
      const member = await createMember(t.db);
      for (const payload of [
        {},
        { validated: 2 },
        { validated: '1' },
        { validated: true },
        { grade: 0 },
        { grade: 7 },
        { grade: 1.5 },
        { authority: 1 },
        { grade: 2, name: 'x' },
      ]) {
        const response = await patch(member.code, adminCookie, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().message).toMatch(/[가-힣]/);
      }
      expect((await patch(member.code, adminCookie, {})).json().message).toBe('변경할 항목이 없습니다.');
      expect((await patch(987654, adminCookie, { validated: 1 })).statusCode).toBe(404);
      expect((await patch(-1, adminCookie, { validated: 1 })).statusCode).toBe(400);
    });
  });

  describe('POST /v1/member', () => {
    let serial = 0;
    const newMember = (overrides: Record<string, unknown> = {}) => {
      serial += 1;
      const tag = `${serial}${Math.random().toString(36).slice(2, 7)}`;
      return {
        name: '박새내',
        id: `added-${tag}`,
        nickname: `새내${tag}`,
        school_no: `2026${tag}`,
        email: `Added.${tag}@Example.ac.kr`,
        grade: 1,
        ...overrides,
      };
    };

    it('is for admins', async () => {
      await expectAuthorization({ anonymous: 401, unapproved: 403, student: 403, lead: 403, admin: 201, superadmin: 201 }, (cookie) =>
        call('POST', '/v1/member', cookie, newMember()),
      );
    });

    it('creates an approved member with a one-time password shown once', async () => {
      const body = newMember({ name: '  박새내  ' });
      const response = await call('POST', '/v1/member', adminCookie, body);
      expect(response.statusCode).toBe(201);
      expect(response.headers['cache-control']).toBe('no-store');
      const { member, one_time_password: password } = response.json();
      expect(member).toMatchObject({
        id: body.id,
        name: '박새내',
        email: body.email.toLowerCase(),
        validated: 1,
        authority: null,
        role: 'student',
        grade: 1,
        grad_year: gradYearForGrade(1, year),
      });
      expect(password).toMatch(/^[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{4}$/);
      expect(response.body).not.toMatch(/password_hash|scrypt/);
      const stored = await row(member.code);
      expect(stored!.password_hash).not.toContain(password);
      const cookie = await loginCookie(t.app, body.id, password);
      expect((await call('GET', '/v1/box', cookie)).statusCode).toBe(200);
      const second = (await call('POST', '/v1/member', adminCookie, newMember())).json();
      expect(second.one_time_password).not.toBe(password);
      expect((await call('POST', '/v1/member', adminCookie, newMember({ grade: null }))).json().member).toMatchObject({ grade: null, grad_year: null });
    });

    it('refuses a duplicate id, student number or e-mail with 409 naming the field', async () => {
      const first = newMember();
      expect((await call('POST', '/v1/member', adminCookie, first)).statusCode).toBe(201);
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ id: first.id }, 'id', '이미 사용 중인 아이디입니다.'],
        [{ school_no: first.school_no }, 'school_no', '이미 등록된 학번입니다.'],
        [{ email: first.email.toUpperCase() }, 'email', '이미 등록된 이메일입니다.'],
      ];
      for (const [overrides, field, message] of cases) {
        const response = await call('POST', '/v1/member', adminCookie, newMember(overrides));
        expect(response.statusCode).toBe(409);
        expect(response.json()).toMatchObject({ code: 'CONFLICT', message, fields: { [field]: message } });
      }
    });

    it('refuses missing, blank, 33-character, mistyped and unknown fields', async () => {
      const fieldMessages: Array<[string, string]> = [
        ['name', '이름은 1~32자 이내로 입력하세요.'],
        ['id', '아이디는 1~32자 이내로 입력하세요.'],
        ['nickname', '닉네임은 1~32자 이내로 입력하세요.'],
        ['school_no', '학번은 1~32자 이내로 입력하세요.'],
      ];
      for (const [field, message] of fieldMessages) {
        for (const value of [undefined, '   ', 'ㄱ'.repeat(33), 42]) {
          const body: Record<string, unknown> = newMember();
          if (value === undefined) delete body[field];
          else body[field] = value;
          const response = await call('POST', '/v1/member', adminCookie, body);
          expect(response.statusCode).toBe(400);
          expect(response.json()).toMatchObject({ code: 'VALIDATION', fields: { [field]: message } });
        }
      }
      const email = async (value: unknown) => {
        const body: Record<string, unknown> = newMember();
        if (value === undefined) delete body.email;
        else body.email = value;
        return (await call('POST', '/v1/member', adminCookie, body)).json();
      };
      expect((await email(undefined)).fields.email).toBe('이메일을 입력하세요.');
      expect((await email('  ')).fields.email).toBe('이메일을 입력하세요.');
      expect((await email('not-an-email')).fields.email).toBe('올바른 이메일 형식이 아닙니다.');
      expect((await email(`${'a'.repeat(250)}@x.kr`)).fields.email).toBe('올바른 이메일 형식이 아닙니다.');
      for (const extra of [{ grade: 7 }, { grade: '1' }, { password: 'chosen-by-admin' }, { validated: 0 }, { authority: 1 }]) {
        const response = await call('POST', '/v1/member', adminCookie, newMember(extra));
        expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      }
    });
  });

  describe('DELETE /v1/member/:code', () => {
    const remove = (code: number, cookie: string | undefined) => call('DELETE', `/v1/member/${code}`, cookie);

    it('is for admins', async () => {
      await expectAuthorization({ anonymous: 401, unapproved: 403, student: 403, lead: 403, admin: 200, superadmin: 200 }, async (cookie) =>
        remove((await createMember(t.db)).code, cookie),
      );
    });

    it('keeps what the member wrote and drops their private data; their session ends', async () => {
      const member = await createMember(t.db);
      const cookie = await loginCookie(t.app, member.id);
      const subject = await createSubject(t.db);
      const exam = await createTest(t.db, { subject_code: subject });
      const problem = await createProblem(t.db, { test_code: exam, no: 1 });
      const reply = await call('POST', `/v1/problem/${problem}/reply`, cookie, { reply_text: '좋은 문제네요' });
      expect(reply.statusCode).toBeLessThan(300);
      const box = await call('POST', '/v1/box', cookie, { box_name: '내 박스' });
      expect(box.statusCode).toBe(201);

      const response = await remove(member.code, adminCookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true, code: member.code });
      expect(await row(member.code)).toBeUndefined();
      const replies = await t.db.selectFrom('problem_replies').select(['member_code', 'reply_text']).where('problem_uid', '=', problem).execute();
      expect(replies).toEqual([{ member_code: null, reply_text: '좋은 문제네요' }]);
      expect(await t.db.selectFrom('boxes').select('code').where('member_code', '=', member.code).execute()).toEqual([]);
      expect((await call('GET', '/v1/auth/me', cookie)).statusCode).toBe(401);
      expect((await remove(member.code, adminCookie)).statusCode).toBe(404);
    });

    it('never deletes a superadmin or yourself; only a superadmin deletes an admin', async () => {
      for (const cookie of [adminCookie, superCookie]) {
        const response = await remove(superadmin.code, cookie);
        expect(response.statusCode).toBe(403);
      }
      const own = await remove(admin.code, adminCookie);
      expect(own.statusCode).toBe(403);
      expect(own.json().message).toBe('자기 자신은 삭제할 수 없습니다.');
      const otherAdmin = await createMember(t.db, { role: 'admin' });
      const byAdmin = await remove(otherAdmin.code, adminCookie);
      expect(byAdmin.statusCode).toBe(403);
      expect(byAdmin.json().message).toBe('관리자는 Super Admin만 삭제할 수 있습니다.');
      expect(await row(otherAdmin.code)).toBeDefined();
      expect((await remove(otherAdmin.code, superCookie)).statusCode).toBe(200);
      expect(await row(superadmin.code)).toBeDefined();
      expect(await row(admin.code)).toBeDefined();
    });

    it('refuses bad codes', async () => {
      for (const bad of ['abc', '0', '-3', '1.5', '99999999999']) {
        expect((await call('DELETE', `/v1/member/${bad}`, adminCookie)).statusCode).toBe(400);
      }
    });
  });
});
