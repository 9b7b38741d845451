import type { DbOrTx } from '../core/db';
import { nowIso } from '../core/db';

const ATTEMPT_COLUMNS = ['code', 'run_code', 'problem_uid', 'answer', 'is_correct', 'judged_by', 'creation_time'] as const;

function toAttempt<R extends { is_correct: number; judged_by: string }>(row: R) {
  return { ...row, is_correct: row.is_correct === 1, judged_by: row.judged_by === 'self' ? ('self' as const) : ('machine' as const) };
}

const RUN_COLUMNS = ['code', 'test_code', 'creation_time'] as const;

/** The member's open run of the exam: the one their answers go to (migration 2026-11-28-010). */
export function findOpenRun(db: DbOrTx, memberCode: number, testCode: number) {
  return db.selectFrom('solve_runs').select(RUN_COLUMNS).where('member_code', '=', memberCode).where('test_code', '=', testCode).where('is_open', '=', 1).executeTakeFirst();
}

/**
 * The open run, made if the exam has none. Answers sent at once (two tabs, two processes) all
 * land in one run: the unique key lets one insert through, and the others, which wait for it on
 * PostgreSQL, do nothing and read the run it made.
 */
export async function openRun(db: DbOrTx, memberCode: number, testCode: number) {
  const open = await findOpenRun(db, memberCode, testCode);
  if (open) return open;
  const made = await db
    .insertInto('solve_runs')
    .values({ member_code: memberCode, test_code: testCode, creation_time: nowIso(), is_open: 1 })
    .onConflict((oc) => oc.columns(['member_code', 'test_code', 'is_open']).doNothing())
    .returning(RUN_COLUMNS)
    .executeTakeFirst();
  if (made) return made;
  const theirs = await findOpenRun(db, memberCode, testCode);
  if (!theirs) throw new Error(`no open solve run of member ${memberCode} on exam ${testCode} after opening one`);
  return theirs;
}

/** Restart: the open run becomes history. */
export async function closeOpenRun(db: DbOrTx, memberCode: number, testCode: number) {
  await db.updateTable('solve_runs').set({ is_open: null }).where('member_code', '=', memberCode).where('test_code', '=', testCode).where('is_open', '=', 1).execute();
}

export async function insertAttempt(
  db: DbOrTx,
  values: { run_code: number; member_code: number; problem_uid: number; answer: string; is_correct: boolean; client_id: string | null },
) {
  const row = await db
    .insertInto('solve_attempts')
    .values({ ...values, is_correct: values.is_correct ? 1 : 0, creation_time: nowIso() })
    .returning(ATTEMPT_COLUMNS)
    .$narrowType<{ run_code: number }>()
    .executeTakeFirstOrThrow();
  return toAttempt(row);
}

/** The member's answer sent earlier under this browser id (decision 041), with what it answered. */
export async function findAttemptByClientId(db: DbOrTx, memberCode: number, clientId: string) {
  const row = await db
    .selectFrom('solve_attempts')
    .select(ATTEMPT_COLUMNS)
    .where('member_code', '=', memberCode)
    .where('client_id', '=', clientId)
    .$narrowType<{ run_code: number }>()
    .executeTakeFirst();
  return row ? toAttempt(row) : undefined;
}

/** The latest attempt at each problem in the run (older ones stay in the table as history). */
export async function listLatestAttempts(db: DbOrTx, runCode: number) {
  const rows = await db
    .selectFrom('solve_attempts')
    .select(ATTEMPT_COLUMNS)
    .where('run_code', '=', runCode)
    .where('code', 'in', (eb) =>
      eb.selectFrom('solve_attempts as latest').select((inner) => inner.fn.max('latest.code').as('code')).where('latest.run_code', '=', runCode).groupBy('latest.problem_uid'),
    )
    .orderBy('code')
    .$narrowType<{ run_code: number }>()
    .execute();
  return rows.map(toAttempt);
}

/** One of the member's own answers (any source) with the type of its problem; undefined for anyone else's. */
export function findOwnAttempt(db: DbOrTx, memberCode: number, attemptCode: number) {
  return db
    .selectFrom('solve_attempts')
    .innerJoin('problems', 'problems.uid', 'solve_attempts.problem_uid')
    .select(['solve_attempts.code', 'solve_attempts.problem_uid', 'solve_attempts.source', 'solve_attempts.session_code', 'problems.type as problem_type'])
    .where('solve_attempts.code', '=', attemptCode)
    .where('solve_attempts.member_code', '=', memberCode)
    .executeTakeFirst();
}

/** The member's own verdict replaces the machine's: judged_by becomes 'self'. */
export async function updateSelfJudgment(db: DbOrTx, attemptCode: number, isCorrect: boolean) {
  const row = await db
    .updateTable('solve_attempts')
    .set({ is_correct: isCorrect ? 1 : 0, judged_by: 'self' })
    .where('code', '=', attemptCode)
    .returning(ATTEMPT_COLUMNS)
    .executeTakeFirstOrThrow();
  return toAttempt(row);
}
