import type { DbOrTx } from '../core/db';
import { nowIso } from '../core/db';

export function findLatestRun(db: DbOrTx, memberCode: number, testCode: number) {
  return db
    .selectFrom('solve_runs')
    .select(['code', 'test_code', 'creation_time'])
    .where('member_code', '=', memberCode)
    .where('test_code', '=', testCode)
    .orderBy('code', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertRun(db: DbOrTx, memberCode: number, testCode: number) {
  return db
    .insertInto('solve_runs')
    .values({ member_code: memberCode, test_code: testCode, creation_time: nowIso() })
    .returning(['code', 'test_code', 'creation_time'])
    .executeTakeFirstOrThrow();
}

export async function insertAttempt(
  db: DbOrTx,
  values: { run_code: number; member_code: number; problem_uid: number; answer: string; is_correct: boolean },
) {
  const row = await db
    .insertInto('solve_attempts')
    .values({ ...values, is_correct: values.is_correct ? 1 : 0, creation_time: nowIso() })
    .returning(['code', 'run_code', 'problem_uid', 'answer', 'is_correct', 'creation_time'])
    .$narrowType<{ run_code: number }>()
    .executeTakeFirstOrThrow();
  return { ...row, is_correct: row.is_correct === 1 };
}

/** The latest attempt at each problem in the run (older ones stay in the table as history). */
export async function listLatestAttempts(db: DbOrTx, runCode: number) {
  const rows = await db
    .selectFrom('solve_attempts')
    .select(['code', 'run_code', 'problem_uid', 'answer', 'is_correct', 'creation_time'])
    .where('run_code', '=', runCode)
    .where('code', 'in', (eb) =>
      eb.selectFrom('solve_attempts as latest').select((inner) => inner.fn.max('latest.code').as('code')).where('latest.run_code', '=', runCode).groupBy('latest.problem_uid'),
    )
    .orderBy('code')
    .$narrowType<{ run_code: number }>()
    .execute();
  return rows.map((row) => ({ ...row, is_correct: row.is_correct === 1 }));
}
