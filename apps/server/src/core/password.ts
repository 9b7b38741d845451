import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';

// Decision 124: scrypt N=2^17, r=8, p=1, 16-byte salt; parameters stored with the hash
// as `scrypt$<log2N>$<r>$<p>$<salt b64>$<hash b64>` so the cost can rise without breaking old hashes.
const KEY_LENGTH = 32;
const PRODUCTION_LOG2N = 17;
const LOW_COST_LOG2N = 10;

export type PasswordCost = 'production' | 'low';

let currentLog2N = PRODUCTION_LOG2N;

// Tests and bulk seeding lower the cost through PASSWORD_HASH_COST=low (read in env.ts).
export function setPasswordCost(cost: PasswordCost): void {
  currentLog2N = cost === 'low' ? LOW_COST_LOG2N : PRODUCTION_LOG2N;
}

// A production hash holds 128 MiB (128·N·r) and one of libuv's four threads for ~300 ms of CPU.
// More hashes at once than there are cores finish no sooner (scrypt is CPU-bound), yet each adds
// 128 MiB and takes a thread that file reads and zlib need: four concurrent logins took a process
// to 728 MB (docs/performance.md). The rest wait their turn, in arrival order.
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
  const key = await derive(password, salt, currentLog2N, 8, 1);
  return ['scrypt', currentLog2N, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
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
