import { randomBytes, scrypt } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guard, requireApprovedMember, requireRole } from '../core/auth-guards';
import { contentVersionSum, lineageVersionSum, versionText } from '../read-caches/data-versions';
import { setPasswordCost } from '../core/password';
import { createMember, createTestContext, loginCookie, TEST_PASSWORD, testDialects, type TestContext } from '../testing/harness';

/** A stored hash made with other scrypt parameters, as an older release stored them. */
function hashAt(password: string, log2N: number, r: number, p: number): Promise<string> {
  const salt = randomBytes(16);
  return new Promise((resolve, reject) =>
    scrypt(password, salt, 32, { N: 2 ** log2N, r, p }, (err, key) =>
      err ? reject(err) : resolve(['scrypt', log2N, r, p, salt.toString('base64'), key.toString('base64')].join('$')),
    ),
  );
}

const signupBody = (overrides: Record<string, unknown> = {}) => ({
  name: '김민지',
  id: `minji${Math.random().toString(36).slice(2, 8)}`,
  password: 'hello-qbank-1',
  nickname: '민지',
  school_no: `20261${Math.floor(Math.random() * 1e6)}`,
  ...overrides,
});

describe.each(testDialects)('auth on %s', (dialect) => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext(dialect, {
      register(app) {
        app.get('/v1/test-probe/approved', async (request) => ({ code: (await requireApprovedMember(request)).code }));
        app.get('/v1/test-probe/versions', { onRequest: guard('approved', { contentVersion: true }) }, async (request) => ({
          content: request.contentVersion ?? null,
          lineage: request.lineageVersion ?? null,
        }));
        app.get('/v1/test-probe/admin', async (request) => ({ code: (await requireRole(request, ['admin', 'superadmin'])).code }));
        app.get('/v1/test-probe/crash', async () => {
          throw new Error('secret internal detail');
        });
      },
    });
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  describe('signup', () => {
    it('creates an unapproved student, sets an HttpOnly cookie and never returns the hash', async () => {
      const body = signupBody({ name: '  김민지  ', id: '  trimmed-id  ' });
      const response = await post('/v1/auth/signup', body);
      expect(response.statusCode).toBe(201);
      const json = response.json();
      expect(json.user).toMatchObject({ id: 'trimmed-id', name: '김민지', validated: 0, role: 'student', authority: null });
      expect(json.token).toEqual(expect.any(String));
      expect(response.body).not.toContain('password');
      expect(response.body).not.toContain('scrypt');
      const cookie = response.cookies.find((c) => c.name === 'token');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 604800 });
      const me = await get('/v1/auth/me', { cookie: `token=${cookie!.value}` });
      expect(me.statusCode).toBe(200);
      expect(me.json().user.id).toBe('trimmed-id');
    });

    it('stores the grade given at sign-up as the graduation year it means (@qbank/shared/grade), and refuses one outside 1–4', async () => {
      const { currentKoreanYear } = await import('@qbank/shared/member-admin');
      const response = await post('/v1/auth/signup', signupBody({ grade: 2 }));
      expect(response.statusCode).toBe(201);
      const { user } = response.json();
      expect(user).toMatchObject({ grade: 2, grad_year: currentKoreanYear() + 3 });
      const stored = await t.db.selectFrom('members').select(['grade', 'grad_year']).where('code', '=', user.code).executeTakeFirstOrThrow();
      expect(stored).toEqual({ grade: 2, grad_year: currentKoreanYear() + 3 });
      for (const grade of [0, 5, 2.5, '2']) {
        const refused = await post('/v1/auth/signup', signupBody({ grade }));
        expect(refused.statusCode).toBe(400);
        expect(refused.json().message).toBe('현재 학년(1~4학년)을 선택하세요.');
      }
    });

    it.each([
      ['name', '이름은 1~32자 이내로 입력하세요.'],
      ['id', '아이디는 1~32자 이내로 입력하세요.'],
      ['nickname', '닉네임은 1~32자 이내로 입력하세요.'],
      ['school_no', '학번은 1~32자 이내로 입력하세요.'],
    ])('refuses a missing, blank or 33-character %s with the spec message', async (field, message) => {
      for (const value of [undefined, '   ', 'ㄱ'.repeat(33), 42]) {
        const body: Record<string, unknown> = signupBody();
        if (value === undefined) delete body[field];
        else body[field] = value;
        const response = await post('/v1/auth/signup', body);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 'VALIDATION', fields: { [field]: message } });
      }
    });

    it("refuses an id with @, so no id can pose as another member's e-mail", async () => {
      const response = await post('/v1/auth/signup', signupBody({ id: 'kim.victim@example.ac.kr' }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION', fields: { id: '아이디에는 @ 기호를 쓸 수 없습니다.' } });
    });

    it('accepts exactly 32 characters', async () => {
      const response = await post('/v1/auth/signup', signupBody({ name: '가'.repeat(32) }));
      expect(response.statusCode).toBe(201);
    });

    it('refuses a short password, unknown fields and a non-object body', async () => {
      expect((await post('/v1/auth/signup', signupBody({ password: 'short' }))).json()).toMatchObject({
        message: '비밀번호는 8~128자로 입력하세요.',
        fields: { password: '비밀번호는 8~128자로 입력하세요.' },
      });
      const extra = await post('/v1/auth/signup', signupBody({ authority: 3, validated: 1 }));
      expect(extra.statusCode).toBe(400);
      expect(extra.json().fields).toMatchObject({ authority: expect.any(String), validated: expect.any(String) });
      const array = await post('/v1/auth/signup', [1, 2, 3]);
      expect(array.statusCode).toBe(400);
      expect(array.json().message).toMatch(/[가-힣]/);
    });

    it('refuses a duplicate id or student number with 409 naming the field', async () => {
      const first = signupBody();
      expect((await post('/v1/auth/signup', first)).statusCode).toBe(201);
      const sameId = await post('/v1/auth/signup', signupBody({ id: first.id }));
      expect(sameId.statusCode).toBe(409);
      expect(sameId.json()).toMatchObject({ code: 'CONFLICT', message: '이미 사용 중인 아이디입니다.', fields: { id: '이미 사용 중인 아이디입니다.' } });
      const sameSchoolNo = await post('/v1/auth/signup', signupBody({ school_no: first.school_no }));
      expect(sameSchoolNo.statusCode).toBe(409);
      expect(sameSchoolNo.json().message).toBe('이미 등록된 학번입니다.');
    });
  });

  describe('login', () => {
    it('signs in by id or by e-mail (any case) and returns token and user', async () => {
      const member = await createMember(t.db, { email: 'login.case@example.ac.kr' });
      const byId = await post('/v1/auth/login', { id: member.id, email: member.id, password: TEST_PASSWORD });
      expect(byId.statusCode).toBe(200);
      expect(byId.json()).toMatchObject({ token: expect.any(String), user: { code: member.code, role: 'student' } });
      const byEmail = await post('/v1/auth/login', { id: ' Login.Case@Example.ac.kr ', email: ' Login.Case@Example.ac.kr ', password: TEST_PASSWORD });
      expect(byEmail.statusCode).toBe(200);
      expect(byEmail.json().user.code).toBe(member.code);
    });

    it('an e-mail signs in its owner even when an older id spells the same address', async () => {
      const owner = await createMember(t.db, { email: 'shadowed@example.ac.kr' });
      // Written around the API, which no longer accepts such ids: a row from before the rule.
      await createMember(t.db, { id: 'shadowed@example.ac.kr', email: null, password: 'squatter-password' });
      const login = await post('/v1/auth/login', { id: 'Shadowed@example.ac.kr', email: 'Shadowed@example.ac.kr', password: TEST_PASSWORD });
      expect(login.statusCode).toBe(200);
      expect(login.json().user.code).toBe(owner.code);
    });

    it('makes a hash from older parameters anew at login (decision 213), and only with the right password', async () => {
      const member = await createMember(t.db);
      const older = await hashAt(TEST_PASSWORD, 11, 8, 1);
      await t.db.updateTable('members').set({ password_hash: older }).where('code', '=', member.code).execute();
      const stored = async () =>
        (await t.db.selectFrom('members').select('password_hash').where('code', '=', member.code).executeTakeFirstOrThrow()).password_hash;
      expect((await post('/v1/auth/login', { id: member.id, password: 'not-the-password' })).statusCode).toBe(401);
      expect(await stored()).toBe(older);
      // At the low test cost nothing is remade (needsRehash); at the production cost it is.
      expect((await post('/v1/auth/login', { id: member.id, password: TEST_PASSWORD })).statusCode).toBe(200);
      expect(await stored()).toBe(older);
      setPasswordCost('production');
      try {
        expect((await post('/v1/auth/login', { id: member.id, password: TEST_PASSWORD })).statusCode).toBe(200);
        const remade = await stored();
        expect(remade).not.toBe(older);
        expect(remade.startsWith('scrypt$15$8$3$')).toBe(true);
        expect((await post('/v1/auth/login', { id: member.id, password: TEST_PASSWORD })).statusCode).toBe(200);
        expect(await stored()).toBe(remade);
      } finally {
        setPasswordCost('low');
      }
    });

    it('answers a wrong password and an unknown user with the same 401', async () => {
      const member = await createMember(t.db);
      const wrong = await post('/v1/auth/login', { id: member.id, password: 'not-the-password' });
      const unknown = await post('/v1/auth/login', { id: 'nobody-here', password: 'not-the-password' });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: '아이디(이메일) 또는 비밀번호가 올바르지 않습니다.' });
    });

    it('refuses missing fields, wrong types and bad JSON with Korean 400s', async () => {
      for (const body of [
        { id: 'someone' },
        { password: 'x' },
        { id: '', email: '', password: 'x' },
        { id: 12, password: 'x' },
        { id: 'a', password: ['x'] },
      ]) {
        const response = await post('/v1/auth/login', body);
        expect(response.statusCode).toBe(400);
        expect(response.json().code).toBe('VALIDATION');
        expect(response.json().message).toMatch(/[가-힣]/);
      }
      const badJson = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: '{"id": ', headers: { 'content-type': 'application/json' } });
      expect(badJson.statusCode).toBe(400);
      expect(badJson.json()).toMatchObject({ code: 'VALIDATION', message: '요청 본문이 올바른 JSON 형식이 아닙니다.' });
    });

    it('refuses form and text bodies (415) and oversized bodies (413)', async () => {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
        const response = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: 'id=a&password=b', headers: { 'content-type': type } });
        expect(response.statusCode).toBe(415);
        expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
      }
      const huge = await post('/v1/auth/login', { id: 'a', password: 'x'.repeat(2 * 1024 * 1024) });
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: '요청 본문이 너무 큽니다.' });
    });

    it('lets an unapproved member sign in to see the waiting state, but not past the approval gate', async () => {
      const member = await createMember(t.db, { validated: false });
      const cookie = await loginCookie(t.app, member.id);
      expect((await get('/v1/auth/me', { cookie })).json().user.validated).toBe(0);
      const gated = await get('/v1/test-probe/approved', { cookie });
      expect(gated.statusCode).toBe(403);
      expect(gated.json()).toEqual({ code: 'NOT_APPROVED', message: '관리자 승인 후 이용할 수 있습니다.' });
    });
  });

  describe('session and roles', () => {
    it('a guard asked for the content version hands over the lineage version read in the same statement', async () => {
      const cookie = await loginCookie(t.app, (await createMember(t.db)).id);
      const handed = (await get('/v1/test-probe/versions', { cookie })).json();
      const read = await t.db.selectNoFrom([contentVersionSum.as('content'), lineageVersionSum.as('lineage')]).executeTakeFirstOrThrow();
      expect(handed).toEqual({ content: versionText(read.content), lineage: versionText(read.lineage) });
    });

    it.each([
      ['student', 403],
      ['lead', 403],
      ['admin', 200],
      ['superadmin', 200],
    ] as const)('reports %s from the database and gates admin routes (%i)', async (role, adminStatus) => {
      const member = await createMember(t.db, { role });
      const cookie = await loginCookie(t.app, member.id);
      expect((await get('/v1/auth/me', { cookie })).json().user.role).toBe(role);
      expect((await get('/v1/test-probe/approved', { cookie })).statusCode).toBe(200);
      expect((await get('/v1/test-probe/admin', { cookie })).statusCode).toBe(adminStatus);
    });

    it('needs a session for me, refresh and the gates', async () => {
      for (const [method, url] of [
        ['GET', '/v1/auth/me'],
        ['POST', '/v1/auth/refresh'],
        ['GET', '/v1/test-probe/approved'],
      ] as const) {
        const response = await t.app.inject({ method, url });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ code: 'UNAUTHENTICATED', message: '인증이 필요합니다' });
      }
    });

    it('accepts a bearer token and rejects forged ones', async () => {
      const member = await createMember(t.db);
      const login = await post('/v1/auth/login', { id: member.id, password: TEST_PASSWORD });
      const token = login.json().token as string;
      expect((await get('/v1/auth/me', { authorization: `Bearer ${token}` })).statusCode).toBe(200);

      const otherSecret = await new SignJWT({ user_id: member.id, role: 'superadmin', ver: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(member.code))
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('x'.repeat(40)));
      const [header, payload] = token.split('.');
      const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
      for (const forged of [otherSecret, unsigned, `${header}.${payload}.AAAA`, 'garbage']) {
        expect((await get('/v1/auth/me', { authorization: `Bearer ${forged}` })).statusCode).toBe(401);
      }
    });

    it('trusts the database over the token: demotion and deletion take effect at once', async () => {
      const member = await createMember(t.db, { role: 'admin' });
      const cookie = await loginCookie(t.app, member.id);
      expect((await get('/v1/test-probe/admin', { cookie })).statusCode).toBe(200);
      await t.db.updateTable('members').set({ authority: null }).where('code', '=', member.code).execute();
      expect((await get('/v1/test-probe/admin', { cookie })).statusCode).toBe(403);
      await t.db.updateTable('members').set({ validated: 0 }).where('code', '=', member.code).execute();
      expect((await get('/v1/test-probe/approved', { cookie })).json().code).toBe('NOT_APPROVED');
      await t.db.deleteFrom('members').where('code', '=', member.code).execute();
      expect((await get('/v1/auth/me', { cookie })).statusCode).toBe(401);
    });

    it('logout revokes earlier tokens and clears the cookie; refresh issues a working token', async () => {
      const member = await createMember(t.db);
      const cookie = await loginCookie(t.app, member.id);
      const refreshed = await t.app.inject({ method: 'POST', url: '/v1/auth/refresh', headers: { cookie } });
      expect(refreshed.statusCode).toBe(200);
      const newToken = refreshed.json().token as string;
      expect((await get('/v1/auth/me', { authorization: `Bearer ${newToken}` })).statusCode).toBe(200);

      const out = await t.app.inject({ method: 'POST', url: '/v1/auth/logout', headers: { cookie } });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ ok: true });
      expect(out.cookies.find((c) => c.name === 'token')?.value).toBe('');
      expect((await get('/v1/auth/me', { cookie })).statusCode).toBe(401);
      expect((await get('/v1/auth/me', { authorization: `Bearer ${newToken}` })).statusCode).toBe(401);
      // A second logout without a session still succeeds.
      expect((await t.app.inject({ method: 'POST', url: '/v1/auth/logout' })).statusCode).toBe(200);
    });

    it('refuses a cookie-authenticated write from another origin', async () => {
      const member = await createMember(t.db);
      const cookie = await loginCookie(t.app, member.id);
      const evil = await t.app.inject({ method: 'POST', url: '/v1/auth/refresh', headers: { cookie, origin: 'https://evil.example' } });
      expect(evil.statusCode).toBe(403);
      expect(evil.json().message).toBe('허용되지 않은 출처의 요청입니다.');
      // Only a bearer token skips the check; any other Authorization header leaves the cookie in charge.
      const basic = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/refresh',
        headers: { cookie, origin: 'https://evil.example', authorization: 'Basic Zm9vOmJhcg==' },
      });
      expect(basic.statusCode).toBe(403);
      const same = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/refresh',
        headers: { cookie, origin: 'http://localhost:3000', host: 'localhost:3000' },
      });
      expect(same.statusCode).toBe(200);
    });
  });

  describe('the HTTP surface', () => {
    it('answers /healthz with security headers', async () => {
      const response = await get('/healthz');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBeDefined();
    });

    it('answers unknown API paths with a Korean JSON 404 and hides 500 details', async () => {
      const missing = await get('/v1/nothing-here');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: '요청한 주소를 찾을 수 없습니다.' });
      expect(missing.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      const crash = await get('/v1/test-probe/crash');
      expect(crash.statusCode).toBe(500);
      // The id names the request for a report (decision 133); nothing else of the fault shows.
      const id = String(crash.headers['x-request-id']);
      expect(crash.json()).toEqual({ code: 'INTERNAL', message: `서버 오류가 발생했습니다. 잠시 후 다시 시도하세요. (요청 번호: ${id})`, request_id: id });
      expect(crash.body).not.toContain('secret internal detail');
    });
  });
});

describe.each(testDialects)('rate limits on %s', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(dialect, { rateLimits: { loginFailuresPerId: 3, loginPerIpPerMinute: 8, signupPerIpPerHour: 2 } });
  });
  afterAll(async () => t?.close());

  it('locks an id after repeated failures, even for the right password', async () => {
    const member = await createMember(t.db);
    for (let i = 0; i < 3; i += 1) {
      expect((await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { id: member.id, password: 'wrong-password' } })).statusCode).toBe(401);
    }
    const locked = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { id: member.id, password: TEST_PASSWORD } });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ code: 'RATE_LIMITED', message: '로그인 시도가 너무 많습니다. 잠시 후 다시 시도하세요.' });
  });

  it('limits logins and sign-ups per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { id: `ghost${i}`, password: 'whatever1' } })).statusCode);
    }
    expect(statuses).toContain(429);
    const signups: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      signups.push((await t.app.inject({ method: 'POST', url: '/v1/auth/signup', payload: signupBody() })).statusCode);
    }
    expect(signups).toEqual([201, 201, 429]);
  });
});
