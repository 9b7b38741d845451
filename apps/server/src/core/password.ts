import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';

// Decisions 124 and 213: scrypt N=2^15, r=8, p=3, 16-byte salt (OWASP's equivalent of N=2^17,
// p=1 at a quarter of its memory); parameters stored with the hash as
// `scrypt$<log2N>$<r>$<p>$<salt b64>$<hash b64>`, so older hashes still verify and are rehashed
// at the member's next login.
const KEY_LENGTH = 32;

interface ScryptCost {
  log2N: number;
  r: number;
  p: number;
}

const PRODUCTION_COST: ScryptCost = { log2N: 15, r: 8, p: 3 };
const LOW_COST: ScryptCost = { log2N: 10, r: 8, p: 1 };

export type PasswordCost = 'production' | 'low';

let currentCost = PRODUCTION_COST;

// Tests and bulk seeding lower the cost through PASSWORD_HASH_COST=low (read in env.ts).
export function setPasswordCost(cost: PasswordCost): void {
  currentCost = cost === 'low' ? LOW_COST : PRODUCTION_COST;
}

// A production hash holds 32 MiB (128·N·r; p runs its lanes one after another in the same
// memory) and one of libuv's four threads for ~350 ms of CPU. More hashes at once than there are
// cores finish no sooner (scrypt is CPU-bound), yet each adds its memory and takes a thread that
// file reads and zlib need. The rest wait their turn, in arrival order.
export const passwordHashing = pLimit(Math.max(1, availableParallelism()));

function derive(password: string, salt: Buffer, log2N: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** log2N;
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  return passwordHashing(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
      }),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { log2N, r, p } = currentCost;
  const key = await derive(password, salt, log2N, r, p);
  return ['scrypt', log2N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

/**
 * Whether a stored hash was made with other parameters than today's: hash it anew at the next
 * login. Never at the low cost, so a server started with PASSWORD_HASH_COST=low by mistake does
 * not weaken the hashes already stored.
 */
export function needsRehash(stored: string): boolean {
  if (currentCost === LOW_COST) return false;
  const { log2N, r, p } = currentCost;
  return !stored.startsWith(`scrypt$${log2N}$${r}$${p}$`);
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, log2N, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !log2N || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), Number(log2N), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

// Unknown ids still cost one hash, so response time does not reveal who exists.
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('qbank-dummy-password');
  await verifyPassword(password, await dummyHash);
}
