import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { createMember, createTestContext, loginCookie, testDialects, type TestContext } from '../testing/harness';
import { guard, signedInMember, type Access } from './auth-guards';

// The route guard of decision 043: one declaration per route, the member read back without a second check.
describe.each(testDialects)('guard() on %s', (dialect) => {
  let t: TestContext;
  let cookies: Record<'unapproved' | 'student' | 'lead' | 'admin', string>;
  let studentCode: number;
  let bodiesParsed = 0;
  const alongsideCalls: { id: string; memberKnown: boolean }[] = [];

  beforeAll(async () => {
    t = await createTestContext(dialect, {
      register(app) {
        for (const access of ['signedIn', 'approved', 'lead', 'admin'] as Access[]) {
          app.post(`/v1/guard-probe/${access}`, { onRequest: guard(access), preValidation: async () => void (bodiesParsed += 1) }, async (request) => ({
            code: signedInMember(request).code,
          }));
        }
        app.get('/v1/guard-probe/unguarded', async (request) => ({ code: signedInMember(request).code }));
        // A read started beside the member's (decision 216): the path's id, as the route would read a version by it.
        const alongside = (request: FastifyRequest) => {
          const id = (request.params as { id: string }).id;
          alongsideCalls.push({ id, memberKnown: request.guardedMember !== undefined });
          return /^\d+$/.test(id) ? Promise.resolve(`version of ${id}`) : undefined;
        };
        app.get('/v1/guard-probe/alongside/:id', { onRequest: guard('lead', { alongside }) }, async (request) => ({
          alongside: (await request.readAlongside) ?? null,
        }));
      },
    });
    const unapproved = await createMember(t.db, { validated: false });
    const student = await createMember(t.db);
    const lead = await createMember(t.db, { role: 'lead' });
    const admin = await createMember(t.db, { role: 'admin' });
    studentCode = student.code;
    cookies = {
      unapproved: await loginCookie(t.app, unapproved.id),
      student: await loginCookie(t.app, student.id),
      lead: await loginCookie(t.app, lead.id),
      admin: await loginCookie(t.app, admin.id),
    };
  });
  afterAll(async () => t?.close());

  const call = (access: string, who: keyof typeof cookies | null) =>
    t.app.inject({ method: 'POST', url: `/v1/guard-probe/${access}`, payload: { any: 'body' }, headers: who ? { cookie: cookies[who] } : {} });

  it('admits each role group and refuses the rest before the body is looked at', async () => {
    const expected: Record<Access, Record<keyof typeof cookies | 'anonymous', number>> = {
      signedIn: { anonymous: 401, unapproved: 200, student: 200, lead: 200, admin: 200 },
      approved: { anonymous: 401, unapproved: 403, student: 200, lead: 200, admin: 200 },
      lead: { anonymous: 401, unapproved: 403, student: 403, lead: 200, admin: 200 },
      admin: { anonymous: 401, unapproved: 403, student: 403, lead: 403, admin: 200 },
    };
    for (const [access, byCaller] of Object.entries(expected)) {
      for (const [who, status] of Object.entries(byCaller)) {
        const before = bodiesParsed;
        const response = await call(access, who === 'anonymous' ? null : (who as keyof typeof cookies));
        expect(response.statusCode, `${who} on ${access}`).toBe(status);
        expect(bodiesParsed - before, `${who} on ${access}: validation ran`).toBe(status === 200 ? 1 : 0);
      }
    }
  });

  it('hands the handler the admitted member', async () => {
    expect((await call('approved', 'student')).json()).toEqual({ code: studentCode });
  });

  it('treats reading the member on a route without a guard as our fault (500), never as a member', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/guard-probe/unguarded', headers: { cookie: cookies.student } });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('guard');
  });

  it('starts a route’s read beside the member’s for a verified token only, and hands the handler what it read', async () => {
    const get = (id: string, who: keyof typeof cookies | null, cookie?: string) =>
      t.app.inject({ method: 'GET', url: `/v1/guard-probe/alongside/${id}`, headers: who ? { cookie: cookies[who] } : cookie ? { cookie } : {} });
    alongsideCalls.length = 0;
    const admitted = await get('42', 'lead');
    expect(admitted.json()).toEqual({ alongside: 'version of 42' });
    expect(alongsideCalls).toEqual([{ id: '42', memberKnown: false }]);
    // Refused once the member is read: the read was started and is dropped, never reported as a failure.
    expect((await get('43', 'student')).statusCode).toBe(403);
    // No token, or one that does not verify: nothing is read.
    expect((await get('44', null)).statusCode).toBe(401);
    expect((await get('45', null, 'token=forged.token.value')).statusCode).toBe(401);
    expect(alongsideCalls.map((call) => call.id)).toEqual(['42', '43']);
    // A path the route cannot read by: the handler gets nothing and reads on its own.
    expect((await get('abc', 'lead')).json()).toEqual({ alongside: null });
  });
});
