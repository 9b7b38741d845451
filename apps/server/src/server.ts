import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { setPasswordCost } from './auth/password';
import { ensureBootstrapAdmin } from './core/bootstrap';
import { openDatabase } from './core/db';
import { migrateToLatest } from './db/migrate';
import type { Config } from './env';
import { countMembers } from './members/repository';
import { seedDemoData, type DemoAccount } from './seed/demo-data';

// Everything between a validated config and a listening-ready app: database, migrations,
// bootstrap admin, demo data. main.ts and the e2e/bench runners share it.
export async function startServer(config: Config): Promise<{ app: FastifyInstance; demoAccounts: DemoAccount[] }> {
  setPasswordCost(config.passwordHashCost);
  const { db, dialect } = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(db);
  const app = await buildApp({ config, db, dialect });
  app.addHook('onClose', async () => db.destroy());
  await ensureBootstrapAdmin(db, config, app.log);

  let demoAccounts: DemoAccount[] = [];
  const shouldSeed = config.seedDemo === 'always' || (config.seedDemo === 'auto' && (await countMembers(db)) === 0);
  if (shouldSeed) {
    const result = await seedDemoData(db, { uploadsDir: config.uploadsDir });
    demoAccounts = result.accounts;
    if (result.seeded) app.log.info('demo data seeded');
  }
  return { app, demoAccounts };
}
