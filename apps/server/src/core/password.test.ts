import { describe, expect, it } from 'vitest';
import { availableParallelism } from 'node:os';
import { hashPassword, needsRehash, passwordHashing, setPasswordCost, verifyPassword } from './password';

describe('scrypt password hashes', () => {
  it('stores the parameters with the hash and verifies only the right password', async () => {
    setPasswordCost('low');
    const hash = await hashPassword('정답은 ③번입니다');
    expect(hash).toMatch(/^scrypt\$10\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword('정답은 ③번입니다', hash)).toBe(true);
    expect(await verifyPassword('정답은 ④번입니다', hash)).toBe(false);
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('uses the production cost (N=2^15, r=8, p=3) unless lowered, and verifies older hashes after', async () => {
    setPasswordCost('low');
    const low = await hashPassword('a-password');
    setPasswordCost('production');
    const strong = await hashPassword('a-password');
    expect(strong.startsWith('scrypt$15$8$3$')).toBe(true);
    expect(await verifyPassword('a-password', strong)).toBe(true);
    expect(await verifyPassword('a-password', low)).toBe(true);
    // A hash made before decision 213 (N=2^17, p=1) still verifies, and asks to be made anew.
    const before213 = 'scrypt$17$8$1$7xuPYm0HTZGx2sPNfwbc4Q==$DK7ueI7qfs0jPSLbxZoc7pT2TkNTD6oSG8+6Oxwl7Gs=';
    expect(await verifyPassword('a-password', before213)).toBe(true);
    expect(await verifyPassword('b-password', before213)).toBe(false);
    expect(needsRehash(before213)).toBe(true);
    expect(needsRehash(low)).toBe(true);
    expect(needsRehash(strong)).toBe(false);
    // Never at the low cost: the stored hashes are not weakened by a mistaken setting.
    setPasswordCost('low');
    expect(needsRehash(low)).toBe(false);
    expect(needsRehash(before213)).toBe(false);
    expect(needsRehash(strong)).toBe(false);
  });

  it('rejects malformed stored values instead of throwing', async () => {
    for (const stored of ['', 'plain', 'bcrypt$x', 'scrypt$10$8$1$onlysalt']) {
      expect(await verifyPassword('x', stored)).toBe(false);
    }
  });

  it('derives no more hashes at once than there are cores; the rest wait, and all finish', async () => {
    setPasswordCost('low');
    const cores = Math.max(1, availableParallelism());
    expect(passwordHashing.concurrency).toBe(cores);
    let finished = false;
    const all = Promise.all(Array.from({ length: cores + 3 }, (_, i) => hashPassword(`password-${i}`))).finally(() => (finished = true));
    let most = 0;
    while (!finished) {
      most = Math.max(most, passwordHashing.activeCount);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(cores);
    expect(new Set(await all).size).toBe(cores + 3);
    expect(passwordHashing.activeCount + passwordHashing.pendingCount).toBe(0);
  });
});
