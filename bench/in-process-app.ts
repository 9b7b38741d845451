// The app in this process on a seed:large DATA_DIR (and its PostgreSQL database), for the scripts
// that time reads one request at a time through `app.inject` (no HTTP, no load generator).
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/core/db';
import { configFromEnv, parseEnv } from '../apps/server/src/env';

export async function inProcessApp(dataDir: string, databaseUrl: string | undefined) {
  const handle = openDatabase({ dataDir, databaseUrl });
  const config = configFromEnv(
    parseEnv({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      JWT_SECRET: randomBytes(32).toString('hex'),
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    }),
  );
  const app = await buildApp({ config, db: handle.db, dialect: handle.dialect });
  await app.ready();
  return { app, handle };
}
