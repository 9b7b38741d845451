// Latency of the plan and the readiness on the seed:large data (issue 29 item 5), one request at a
// time through the app (not under load): `tsx bench/exam-readiness-latency.ts DATA_DIR [DATABASE_URL]`.
// Picks the student with the most answers, publishes nothing: the student's own entry over the
// subject they answered most (the whole subject in scope), three days ahead.
import { sql } from 'kysely';
import { LARGE_PASSWORD } from '../apps/server/src/seed/large/large-data';
import { inProcessApp } from './in-process-app';
import { cpuTimes } from './load.mjs';

const [dataDir, databaseUrl] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: tsx bench/exam-readiness-latency.ts DATA_DIR [DATABASE_URL]');
const { app, handle } = await inProcessApp(dataDir, databaseUrl);

const busiest = await handle.db
  .selectFrom('solve_attempts as a')
  .innerJoin('members as m', 'm.code', 'a.member_code')
  .innerJoin('problems as p', 'p.uid', 'a.problem_uid')
  .innerJoin('tests as t', 't.code', 'p.test_code')
  .select((eb) => ['m.id', 't.subject_code', eb.fn.countAll<number>().as('n')])
  .where('m.validated', '=', 1)
  .groupBy(['m.id', 't.subject_code'])
  .orderBy('n', 'desc')
  .limit(1)
  .executeTakeFirstOrThrow();
const login = await app.inject({ method: 'POST', url: '/v1/auth/login', payload: { id: busiest.id, email: busiest.id, password: LARGE_PASSWORD } });
const cookie = `token=${login.cookies.find((c) => c.name === 'token')!.value}`;
const day = new Date(Date.now() + (9 + 72) * 3_600_000).toISOString().slice(0, 10);
const created = await app.inject({
  method: 'POST',
  url: '/v1/exam-dates',
  headers: { cookie },
  payload: { title: '벤치 시험', date: day, subject_code: busiest.subject_code },
});
const code = created.json().exam_date.code as number;

/**
 * CPU seconds the PostgreSQL backends of this database have used (utime + stime from /proc when
 * the server runs on this machine; 0 otherwise): the SQL's own work, which the Node process's
 * CPU time leaves out.
 */
async function backendSeconds(): Promise<number> {
  if (handle.dialect !== 'postgres') return 0;
  const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(handle.db);
  return rows.reduce((sum, { pid }) => {
    const { user, system } = cpuTimes(pid);
    return sum + user + system;
  }, 0);
}

/**
 * Wall time per request (p50, p95), the Node process's CPU time per request (process.cpuUsage:
 * on SQLite that includes the SQL), and on PostgreSQL its backends' CPU time per request (mean).
 * On a busy machine the wall times wait for a core; the CPU times hardly move.
 */
async function measure(url: string, runs = 40) {
  const times: number[] = [];
  const cpu: number[] = [];
  let backendBefore = 0;
  for (let i = 0; i < runs + 5; i += 1) {
    if (i === 5) backendBefore = await backendSeconds();
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    const response = await app.inject({ method: 'GET', url, headers: { cookie } });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    const used = process.cpuUsage(cpuStart);
    if (i >= 5) {
      times.push(performance.now() - start);
      cpu.push((used.user + used.system) / 1000);
    }
  }
  const backend = ((await backendSeconds()) - backendBefore) * 1000;
  const at = (values: number[], q: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1));
  };
  return {
    p50: at(times, 0.5),
    p95: at(times, 0.95),
    cpu_p50: at(cpu, 0.5),
    cpu_p95: at(cpu, 0.95),
    ...(handle.dialect === 'postgres' ? { backend_cpu_mean: Number((backend / runs).toFixed(1)) } : {}),
  };
}
const plan = (await app.inject({ method: 'GET', url: `/v1/exam-dates/${code}/plan`, headers: { cookie } })).json();
console.log(
  JSON.stringify({
    dialect: handle.dialect,
    member: busiest.id,
    subject_answers: Number(busiest.n),
    scope: plan.scope,
    plan: await measure(`/v1/exam-dates/${code}/plan`),
    readiness: await measure(`/v1/exam-dates/${code}/readiness`),
  }),
);
await app.inject({ method: 'DELETE', url: `/v1/exam-dates/${code}`, headers: { cookie } });
await app.close();
await handle.db.destroy();
