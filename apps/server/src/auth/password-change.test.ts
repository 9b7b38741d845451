import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import type { Role } from '@qbank/shared/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxMessage } from '../mail/mailer';
import { startTestMailServer, type TestMailServer } from '../testing/mail-server';
import { createMember, createTestContext, loginCookie, TEST_PASSWORD, testDialects, type TestContext } from '../testing/harness';

const CONFIRM_FAILED = '비밀번호 변경에 실패했습니다. 토큰이 만료되었거나 유효하지 않습니다.';
const TOKEN_MISSING = '유효하지 않은 링크입니다. 토큰이 없습니다.';
const NEW_PASSWORD = 'a-brand-new-secret';

function tokenFromText(text: string, publicUrl: string): string {
  const escaped = publicUrl.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const match = new RegExp(`${escaped}/change-password\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no link in mail: ${text}`);
  return match[1]!;
}

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe.each(testDialects)('password change on %s', (dialect) => {
  const post = (t: TestContext, url: string, payload: unknown, cookie?: string) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });
  const requestChange = (t: TestContext, cookie: string | undefined, payload: unknown) => post(t, '/v1/auth/update-password/request', payload, cookie);
  const confirm = (t: TestContext, payload: unknown, cookie?: string) => post(t, '/v1/auth/update-password/confirm', payload, cookie);
  const login = (t: TestContext, id: string, password: string) => post(t, '/v1/auth/login', { id, email: id, password });
  const body = (member: { id: string; email: string | null }, overrides: Record<string, unknown> = {}) => ({
    id: member.id,
    email: member.email,
    old_password: TEST_PASSWORD,
    new_password: NEW_PASSWORD,
    ...overrides,
  });

  describe('over SMTP', () => {
    let t: TestContext;
    let smtp: TestMailServer;
    beforeAll(async () => {
      smtp = await startTestMailServer();
      t = await createTestContext(dialect, { env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://qbank.example.ac.kr' } });
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });

    it('round trip: request, mail, confirm; the old password and older tokens stop working', async () => {
      const member = await createMember(t.db, { email: 'round.trip@example.ac.kr' });
      const cookie = await loginCookie(t.app, member.id);
      const before = Date.now();
      const response = await requestChange(t, cookie, body(member, { email: ' Round.Trip@Example.ac.kr ' }));
      expect(response.statusCode, response.body).toBe(200);
      const expiresAt = Date.parse(response.json().expires_at);
      expect(expiresAt - before).toBeGreaterThanOrEqual(30 * 60_000 - 1000);
      expect(expiresAt - before).toBeLessThanOrEqual(30 * 60_000 + 5000);

      const mail = await smtp.waitFor('round.trip@example.ac.kr');
      expect(mail.subject).toBe('[qbank] 비밀번호 변경 확인');
      expect(mail.from).toBe('no-reply@qbank.example.ac.kr');
      expect(mail.text).toContain(`${member.name}님`);
      expect(mail.text).toContain('30분');
      const token = tokenFromText(mail.text, 'https://qbank.example.ac.kr');
      expect(mail.html).toContain(`https://qbank.example.ac.kr/change-password?token=${token}`);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);

      // Only the token's hash and the new password's hash are stored.
      const stored = await t.db.selectFrom('password_change_requests').selectAll().where('member_code', '=', member.code).execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
      expect(JSON.stringify(stored)).not.toContain(token);
      expect(JSON.stringify(stored)).not.toContain(NEW_PASSWORD);
      expect(stored[0]).toMatchObject({ email: 'round.trip@example.ac.kr', used_at: null });

      // Nothing changes until the link is followed.
      expect((await login(t, member.id, TEST_PASSWORD)).statusCode).toBe(200);
      expect((await login(t, member.id, NEW_PASSWORD)).statusCode).toBe(401);

      const confirmed = await confirm(t, { token: `  ${token}  ` }, cookie);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toEqual({ ok: true });
      expect(confirmed.cookies.find((c) => c.name === 'token')?.value).toBe('');

      expect((await login(t, member.id, TEST_PASSWORD)).statusCode).toBe(401);
      expect((await login(t, member.id, NEW_PASSWORD)).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/v1/auth/me', headers: { cookie } })).statusCode).toBe(401);

      const replay = await confirm(t, { token });
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toMatchObject({ code: 'VALIDATION', message: CONFIRM_FAILED });
    });

    it('sets the e-mail on confirmation when none was on file', async () => {
      const member = await createMember(t.db, { email: null });
      const cookie = await loginCookie(t.app, member.id);
      const response = await requestChange(t, cookie, body(member, { email: 'First.Mail@Example.ac.kr' }));
      expect(response.statusCode, response.body).toBe(200);
      const token = tokenFromText((await smtp.waitFor('first.mail@example.ac.kr')).text, 'https://qbank.example.ac.kr');
      const unchanged = await t.db.selectFrom('members').select('email').where('code', '=', member.code).executeTakeFirstOrThrow();
      expect(unchanged.email).toBeNull();
      expect((await confirm(t, { token })).statusCode).toBe(200);
      const after = await t.db.selectFrom('members').select('email').where('code', '=', member.code).executeTakeFirstOrThrow();
      expect(after.email).toBe('first.mail@example.ac.kr');
      expect((await login(t, 'first.mail@example.ac.kr', NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('lets every signed-in member ask, approved or not, for their own account only', async () => {
      for (const [role, validated] of [
        ['student', true],
        ['lead', true],
        ['admin', true],
        ['superadmin', true],
        ['student', false],
      ] as Array<[Role, boolean]>) {
        const member = await createMember(t.db, { role, validated });
        const response = await requestChange(t, await loginCookie(t.app, member.id), body(member));
        expect(response.statusCode, `${role} ${validated}`).toBe(200);
        await smtp.waitFor(member.email!);
      }
      const anonymous = await requestChange(t, undefined, body({ id: 'someone', email: 'someone@example.ac.kr' }));
      expect(anonymous.statusCode).toBe(401);
      const member = await createMember(t.db);
      const other = await createMember(t.db);
      const cookie = await loginCookie(t.app, member.id);
      const notYou = await requestChange(t, cookie, body(other));
      expect(notYou.statusCode).toBe(403);
      expect(notYou.json().message).toBe('사용자 정보를 찾을 수 없습니다. 다시 로그인해주세요.');
    });

    it('checks the current password, the e-mail on file and the new password', async () => {
      const member = await createMember(t.db);
      const taken = await createMember(t.db);
      const cookie = await loginCookie(t.app, member.id);
      const wrong = await requestChange(t, cookie, body(member, { old_password: 'not-my-password' }));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ message: '현재 비밀번호가 올바르지 않습니다.', fields: { old_password: '현재 비밀번호가 올바르지 않습니다.' } });
      const mismatch = await requestChange(t, cookie, body(member, { email: 'someone.else@example.ac.kr' }));
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().message).toBe('회원 정보에 등록된 이메일과 일치하지 않습니다.');
      const same = await requestChange(t, cookie, body(member, { new_password: TEST_PASSWORD }));
      expect(same.statusCode).toBe(400);
      expect(same.json().message).toBe('새 비밀번호가 현재 비밀번호와 같습니다.');

      const noEmail = await createMember(t.db, { email: null });
      const clash = await requestChange(t, await loginCookie(t.app, noEmail.id), body(noEmail, { email: taken.email }));
      expect(clash.statusCode).toBe(409);
      expect(clash.json().message).toBe('이미 등록된 이메일입니다.');

      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ email: undefined }, 'email', '이메일을 입력하세요.'],
        [{ email: '   ' }, 'email', '이메일을 입력하세요.'],
        [{ email: 'not-an-email' }, 'email', '올바른 이메일 형식이 아닙니다.'],
        [{ old_password: '' }, 'old_password', '현재 비밀번호를 입력하세요.'],
        [{ old_password: undefined }, 'old_password', '현재 비밀번호를 입력하세요.'],
        [{ new_password: 'short7!' }, 'new_password', '새 비밀번호는 8~128자로 입력하세요.'],
        [{ new_password: 'x'.repeat(129) }, 'new_password', '새 비밀번호는 8~128자로 입력하세요.'],
        [{ new_password: 12345678 }, 'new_password', '새 비밀번호는 8~128자로 입력하세요.'],
        [{ id: undefined }, 'id', '사용자 정보를 찾을 수 없습니다. 다시 로그인해주세요.'],
        [{ id: 'x'.repeat(33) }, 'id', '사용자 정보를 찾을 수 없습니다. 다시 로그인해주세요.'],
      ];
      for (const [overrides, field, message] of cases) {
        const payload: Record<string, unknown> = body(member, overrides);
        for (const key of Object.keys(overrides)) if (overrides[key] === undefined) delete payload[key];
        const response = await requestChange(t, cookie, payload);
        expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
        expect(response.json()).toMatchObject({ code: 'VALIDATION', fields: { [field]: message } });
      }
      const extra = await requestChange(t, cookie, body(member, { new_password_confirm: NEW_PASSWORD }));
      expect(extra.statusCode).toBe(400);
      expect(await t.db.selectFrom('password_change_requests').select('code').where('member_code', '=', member.code).execute()).toEqual([]);
      expect((await login(t, member.id, TEST_PASSWORD)).statusCode).toBe(200);
    });

    it('refuses unknown, expired, superseded and malformed tokens', async () => {
      const member = await createMember(t.db);
      const cookie = await loginCookie(t.app, member.id);
      const ask = async (newPassword: string) => {
        expect((await requestChange(t, cookie, body(member, { new_password: newPassword }))).statusCode).toBe(200);
        return tokenFromText((await smtp.waitFor(member.email!)).text, 'https://qbank.example.ac.kr');
      };

      const expired = await ask('expired-password-1');
      await t.db
        .updateTable('password_change_requests')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('token_hash', '=', createHash('sha256').update(expired).digest('hex'))
        .execute();
      expect((await confirm(t, { token: expired })).json()).toMatchObject({ message: CONFIRM_FAILED });

      // A newer request ends the older link.
      const older = await ask('older-password-22');
      const newer = await ask('newer-password-333');
      expect((await confirm(t, { token: older })).statusCode).toBe(400);
      expect((await confirm(t, { token: newer })).statusCode).toBe(200);
      expect((await login(t, member.id, 'newer-password-333')).statusCode).toBe(200);
      expect((await login(t, member.id, 'expired-password-1')).statusCode).toBe(401);

      for (const token of ['nope', 'A'.repeat(43), 'x'.repeat(257)]) {
        const response = await confirm(t, { token });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(CONFIRM_FAILED);
      }
      for (const payload of [{}, { token: '' }, { token: '   ' }, { token: null }, { token: 42 }]) {
        const response = await confirm(t, payload);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(TOKEN_MISSING);
      }
      expect((await confirm(t, { token: 'abc', extra: 1 })).statusCode).toBe(400);
    });
  });

  describe('without SMTP_URL (outbox) and with strict limits', () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await createTestContext(dialect, { rateLimits: { loginFailuresPerId: 3, passwordChangePerMemberPerHour: 2 } });
    });
    afterAll(async () => t?.close());

    const outbox = () => {
      try {
        return readdirSync(t.config.outboxDir).map((file) => JSON.parse(readFileSync(path.join(t.config.outboxDir, file), 'utf8')) as OutboxMessage);
      } catch {
        return [];
      }
    };

    it('writes the mail to DATA_DIR/outbox, and the link in it works', async () => {
      const member = await createMember(t.db, { email: 'outbox.user@example.ac.kr' });
      const cookie = await loginCookie(t.app, member.id);
      expect((await requestChange(t, cookie, body(member))).statusCode).toBe(200);
      const mail = outbox().find((m) => m.to === 'outbox.user@example.ac.kr');
      expect(mail).toMatchObject({ subject: '[qbank] 비밀번호 변경 확인', from: 'qbank <no-reply@localhost>' });
      const token = tokenFromText(mail!.text, t.config.publicUrl);
      expect((await confirm(t, { token })).statusCode).toBe(200);
      expect((await login(t, member.id, NEW_PASSWORD)).statusCode).toBe(200);
      expect((await login(t, member.id, TEST_PASSWORD)).statusCode).toBe(401);
      expect((await confirm(t, { token })).statusCode).toBe(400);
    });

    it('limits requests per member, and wrong current passwords', async () => {
      const member = await createMember(t.db);
      const cookie = await loginCookie(t.app, member.id);
      expect((await requestChange(t, cookie, body(member))).statusCode).toBe(200);
      expect((await requestChange(t, cookie, body(member))).statusCode).toBe(200);
      const limited = await requestChange(t, cookie, body(member));
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ code: 'RATE_LIMITED', message: '비밀번호 변경 요청이 너무 많습니다. 잠시 후 다시 시도하세요.' });

      const guesser = await createMember(t.db);
      const guesserCookie = await loginCookie(t.app, guesser.id);
      for (let i = 0; i < 3; i += 1) {
        expect((await requestChange(t, guesserCookie, body(guesser, { old_password: `guess-${i}-password` }))).statusCode).toBe(400);
      }
      // Locked now, even with the right password.
      expect((await requestChange(t, guesserCookie, body(guesser))).statusCode).toBe(429);
    });
  });

  describe('when the mail cannot be sent, and per address', () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await createTestContext(dialect, {
        env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` },
        rateLimits: { passwordChangePerIpPerHour: 3 },
      });
    });
    afterAll(async () => t?.close());

    it('answers 503 with a Korean message and leaves no working link; then limits the address', async () => {
      const member = await createMember(t.db);
      const cookie = await loginCookie(t.app, member.id);
      const failed = await requestChange(t, cookie, body(member));
      expect(failed.statusCode).toBe(503);
      expect(failed.json().message).toBe(`인증 메일을 보내지 못했습니다. 잠시 후 다시 시도하세요. (요청 번호: ${String(failed.headers['x-request-id'])})`);
      const rows = await t.db.selectFrom('password_change_requests').selectAll().where('member_code', '=', member.code).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.expires_at <= new Date().toISOString()).toBe(true);
      expect((await login(t, member.id, TEST_PASSWORD)).statusCode).toBe(200);

      expect((await requestChange(t, cookie, {})).statusCode).toBe(400);
      expect((await requestChange(t, cookie, {})).statusCode).toBe(400);
      const limited = await requestChange(t, cookie, body(member));
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toBe('비밀번호 변경 요청이 너무 많습니다. 잠시 후 다시 시도하세요.');
    });
  });
});
