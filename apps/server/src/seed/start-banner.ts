import type { DemoAccount } from './demo-data';

/**
 * What `npm start` prints: where qbank runs and the demo accounts. Each account's note already
 * names its role ('Super Admin — …', '학습부장 (3학년) — …'), so the role is not printed again.
 */
export function startBanner(port: number, accounts: readonly DemoAccount[]): string {
  const lines = [`qbank is running at http://localhost:${port}`];
  if (accounts.length > 0) {
    lines.push(`Demo accounts (데모 계정), password ${accounts[0]?.password}:`);
    for (const account of accounts) lines.push(`  ${account.id.padEnd(14)} ${account.note}`);
  }
  return lines.join('\n');
}
