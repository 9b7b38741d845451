import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { setPasswordCost } from './core/password';
import { ensureBootstrapAdmin } from './members/bootstrap';
import { openDatabase } from './core/db';
import { refreshPlannerStatistics } from './core/planner-statistics';
import { migrateToLatest } from './db/migrate';
import type { Config } from './env';
import { startScheduledJobs } from './jobs/scheduler';
import { startLineageWorker } from './jobs/lineage-worker';
import { countMembers } from './members/repository';
import { seedDemoData, type DemoAccount } from './seed/demo-data';

/**
 * Unset SEED_DEMO seeds only the zero-configuration start (`npm start`: embedded SQLite, empty
 * database, no ADMIN_ID — the bootstrap admin counts as a member). The demo superadmin's password
 * is public, so a PostgreSQL deployment gets demo data only when SEED_DEMO=1 asks for it.
 */
export function demoSeedWanted(config: Pick<Config, 'seedDemo' | 'databaseUrl'>, memberCount: number): boolean {
  if (config.seedDemo !== 'auto') return config.seedDemo === 'always';
  return memberCount === 0 && config.databaseUrl === undefined;
}

// Everything between a validated config and a listening-ready app: database, migrations,
// bootstrap admin, demo data. main.ts and the e2e/bench runners share it.
export async function startServer(config: Config): Promise<{ app: FastifyInstance; demoAccounts: DemoAccount[] }> {
  setPasswordCost(config.passwordHashCost);
  const { db, dialect } = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const migrated = await migrateToLatest(db);
  const app = await buildApp({ config, db, dialect });
  const stopJobs = startScheduledJobs(db, app.log);
  app.addHook('onClose', async () => stopJobs());
  const stopLineageWorker = startLineageWorker(db, app.log);
  app.addHook('onClose', async () => stopLineageWorker());
  app.addHook('onClose', async () => db.destroy());
  await ensureBootstrapAdmin(db, config, app.log);

  let demoAccounts: DemoAccount[] = [];
  if (demoSeedWanted(config, await countMembers(db))) {
    const result = await seedDemoData(db, { storage: app.ctx.storage });
    demoAccounts = result.accounts;
    if (result.seeded) app.log.info('demo data seeded');
  }
  await refreshPlannerStatistics(db, dialect, migrated > 0 ? 'migrated' : 'start');
  return { app, demoAccounts };
}
