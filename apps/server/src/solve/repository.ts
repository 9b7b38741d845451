import type { DbOrTx } from '../core/db';
import { nowIso } from '../core/db';

const RUN_COLUMNS = ['code', 'test_code', 'creation_time'] as const;

/** The member's open run of the exam: the one their answers go to (migration 2026-11-28-010). */
export function findOpenRun(db: DbOrTx, memberCode: number, testCode: number) {
  return db
    .selectFrom('solve_runs')
    .select(RUN_COLUMNS)
    .where('member_code', '=', memberCode)
    .where('test_code', '=', testCode)
    .where('is_open', '=', 1)
    .executeTakeFirst();
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
  await db
    .updateTable('solve_runs')
    .set({ is_open: null })
    .where('member_code', '=', memberCode)
    .where('test_code', '=', testCode)
    .where('is_open', '=', 1)
    .execute();
}
