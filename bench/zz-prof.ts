import { openDatabase } from '/work/search/apps/server/src/core/db';
import { filtered, readPageRows, applyFilters } from '/work/search/apps/server/src/problems/repository';
import { searchPageIds } from '/work/search/apps/server/src/problems/search-page';
const { db, dialect } = openDatabase({ databaseUrl: process.env.PGURL, dataDir: '/tmp/search/sqlite' });
const q = process.argv[2]!;
async function time(name: string, f: () => Promise<unknown>) {
  const t: number[] = [];
  for (let i = 0; i < 25; i++) { const s = process.hrtime.bigint(); await f(); t.push(Number(process.hrtime.bigint() - s) / 1e6); }
  t.sort((a, b) => a - b); console.log(name.padEnd(12), 'p50', t[12]!.toFixed(2), 'min', t[0]!.toFixed(2));
}
await time('keys', () => filtered(db, dialect, { q }).select(['problems.uid', 'tests.year', 'problems.test_code', 'problems.type', 'problems.no']).limit(1001).execute());
const walk = db.selectFrom('tests').crossJoin('problems').crossJoin('subjects').whereRef('problems.test_code', '=', 'tests.code').whereRef('subjects.code', '=', 'tests.subject_code');
await time('walk', () => applyFilters(walk, dialect, { q }, 'probe').select('problems.uid').orderBy('tests.year', 'desc').orderBy('tests.code', 'desc').orderBy('problems.type').orderBy('problems.no').limit(20).execute());
const { uids } = await searchPageIds(db, dialect, { q }, { page: 1, limit: 20 });
await time('rows', () => readPageRows(db, uids));
await time('all', async () => readPageRows(db, (await searchPageIds(db, dialect, { q }, { page: 1, limit: 20 })).uids));
await db.destroy();
