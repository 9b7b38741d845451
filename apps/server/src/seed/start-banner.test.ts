import { describe, expect, it } from 'vitest';
import { demoAccounts } from './demo-data';
import { startBanner } from './start-banner';

describe('start banner', () => {
  it('names each demo account and its role once', () => {
    const banner = startBanner(3000, demoAccounts());
    expect(banner).toContain('http://localhost:3000');
    expect(banner).toMatch(/demo-super\s+Super Admin — /);
    expect(banner).not.toMatch(/Super Admin · Super Admin/);
    for (const line of banner.split('\n').slice(2)) expect(line).not.toMatch(/^\s+\S+\s+(\S[^·]*) · \1/);
  });
});
