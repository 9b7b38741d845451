import { webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Role } from '@qbank/shared/roles';

export const TOKEN_COOKIE = 'token';
export const TOKEN_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

// The spec's payload (user_id, role, sub) plus `ver`, the member's token version: raising it
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

export async function verifyToken(token: string, secret: Uint8Array): Promise<{ memberCode: number; ver: number } | null> {
  try {
    const { payload } = await jwtVerify(token, await hmacKey(secret), { algorithms: ['HS256'] });
    const memberCode = Number(payload.sub);
    const ver = payload.ver;
    if (!Number.isSafeInteger(memberCode) || typeof ver !== 'number') return null;
    return { memberCode, ver };
  } catch {
    return null;
  }
}
