// `npm run seed:demo -w @qbank/server`: seeds the demo data into the configured database now
// (the server also does this by itself on first start with an empty database).
import { setPasswordCost } from '../core/password';
import { openDatabase } from '../core/db';
import { migrateToLatest } from '../db/migrate';
import { loadConfig } from '../env';
import { createFileStore } from '../storage/create-store';
import { seedDemoData } from './demo-data';

const config = loadConfig();
setPasswordCost(config.passwordHashCost);
const { db } = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateToLatest(db);
  const result = await seedDemoData(db, { storage: await createFileStore(config) });
  console.log(result.seeded ? 'demo data seeded' : 'demo data already present; nothing changed');
  for (const account of result.accounts) console.log(`  ${account.role.padEnd(10)} ${account.id} / ${account.password}`);
} finally {
  await db.destroy();
}
