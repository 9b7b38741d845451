// Latency of the 출제 이력 reads on the seed:large data (issue 28 item 9), one request at a time
// through the app (not under load; the bench's 100-connection scenarios measure throughput):
// `tsx bench/lineage-latency.ts DATA_DIR [DATABASE_URL]`. Every URL is asked once per round with
// `cache-control: no-cache` where a response cache could answer, so each request does the work;
// the `…Cached` rows ask again without it, each URL read once before, as a repeat is answered
// while no lineage or content write came in between (ctx.lineageCache, decision 211).
import { readFileSync } from 'node:fs';
import { EXAM_TYPES } from '@qbank/shared/exam-types';
import path from 'node:path';
import { LARGE_PASSWORD } from '../apps/server/src/seed/large/large-data';
import { inProcessApp } from './in-process-app';

/** Issue 28 item 9's targets, and this repo's for the lead's queue (decision 206). */
const BUDGET_P95_MS = { lineage: 20, lineageCached: 20, similar: 50, search: 30, searchCached: 30, searchByType: 30, suggestions: 50 } as const;
const RUNS = 100;

const [dataDir, databaseUrl] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: tsx bench/lineage-latency.ts DATA_DIR [DATABASE_URL]');
const summary = JSON.parse(readFileSync(path.join(dataDir, 'summary.json'), 'utf8')) as { accounts: { student: string; lead: string }; searchTerms: string[] };
const { app, handle } = await inProcessApp(dataDir, databaseUrl);

async function cookieOf(id: string) {
  const login = await app.inject({ method: 'POST', url: '/v1/auth/login', payload: { id, email: id, password: LARGE_PASSWORD } });
  return `token=${login.cookies.find((c) => c.name === 'token')!.value}`;
}
const student = await cookieOf(summary.accounts.student);
const lead = await cookieOf(summary.accounts.lead);

// Problems in lineages of every size, spread over the bank; stems of real problems as typed.
const inLineages = await handle.db.selectFrom('problem_lineages').select('problem_uid').orderBy('problem_uid').execute();
if (inLineages.length === 0) {
  console.error(`no problem is in a lineage in ${dataDir}: run the whole-bank detection first (DATA_DIR=… npm run lineage:run -- --all)`);
  process.exit(2);
}
const step = Math.max(1, Math.floor(inLineages.length / RUNS));
const lineageUids = inLineages.filter((_, i) => i % step === 0).map((row) => row.problem_uid);
const stems = (await handle.db.selectFrom('problems').select('question_text').where('uid', 'in', lineageUids.slice(0, 40)).execute()).map((row) =>
  row.question_text.replace(/<[^>]+>/g, ' ').slice(0, 120),
);

async function measure(urls: string[], cookie: string, fresh = true) {
  const headers = { cookie, ...(fresh ? { 'cache-control': 'no-cache' } : {}) };
  if (!fresh) for (const url of urls) await app.inject({ method: 'GET', url, headers });
  const times: number[] = [];
  for (let i = 0; i < RUNS + 5; i += 1) {
    const url = urls[i % urls.length]!;
    const start = performance.now();
    const response = await app.inject({ method: 'GET', url, headers });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    if (i >= 5) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Number(times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1));
  return { p50: at(0.5), p95: at(0.95) };
}

const lineageUrls = lineageUids.map((uid) => `/v1/problem/${uid}/lineage`);
const searchUrls = summary.searchTerms.map((q) => `/v1/search?q=${encodeURIComponent(q)}&page=1&limit=20`);
const results = {
  lineage: await measure(lineageUrls, student),
  lineageCached: await measure(lineageUrls, student, false),
  similar: await measure(
    stems.map((text) => `/v1/problem/similar?text=${encodeURIComponent(text)}`),
    lead,
  ),
  search: await measure(searchUrls, student),
  searchCached: await measure(searchUrls, student, false),
  // Each term with each exam type (decision 207): the exams of the type are read first.
  searchByType: await measure(
    EXAM_TYPES.flatMap((type) => summary.searchTerms.map((q) => `/v1/search?q=${encodeURIComponent(q)}&exam_type=${type}&page=1&limit=20`)),
    student,
  ),
  suggestions: await measure(
    [1, 2, 3, 4, 5].map((page) => `/v1/lineage/suggestions?page=${page}&limit=10`),
    lead,
  ),
};
const links = await handle.db
  .selectFrom('lineage_links')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .executeTakeFirstOrThrow();
console.log(
  JSON.stringify({
    dialect: handle.dialect,
    problems_in_lineages: inLineages.length,
    links: Number(links.n),
    ...Object.fromEntries(
      Object.entries(results).map(([name, r]) => [
        name,
        { ...r, budget_p95_ms: BUDGET_P95_MS[name as keyof typeof BUDGET_P95_MS], pass: r.p95 <= BUDGET_P95_MS[name as keyof typeof BUDGET_P95_MS] },
      ]),
    ),
  }),
);
await app.close();
await handle.db.destroy();
