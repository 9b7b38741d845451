import { withExamAndSubject } from '../problems/problem-joins';
import type { ExpressionBuilder } from 'kysely';
import type { DbOrTx, Dialect } from '../core/db';
import { nowIso } from '../core/db';
import type { Database } from '../db/schema';
import { matchesSearch } from '../problems/repository';
import { visibleProblems } from '../visibility/visible-problems';

const boxColumns = ['boxes.code', 'boxes.box_name', 'boxes.precidence', 'boxes.solve_slot', 'boxes.creation_time'] as const;

function problemCount(eb: ExpressionBuilder<Database, 'boxes'>) {
  return eb
    .selectFrom('box_problems')
    .innerJoin('problems', 'problems.uid', 'box_problems.problem_uid')
    .select((inner) => inner.fn.countAll<number>().as('n'))
    .whereRef('box_problems.box_code', '=', 'boxes.code')
    .where(visibleProblems())
    .as('problem_count');
}

export async function listMemberBoxes(db: DbOrTx, memberCode: number, problemUid?: number) {
  const rows = await db
    .selectFrom('boxes')
    .select(boxColumns)
    .select((eb) => problemCount(eb))
    .$if(problemUid !== undefined, (qb) =>
      qb.select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('box_problems')
              .select('box_problems.box_code')
              .whereRef('box_problems.box_code', '=', 'boxes.code')
              .where('box_problems.problem_uid', '=', problemUid!),
          )
          .as('has_problem'),
      ),
    )
    .where('boxes.member_code', '=', memberCode)
    .orderBy('boxes.precidence')
    .orderBy('boxes.code')
    .execute();
  return rows.map(({ has_problem, ...row }) => ({
    ...row,
    problem_count: Number(row.problem_count),
    ...(problemUid !== undefined ? { has_problem: Boolean(has_problem) } : {}),
  }));
}

/** Which of these problems sit in any of the member's boxes (the bookmark stars of one list). */
export async function listBookmarkedUids(db: DbOrTx, memberCode: number, problemUids: readonly number[]): Promise<number[]> {
  if (problemUids.length === 0) return [];
  const rows = await db
    .selectFrom('box_problems')
    .innerJoin('boxes', 'boxes.code', 'box_problems.box_code')
    .select('box_problems.problem_uid')
    .distinct()
    .where('boxes.member_code', '=', memberCode)
    .where('box_problems.problem_uid', 'in', [...problemUids])
    .orderBy('box_problems.problem_uid')
    .execute();
  return rows.map((row) => row.problem_uid);
}

export type BoxRow = Awaited<ReturnType<typeof listMemberBoxes>>[number];

/** The box, only when it belongs to the member: another member's box does not exist for them. */
export async function findMemberBox(db: DbOrTx, memberCode: number, boxCode: number): Promise<BoxRow | undefined> {
  const row = await db
    .selectFrom('boxes')
    .select(boxColumns)
    .select((eb) => problemCount(eb))
    .where('boxes.code', '=', boxCode)
    .where('boxes.member_code', '=', memberCode)
    .executeTakeFirst();
  return row && { ...row, problem_count: Number(row.problem_count) };
}

export async function countMemberBoxes(db: DbOrTx, memberCode: number): Promise<number> {
  const row = await db
    .selectFrom('boxes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_code', '=', memberCode)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertBox(db: DbOrTx, values: { member_code: number; box_name: string; precidence: number; solve_slot: number | null }): Promise<number> {
  const row = await db
    .insertInto('boxes')
    .values({ ...values, creation_time: nowIso() })
    .returning('code')
    .executeTakeFirstOrThrow();
  return row.code;
}

/** Creates the member's solve-mode box of that slot unless it exists (safe under concurrency). */
export async function ensureSolveBox(db: DbOrTx, memberCode: number, slot: number, name: string, precidence: number): Promise<void> {
  await db
    .insertInto('boxes')
    .values({ member_code: memberCode, box_name: name, precidence, solve_slot: slot, creation_time: nowIso() })
    .onConflict((oc) => oc.columns(['member_code', 'solve_slot']).doNothing())
    .execute();
}

export async function deleteBox(db: DbOrTx, memberCode: number, boxCode: number): Promise<boolean> {
  const result = await db.deleteFrom('boxes').where('code', '=', boxCode).where('member_code', '=', memberCode).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function addProblemToBox(db: DbOrTx, boxCode: number, problemUid: number): Promise<boolean> {
  const result = await db
    .insertInto('box_problems')
    .values({ box_code: boxCode, problem_uid: problemUid, creation_time: nowIso() })
    .onConflict((oc) => oc.columns(['box_code', 'problem_uid']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function removeProblemFromBox(db: DbOrTx, boxCode: number, problemUid: number): Promise<boolean> {
  const result = await db.deleteFrom('box_problems').where('box_code', '=', boxCode).where('problem_uid', '=', problemUid).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function listBoxProblems(
  db: DbOrTx,
  dialect: Dialect,
  boxCode: number,
  filters: { subject_code?: number | undefined; year?: number | undefined; type?: number | undefined; q?: string | undefined },
) {
  return (
    db
      .selectFrom('box_problems')
      .innerJoin('problems', 'problems.uid', 'box_problems.problem_uid')
      .$call(withExamAndSubject)
      .select([
        'problems.uid',
        'problems.uid as problem_uid',
        'problems.no',
        'problems.type',
        'problems.test_code',
        'tests.subject_code',
        'subjects.subject_name',
        'tests.test_name',
        'tests.year as test_year',
        'problems.question_text',
        'box_problems.creation_time',
      ])
      .where('box_problems.box_code', '=', boxCode)
      .where(visibleProblems())
      .$if(filters.subject_code !== undefined, (qb) => qb.where('tests.subject_code', '=', filters.subject_code!))
      .$if(filters.year !== undefined, (qb) => qb.where('tests.year', '=', filters.year!))
      .$if(filters.type !== undefined, (qb) => qb.where('problems.type', '=', filters.type!))
      // The documents live in the problems' search rows (migration 2026-11-27-010).
      .$if(filters.q !== undefined, (qb) =>
        qb.innerJoin('problem_search', 'problem_search.uid', 'problems.uid').where((eb) => matchesSearch(eb, dialect, filters.q!, 'lookup', 'problem_search')),
      )
      .orderBy('box_problems.creation_time', 'desc')
      .orderBy('problems.uid', 'desc')
      .limit(1000)
      .execute()
  );
}
