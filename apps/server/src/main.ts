import { loadConfig } from './env';
import { closeOnSignals } from './ops/shutdown';
import { startBanner } from './seed/start-banner';
import { startServer } from './server';

async function main(): Promise<void> {
  const config = loadConfig();
  const { app, demoAccounts } = await startServer(config);
  closeOnSignals(app, {
    drainMs: config.shutdownDrainMs,
    onDrain: () => {
      app.ctx.health.draining = true;
    },
  });
  await app.listen({ port: config.port, host: config.host });

  console.log(startBanner(config.port, demoAccounts));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
