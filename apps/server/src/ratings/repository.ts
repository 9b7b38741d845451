import { sql } from 'kysely';
import type { DbOrTx } from '../core/db';
import { nowIso } from '../core/db';
import { visibleProblems } from '../visibility/visible-problems';
import { onePage, type Paging } from '../core/paging';
import { answersOfMemberTo } from '../answers/query-parts';

// SQL of the members' ratings (table problem_ratings). A rating with nothing in it is deleted.

const columns = ['is_good', 'is_erroneous', 'difficulty', 'comment', 'update_time'] as const;

export interface RatingValues {
  is_good: number;
  is_erroneous: number;
  difficulty: number | null;
  comment: string;
}

export function findRating(db: DbOrTx, memberCode: number, problemUid: number) {
  return db.selectFrom('problem_ratings').select(columns).where('member_code', '=', memberCode).where('problem_uid', '=', problemUid).executeTakeFirst();
}

/** Whether the member has answered the problem anywhere (solve, a session, the review deck). */
export async function hasAnswered(db: DbOrTx, memberCode: number, problemUid: number): Promise<boolean> {
  const row = await answersOfMemberTo(db, memberCode, sql.val(problemUid)).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function saveRating(db: DbOrTx, memberCode: number, problemUid: number, values: RatingValues): Promise<void> {
  if (!values.is_good && !values.is_erroneous && values.difficulty === null && !values.comment) {
    await db.deleteFrom('problem_ratings').where('member_code', '=', memberCode).where('problem_uid', '=', problemUid).execute();
    return;
  }
  const update_time = nowIso();
  await db
    .insertInto('problem_ratings')
    .values({ member_code: memberCode, problem_uid: problemUid, ...values, update_time })
    .onConflict((oc) => oc.columns(['member_code', 'problem_uid']).doUpdateSet({ ...values, update_time }))
    .execute();
}

/** Per problem: how many called it good, erroneous, and each difficulty. */
export function ratingCounts(db: DbOrTx, problemUids: readonly number[]) {
  const count = (condition: ReturnType<typeof sql<number>>) => sql<number>`sum(case when ${condition} then 1 else 0 end)`;
  return db
    .selectFrom('problem_ratings')
    .select([
      'problem_uid',
      count(sql`is_good = 1`).as('good'),
      count(sql`is_erroneous = 1`).as('erroneous'),
      count(sql`difficulty = 1`).as('easy'),
      count(sql`difficulty = 2`).as('normal'),
      count(sql`difficulty = 3`).as('hard'),
    ])
    .where('problem_uid', 'in', problemUids)
    .groupBy('problem_uid')
    .execute();
}

/** Readable problems at least `minimum` members called erroneous, most reports first. */
export async function listFlagged(db: DbOrTx, minimum: number, paging: Paging) {
  const flagged = db
    .selectFrom('problem_ratings')
    .select(['problem_uid', (eb) => eb.fn.countAll<number>().as('erroneous'), (eb) => eb.fn.max('update_time').as('latest')])
    .where('is_erroneous', '=', 1)
    .groupBy('problem_uid')
    .having((eb) => eb.fn.countAll(), '>=', minimum);
  const base = db
    .selectFrom(flagged.as('flagged'))
    .innerJoin('problems', 'problems.uid', 'flagged.problem_uid')
    .innerJoin('tests', 'tests.code', 'problems.test_code')
    .where(visibleProblems());
  const [rows, count] = await Promise.all([
    base
      .select(['flagged.problem_uid', 'flagged.erroneous', 'problems.test_code', 'tests.test_name', 'problems.no', 'problems.question_text'])
      .orderBy('flagged.erroneous', 'desc')
      .orderBy('flagged.latest', 'desc')
      .orderBy('flagged.problem_uid', 'desc')
      .$call(onePage(paging))
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The erroneous reports' comments of these problems, newest first. */
export function errorComments(db: DbOrTx, problemUids: readonly number[]) {
  return db
    .selectFrom('problem_ratings')
    .select(['problem_uid', 'comment', 'update_time'])
    .where('problem_uid', 'in', problemUids)
    .where('is_erroneous', '=', 1)
    .where('comment', '<>', '')
    .orderBy('update_time', 'desc')
    .execute();
}
