import { sql, type Kysely } from 'kysely';

// A member's solve-mode progress on an exam is its *open* run: the one answers go to, until
// "restart" closes it and opens the next (decision 015). Answers used to find the latest run and
// make one when there was none, so first answers sent at once on PostgreSQL each made a run of
// their own, and the progress showed only the last run's (issue 25 item 4). Now the database
// keeps one open run per member and exam: `is_open` is 1 for it and NULL for closed runs (NULLs
// never collide in a unique index on either database), and a run is opened with an insert that
// does nothing when the exam already has one.
//
// Runs made by that race are repaired first, so no saved answer stays out of sight: a run made
// less than MERGE_WINDOW_MS before the member's next run of the same exam was made while that
// one was being made too (a restart follows a human's answers, seconds at least), and its
// answers move into the later run. Empty runs are left as they are (a double-clicked restart).
// Then the latest run of each member and exam is the open one.

const MERGE_WINDOW_MS = 2000;

interface RunRow {
  code: number;
  member_code: number;
  test_code: number;
  creation_time: string;
}

/** Where each raced run's answers go: the run that survives its burst (a chain of runs made within the window). */
function raceMerges(runs: RunRow[], withAnswers: Set<number>): Map<number, number[]> {
  const merges = new Map<number, number[]>();
  let pending: number[] = [];
  runs.forEach((run, i) => {
    const next = runs[i + 1];
    const sameExam = next !== undefined && next.member_code === run.member_code && next.test_code === run.test_code;
    const raced = sameExam && Date.parse(next.creation_time) - Date.parse(run.creation_time) < MERGE_WINDOW_MS;
    if (raced) {
      if (withAnswers.has(run.code)) pending.push(run.code);
      return;
    }
    if (pending.length > 0) merges.set(run.code, pending);
    pending = [];
  });
  return merges;
}

async function mergeRacedRuns(db: Kysely<any>): Promise<void> {
  // Only members with two or more runs of an exam can have raced ones.
  const runs = await db
    .selectFrom('solve_runs as r')
    .select(['r.code', 'r.member_code', 'r.test_code', 'r.creation_time'])
    .select((eb) => eb.exists(eb.selectFrom('solve_attempts as a').select('a.code').whereRef('a.run_code', '=', 'r.code')).as('answered'))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('solve_runs as o')
          .select('o.code')
          .whereRef('o.member_code', '=', 'r.member_code')
          .whereRef('o.test_code', '=', 'r.test_code')
          .whereRef('o.code', '<>', 'r.code'),
      ),
    )
    .orderBy('r.member_code')
    .orderBy('r.test_code')
    .orderBy('r.code')
    .execute();
  // PostgreSQL answers a boolean, SQLite 0 or 1.
  const answered = new Set(runs.filter((run) => Number(run.answered) === 1).map((run) => run.code as number));
  const merges = raceMerges(runs as RunRow[], answered);
  for (const [kept, raced] of merges) {
    await db.updateTable('solve_attempts').set({ run_code: kept }).where('run_code', 'in', raced).execute();
    await db.deleteFrom('solve_runs').where('code', 'in', raced).execute();
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await mergeRacedRuns(db);
  await db.schema
    .alterTable('solve_runs')
    .addColumn('is_open', 'integer', (c) => c.defaultTo(1))
    .execute();
  await sql`update solve_runs set is_open = null where code not in (select max(code) from solve_runs group by member_code, test_code)`.execute(db);
  await db.schema.createIndex('solve_runs_open_idx').on('solve_runs').columns(['member_code', 'test_code', 'is_open']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('solve_runs_open_idx').execute();
  await db.schema.alterTable('solve_runs').dropColumn('is_open').execute();
}
