// The SQLite statement cache (core/fair-sqlite.ts cacheStatements, on lru-cache) against the
// hand-written Map LRU it replaced (kept here to compare), alternated round by round so both meet
// the same load on a shared machine:
//   npx tsx bench/statement-cache.ts [--rounds N]
// 1. lookups: 300 distinct statement texts (about what the server issues), every lookup a hit
//    once warm, as under load; ns per prepare().
// 2. a query: an exam-list-shaped select through Kysely on a file database of 1,000 exams, µs each.
// Prints the median of the rounds for each.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { cacheStatements, FairSqliteDialect } from '../apps/server/src/core/fair-sqlite';

const { values: opts } = parseArgs({ options: { rounds: { type: 'string', default: '15' } } });
const rounds = Number(opts.rounds);

/** The cache as it was before (a Map iterates in insertion order, so re-inserting on use keeps it an LRU). */
function cacheStatementsWithMap(database: SQLite.Database, capacity = 1000): SQLite.Database {
  const compiled = new Map<string, SQLite.Statement>();
  const prepare = database.prepare.bind(database);
  database.prepare = ((source: string) => {
    let statement = compiled.get(source);
    if (statement) {
      compiled.delete(source);
    } else {
      statement = prepare(source);
      if (compiled.size >= capacity) compiled.delete(compiled.keys().next().value!);
    }
    compiled.set(source, statement);
    return statement;
  }) as SQLite.Database['prepare'];
  return database;
}

const variants = { map: cacheStatementsWithMap, 'lru-cache': cacheStatements } as const;
type Variant = keyof typeof variants;
const dir = mkdtempSync(path.join(tmpdir(), 'qbank-statement-cache-'));

function openWith(variant: Variant, file: string): SQLite.Database {
  return variants[variant](new SQLite(file));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

// 1. lookups
const texts = Array.from({ length: 300 }, (_, i) => `select uid, test_code, no, type from problems where test_code = ? and no > ${i} order by no limit 20`);
const lookupFile = path.join(dir, 'lookups.sqlite');
new SQLite(lookupFile).exec('create table problems (uid integer primary key, test_code integer, no integer, type integer)').close();
const lookupDbs = { map: openWith('map', lookupFile), 'lru-cache': openWith('lru-cache', lookupFile) };
for (const db of Object.values(lookupDbs)) for (const text of texts) db.prepare(text);
const lookupNs: Record<Variant, number[]> = { map: [], 'lru-cache': [] };
const LOOKUPS = 300_000;
for (let round = 0; round < rounds; round++) {
  for (const variant of Object.keys(variants) as Variant[]) {
    const db = lookupDbs[variant];
    const start = process.hrtime.bigint();
    for (let i = 0; i < LOOKUPS; i++) db.prepare(texts[(i * 7) % texts.length]!);
    lookupNs[variant].push(Number(process.hrtime.bigint() - start) / LOOKUPS);
  }
}

// 2. a query through Kysely
const queryFile = path.join(dir, 'query.sqlite');
const seed = new SQLite(queryFile);
seed.exec('create table tests (code integer primary key, test_name text, year integer, subject_code integer)');
const insert = seed.prepare('insert into tests values (?, ?, ?, ?)');
seed.transaction(() => {
  for (let code = 1; code <= 1000; code++) insert.run(code, `시험 ${code}`, 2000 + (code % 25), code % 60);
})();
seed.exec('create index tests_year on tests (year desc, code)');
seed.close();
interface Db {
  tests: { code: number; test_name: string; year: number; subject_code: number };
}
const kyselys = Object.fromEntries(
  (Object.keys(variants) as Variant[]).map((variant) => [
    variant,
    new Kysely<Db>({ dialect: new FairSqliteDialect({ database: openWith(variant, queryFile) }) }),
  ]),
) as Record<Variant, Kysely<Db>>;
const examList = (db: Kysely<Db>, subject: number) =>
  db
    .selectFrom('tests')
    .select(['code', 'test_name', 'year'])
    .where('subject_code', '=', subject)
    .where(sql<boolean>`year >= ${2005}`)
    .orderBy('year', 'desc')
    .orderBy('code')
    .limit(20)
    .execute();
const queryUs: Record<Variant, number[]> = { map: [], 'lru-cache': [] };
const QUERIES = 3_000;
for (const db of Object.values(kyselys)) for (let i = 0; i < 200; i++) await examList(db, i % 60);
for (let round = 0; round < rounds; round++) {
  for (const variant of Object.keys(variants) as Variant[]) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < QUERIES; i++) await examList(kyselys[variant], i % 60);
    queryUs[variant].push(Number(process.hrtime.bigint() - start) / QUERIES / 1000);
  }
}
for (const db of Object.values(kyselys)) await db.destroy();
for (const db of Object.values(lookupDbs)) db.close();
rmSync(dir, { recursive: true, force: true });

console.log(`statement cache, median of ${rounds} rounds (node ${process.version})`);
for (const variant of Object.keys(variants) as Variant[]) {
  console.log(`${variant.padEnd(10)} lookup ${median(lookupNs[variant]).toFixed(0)} ns   exam-list query ${median(queryUs[variant]).toFixed(1)} µs`);
}
