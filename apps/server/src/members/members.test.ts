import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@qbank/shared/roles';
import { createMember, createTestContext, loginCookie, testDialects, type TestContext } from '../testing/harness';

describe.each(testDialects)('member approval on %s', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(dialect);
  });
  afterAll(async () => t?.close());

  const approve = (code: number | string, cookie?: string) =>
    t.app.inject({ method: 'POST', url: `/v1/member/${code}/validate`, headers: cookie ? { cookie } : {} });

  it.each([
    ['student', 403],
    ['lead', 403],
    ['admin', 200],
    ['superadmin', 200],
  ] as Array<[Role, number]>)('as %s answers %i', async (role, status) => {
    const pending = await createMember(t.db, { validated: false });
    const actor = await createMember(t.db, { role });
    const response = await approve(pending.code, await loginCookie(t.app, actor.id));
    expect(response.statusCode).toBe(status);
    const row = await t.db.selectFrom('members').select('validated').where('code', '=', pending.code).executeTakeFirstOrThrow();
    expect(row.validated).toBe(status === 200 ? 1 : 0);
    if (status === 200) expect(response.json().member).toMatchObject({ code: pending.code, validated: 1 });
  });

  it('refuses anonymous and unapproved callers', async () => {
    const pending = await createMember(t.db, { validated: false });
    expect((await approve(pending.code)).statusCode).toBe(401);
    const unapprovedAdmin = await createMember(t.db, { role: 'admin', validated: false });
    const response = await approve(pending.code, await loginCookie(t.app, unapprovedAdmin.id));
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('NOT_APPROVED');
  });

  it('answers bad and unknown member codes with 400 and 404', async () => {
    const admin = await createMember(t.db, { role: 'admin' });
    const cookie = await loginCookie(t.app, admin.id);
    for (const bad of ['abc', '-1', '0', '1.5', '99999999999']) {
      const response = await approve(bad, cookie);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION', message: '입력값이 올바르지 않습니다.' });
    }
    const missing = await approve(987654, cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: '회원을 찾을 수 없습니다.' });
  });
});
