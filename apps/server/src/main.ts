import { loadConfig } from './env';
import { roleLabels } from '@qbank/shared/roles';
import { closeOnSignals } from './ops/shutdown';
import { startServer } from './server';

async function main(): Promise<void> {
  const config = loadConfig();
  const { app, demoAccounts } = await startServer(config);
  closeOnSignals(app);
  await app.listen({ port: config.port, host: config.host });

  const lines = [`qbank is running at http://localhost:${config.port}`];
  if (demoAccounts.length > 0) {
    lines.push(`Demo accounts (데모 계정), password ${demoAccounts[0]?.password}:`);
    for (const account of demoAccounts) {
      lines.push(`  ${account.id.padEnd(14)} ${roleLabels[account.role]} · ${account.note}`);
    }
  }
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
