import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, loginCookie, testDialects, type TestContext } from '../testing/harness';

describe.each(testDialects)("a member's look on %s", (dialect) => {
  let t: TestContext;
  let cookie: string;
  let memberId: string;
  const call = (method: 'GET' | 'PUT', who: string | undefined, payload?: object) =>
    t.app.inject({ method, url: '/v1/settings', headers: who ? { cookie: who } : {}, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestContext(dialect);
    memberId = (await createMember(t.db)).id;
    cookie = await loginCookie(t.app, memberId);
  });
  afterAll(async () => t?.close());

  it('starts light and medium, keeps the choice for every device, and copies it into the look cookie', async () => {
    const first = await call('GET', cookie);
    expect(first.json()).toEqual({ settings: { theme: 'light', type_size: 'medium' } });
    expect(first.cookies.find((c) => c.name === 'qbank_look')).toMatchObject({ value: 'light.medium', path: '/', sameSite: 'Lax' });
    const saved = await call('PUT', cookie, { theme: 'dark', type_size: 'large' });
    expect(saved.json()).toEqual({ settings: { theme: 'dark', type_size: 'large' } });
    expect(saved.cookies.find((c) => c.name === 'qbank_look')?.value).toBe('dark.large');
    const otherDevice = await loginCookie(t.app, memberId);
    expect((await call('GET', otherDevice)).json()).toEqual({ settings: { theme: 'dark', type_size: 'large' } });
    await call('PUT', cookie, { theme: 'system', type_size: 'small' });
    expect(await t.db.selectFrom('member_settings').select(['theme', 'type_size']).execute()).toEqual([{ theme: 'system', type_size: 'small' }]);
  });

  it('keeps each member’s look their own; an unapproved member has one too', async () => {
    const pending = await loginCookie(t.app, (await createMember(t.db, { validated: false })).id);
    expect((await call('GET', pending)).json().settings.theme).toBe('light');
    expect((await call('PUT', pending, { theme: 'dark', type_size: 'medium' })).statusCode).toBe(200);
    expect((await call('GET', cookie)).json().settings).toEqual({ theme: 'system', type_size: 'small' });
  });

  it('refuses bad input with a Korean message and anonymous callers', async () => {
    for (const payload of [
      {},
      { theme: 'dark' },
      { theme: 'sepia', type_size: 'large' },
      { theme: 'dark', type_size: 'huge' },
      { theme: 'dark', type_size: 'large', x: 1 },
    ]) {
      const response = await call('PUT', cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toMatch(/[가-힣]/);
    }
    expect((await call('GET', undefined)).statusCode).toBe(401);
  });
});
