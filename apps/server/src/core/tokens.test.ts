import { afterEach, describe, expect, it, vi } from 'vitest';
import { signToken, TOKEN_MAX_AGE_SECONDS, verifyToken } from './tokens';

const secret = () => new TextEncoder().encode(`secret-${Math.random()}-0123456789abcdef0123456789`);
const claims = { sub: '42', user_id: 'student1', role: 'student' as const, ver: 3 };

// verifyToken remembers tokens that verified (decision 058); what it remembers must never
// outlive the token or cross to another secret.
describe('verifyToken', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('accepts a good token again and refuses a tampered one', async () => {
    const key = secret();
    const token = await signToken(claims, key);
    expect(await verifyToken(token, key)).toEqual({ memberCode: 42, ver: 3 });
    expect(await verifyToken(token, key)).toEqual({ memberCode: 42, ver: 3 });
    const [header, , signature] = token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ sub: '1', ver: 3, exp: 2_000_000_000 })).toString('base64url')}.${signature}`;
    expect(await verifyToken(forged, key)).toBeNull();
  });

  it('does not accept a token verified under one secret under another', async () => {
    const key = secret();
    const token = await signToken(claims, key);
    expect(await verifyToken(token, key)).not.toBeNull();
    expect(await verifyToken(token, secret())).toBeNull();
  });

  it('refuses a remembered token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-01T00:00:00Z'));
    const key = secret();
    const token = await signToken(claims, key);
    expect(await verifyToken(token, key)).not.toBeNull();
    vi.setSystemTime(new Date(Date.now() + (TOKEN_MAX_AGE_SECONDS - 1) * 1000));
    expect(await verifyToken(token, key)).not.toBeNull();
    vi.setSystemTime(new Date(Date.now() + 2000));
    expect(await verifyToken(token, key)).toBeNull();
  });
});
