import { calculateGrade } from '@qbank/shared/grade';
import { currentKoreanYear, gradYearForGrade } from '@qbank/shared/member-admin';
import type { Role } from '@qbank/shared/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberRow } from '../db/schema';
import { createMember, createTestContext, loginCookie, testDialects, type TestContext } from '../testing/harness';

describe.each(testDialects)('grade retention on %s', (dialect) => {
  let t: TestContext;
  let leadCookie: string;
  const year = currentKoreanYear();

  beforeAll(async () => {
    t = await createTestContext(dialect);
    leadCookie = await loginCookie(t.app, (await createMember(t.db, { role: 'lead' })).id);
  });
  afterAll(async () => t?.close());

  const retain = (cookie: string | undefined, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/v1/member/retain-grade', headers: cookie ? { cookie } : {}, payload: payload as object });

  async function student(grade: number | null): Promise<MemberRow> {
    const member = await createMember(t.db);
    return t.db
      .updateTable('members')
      .set({ grade, grad_year: grade === null ? null : gradYearForGrade(grade, year) })
      .where('code', '=', member.code)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  const gradYears = async (codes: number[]) =>
    (await t.db.selectFrom('members').select(['code', 'grad_year']).where('code', 'in', codes).orderBy('code').execute()).map((r) => r.grad_year);

  it.each([
    ['anonymous', 401],
    ['unapproved', 403],
    ['student', 403],
    ['lead', 200],
    ['admin', 200],
    ['superadmin', 200],
  ] as Array<['anonymous' | 'unapproved' | Role, number]>)('as %s answers %i', async (actor, status) => {
    const target = await student(2);
    let cookie: string | undefined;
    if (actor === 'unapproved') cookie = await loginCookie(t.app, (await createMember(t.db, { role: 'lead', validated: false })).id);
    else if (actor !== 'anonymous') cookie = await loginCookie(t.app, (await createMember(t.db, { role: actor })).id);
    const response = await retain(cookie, { member_codes: [target.code] });
    expect(response.statusCode).toBe(status);
    if (actor === 'unapproved') expect(response.json().code).toBe('NOT_APPROVED');
    expect(await gradYears([target.code])).toEqual([target.grad_year! + (status === 200 ? 1 : 0)]);
  });

  it('adds one year to grad_year for every selected student, in one go', async () => {
    const second = await student(2);
    const third = await student(3);
    const response = await retain(leadCookie, { member_codes: [third.code, second.code, second.code] });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.count).toBe(2);
    expect(body.members.map((m: { code: number }) => m.code).sort()).toEqual([second.code, third.code].sort());
    expect(await gradYears([second.code, third.code])).toEqual([second.grad_year! + 1, third.grad_year! + 1]);
    // Retained students are a year behind now (5 − (grad_year − current year), @qbank/shared/grade).
    const [secondAfter] = await t.db.selectFrom('members').selectAll().where('code', '=', second.code).execute();
    expect(calculateGrade(secondAfter!.grad_year, year)).toEqual({ kind: 'student', grade: 1 });
    expect(secondAfter!.grade).toBe(1);
    expect(body.members.find((m: { code: number }) => m.code === third.code)).toMatchObject({ grade: 2, grad_year: third.grad_year! + 1 });
  });

  it('changes nobody when one code is unknown', async () => {
    const a = await student(2);
    const b = await student(4);
    const response = await retain(leadCookie, { member_codes: [a.code, 987654, b.code] });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: '존재하지 않는 회원이 포함되어 있습니다. 아무도 유급 처리하지 않았습니다.' });
    expect(await gradYears([a.code, b.code])).toEqual([a.grad_year, b.grad_year]);
  });

  it('changes nobody when a member has no grad_year', async () => {
    const a = await student(3);
    const unknown = await student(null);
    const response = await retain(leadCookie, { member_codes: [a.code, unknown.code] });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain(unknown.name);
    expect(response.json().message).toContain('아무도 유급 처리하지 않았습니다.');
    expect(await gradYears([a.code, unknown.code])).toEqual([a.grad_year, null]);
  });

  it('refuses an empty selection and bad bodies', async () => {
    for (const payload of [{ member_codes: [] }, {}, { member_codes: null }]) {
      const response = await retain(leadCookie, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('유급 처리할 학생을 선택해주세요.');
    }
    for (const payload of [
      { member_codes: ['1'] },
      { member_codes: [1.5] },
      { member_codes: [0] },
      { member_codes: [-1] },
      { member_codes: 3 },
      { member_codes: [1], grade: 2 },
      [1, 2],
    ]) {
      const response = await retain(leadCookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toMatch(/[가-힣]/);
    }
    const tooMany = await retain(leadCookie, { member_codes: Array.from({ length: 1001 }, (_, i) => i + 1) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('한 번에 1000명까지 유급 처리할 수 있습니다.');
  });
});
