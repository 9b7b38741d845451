import { webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import type { Role } from '@qbank/shared/roles';

export const TOKEN_COOKIE = 'token';
export const TOKEN_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

// The payload the original client reads (user_id, role, sub) plus `ver`, the member's token version: raising it
// (logout, password change) revokes every token issued before.
export interface TokenClaims {
  sub: string;
  user_id: string;
  role: Role;
  ver: number;
}

// jose imports a raw Uint8Array secret through WebCrypto on every sign and verify (~5 % of the
// busy time of member routes under load); the imported key is kept per secret instead.
const importedKeys = new WeakMap<Uint8Array, Promise<webcrypto.CryptoKey>>();

function hmacKey(secret: Uint8Array): Promise<webcrypto.CryptoKey> {
  let key = importedKeys.get(secret);
  if (!key) {
    key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    importedKeys.set(secret, key);
  }
  return key;
}

export async function signToken(claims: TokenClaims, secret: Uint8Array): Promise<string> {
  return new SignJWT({ user_id: claims.user_id, role: claims.role, ver: claims.ver })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(`${TOKEN_MAX_AGE_SECONDS}s`)
    .sign(await hmacKey(secret));
}

interface VerifiedToken {
  memberCode: number;
  ver: number;
  /** The token's `exp`, in seconds since the epoch. */
  expiresAt: number;
}

// An HS256 verify through WebCrypto is an async job of its own: ~11 % of the CPU of a cached
// page under load (profile of the problem list, decision 058). A token that verified once under a
// secret verifies again until it expires, so good tokens are remembered per secret (never bad
// ones: a flood of forged tokens cannot fill it). Only the signature check is skipped: every
// request still loads the member and compares the token version (auth-guards.ts).
const VERIFIED_TOKENS_PER_SECRET = 10_000;
const verifiedTokens = new WeakMap<Uint8Array, LRUCache<string, VerifiedToken>>();

function verifiedTokensOf(secret: Uint8Array): LRUCache<string, VerifiedToken> {
  let cache = verifiedTokens.get(secret);
  if (!cache) {
    cache = new LRUCache({ max: VERIFIED_TOKENS_PER_SECRET });
    verifiedTokens.set(secret, cache);
  }
  return cache;
}

export async function verifyToken(token: string, secret: Uint8Array): Promise<{ memberCode: number; ver: number } | null> {
  const cache = verifiedTokensOf(secret);
  const known = cache.get(token);
  // jose refuses a token once now >= exp (no clock tolerance); the same rule for a remembered one.
  if (known && Date.now() / 1000 < known.expiresAt) return { memberCode: known.memberCode, ver: known.ver };
  try {
    const { payload } = await jwtVerify(token, await hmacKey(secret), { algorithms: ['HS256'] });
    const memberCode = Number(payload.sub);
    const ver = payload.ver;
    if (!Number.isSafeInteger(memberCode) || typeof ver !== 'number') return null;
    if (typeof payload.exp === 'number') cache.set(token, { memberCode, ver, expiresAt: payload.exp });
    return { memberCode, ver };
  } catch {
    return null;
  }
}
