// The search page's own cost, term by term, on one connection and without HTTP or the response
// cache: the whole-hit-list query (every match counted with a window and sorted; what a search
// ran before decision 042, still the exam and class lists' query) against the capped search page,
// alternated request by request so both meet the same load on a shared machine.
//   npx tsx bench/search-query.ts --data-dir DIR [--database-url URL] [--summary FILE] [--runs N] [--terms a,b]
// --summary: the seed:large summary (--summary of the seed; default DIR/summary.json, as the bench names it).
// Prints per term and query: matches, p50 and p95 in ms (after a warm-up of 3 runs each).
import { parseArgs } from 'node:util';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getChoseong } from 'es-hangul';
import { openDatabase } from '../apps/server/src/core/db';
import { listPageIds, readPageRows } from '../apps/server/src/problems/repository';
import { searchPageIds } from '../apps/server/src/problems/search-page';

const { values: opts } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    summary: { type: 'string' },
    runs: { type: 'string', default: '40' },
    terms: { type: 'string' },
  },
});
const dataDir = opts['data-dir'];
if (!dataDir) throw new Error('usage: tsx bench/search-query.ts --data-dir DIR [--database-url URL] [--summary FILE] [--runs N] [--terms a,b]');
const runs = Number(opts.runs);
const summary = JSON.parse(readFileSync(opts.summary ?? path.join(dataDir, 'summary.json'), 'utf8')) as { searchTerms: string[] };
// The seed's terms plus, as the bench does, the most frequent one in 초성 and half 초성.
const [frequent = '혈액검사'] = summary.searchTerms;
const initials = getChoseong(frequent).replace(/\s+/g, '');
const terms = opts.terms ? opts.terms.split(',') : [...summary.searchTerms, initials, [...frequent][0] + [...initials].slice(1).join('')];

const { db, dialect } = openDatabase({ databaseUrl: opts['database-url'], dataDir });
const paging = { page: 1, limit: 20 };
const queries = {
  'whole hit list': async (q: string) => {
    const page = await listPageIds(db, dialect, { q }, paging);
    await readPageRows(db, page.uids);
    return `${page.total}`;
  },
  'capped page': async (q: string) => {
    const page = await searchPageIds(db, dialect, { q }, paging);
    await readPageRows(db, page.uids);
    return `${page.total}${page.capped ? '+' : ''}`;
  },
};

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

console.log(`${dialect}, ${runs} runs per term and query`);
for (const term of terms) {
  const times: Record<string, number[]> = {};
  const totals: Record<string, string> = {};
  for (let i = 0; i < runs + 3; i++) {
    for (const [name, run] of Object.entries(queries)) {
      const start = process.hrtime.bigint();
      totals[name] = await run(term);
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (i >= 3) (times[name] ??= []).push(ms);
    }
  }
  for (const [name, list] of Object.entries(times)) {
    list.sort((a, b) => a - b);
    console.log(
      `${term.padEnd(8)} ${name.padEnd(15)} matches ${totals[name]!.padStart(6)}  p50 ${percentile(list, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(list, 95).toFixed(1).padStart(6)} ms`,
    );
  }
}
await db.destroy();
