import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../core/password';
import { findMemberById } from './repository';
import { createTestContext, testDialects, type TestContext } from '../testing/harness';
import { ensureBootstrapAdmin } from './bootstrap';

describe.each(testDialects)('ADMIN_ID bootstrap on %s', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(dialect, { env: { ADMIN_ID: 'root-admin', ADMIN_PASSWORD: 'first-password' } });
  });
  afterAll(async () => t?.close());

  it('creates an approved superadmin once and never resets an existing password', async () => {
    await ensureBootstrapAdmin(t.db, t.config, t.app.log);
    const created = await findMemberById(t.db, 'root-admin');
    expect(created).toMatchObject({ authority: 3, validated: 1 });
    expect(await verifyPassword('first-password', created!.password_hash)).toBe(true);

    await ensureBootstrapAdmin(t.db, { ...t.config, admin: { id: 'root-admin', password: 'second-password' } }, t.app.log);
    const again = await findMemberById(t.db, 'root-admin');
    expect(again!.code).toBe(created!.code);
    expect(await verifyPassword('first-password', again!.password_hash)).toBe(true);

    const login = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { id: 'root-admin', password: 'first-password' } });
    expect(login.json().user.role).toBe('superadmin');
  });
});
