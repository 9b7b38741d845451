// The floor's SQL (issue 17 item 3), captured from qbank itself so that it never drifts from what
// the server runs: the real app (buildApp) on the seeded SQLite database with a Kysely that records
// every query, one injected request per URL. Run by bench/floor.mjs with tsx:
//   tsx bench/floor-capture.ts <data-dir> <token> <out.json> <url>...
// Writes [{ url, status, queries: [{ sql, parameters, rows }] }].
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type CompiledQuery } from 'kysely';
import { buildApp } from '../apps/server/src/app';
import { bigramDocument } from '../apps/server/src/db/search-documents';
import { FairSqliteDialect } from '../apps/server/src/core/fair-sqlite';
import type { Database } from '../apps/server/src/db/schema';
import { configFromEnv, parseEnv } from '../apps/server/src/env';

const [dataDir, token, out, ...urls] = process.argv.slice(2);
if (!dataDir || !token || !out || urls.length === 0) throw new Error('usage: floor-capture.ts <data-dir> <token> <out.json> <url>...');

const sqlite = new SQLite(path.join(dataDir, 'qbank.sqlite'));
sqlite.function('qbank_bigrams', { deterministic: true }, (text) => bigramDocument(typeof text === 'string' ? text : ''));
let captured: { sql: string; parameters: readonly unknown[] }[] = [];
const db = new Kysely<Database>({
  dialect: new FairSqliteDialect({ database: sqlite }),
  log: (event) => {
    if (event.level !== 'query') return;
    const query: CompiledQuery = event.query;
    captured.push({ sql: query.sql, parameters: query.parameters });
  },
});
// The secret comes from DATA_DIR/jwt-secret, as in the server the bench signed in to.
const config = configFromEnv(parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
const app = await buildApp({ config, db, dialect: 'sqlite' });
await app.ready();
const results = [];
for (const url of urls) {
  captured = [];
  const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  results.push({ url, status: response.statusCode, bytes: response.body.length, queries: captured });
}
writeFileSync(out, JSON.stringify(results, null, 1));
await app.close();
await db.destroy();
