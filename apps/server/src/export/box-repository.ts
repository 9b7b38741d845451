import type { DbOrTx } from '../core/db';
import { visibleProblems } from '../core/visible-problems';
import { exportedProblemColumns } from './repository';
import { isLatestAttempt } from '../core/latest-attempt';
import { withExamSubjectAndPassage } from '../core/problem-joins';

/**
 * The written problems of a box with their exam and common passage, grouped by exam (newest year
 * first) and in the viewer's order inside each exam. Vacant slots are never exported.
 */
export function listBoxExportProblems(db: DbOrTx, boxCode: number) {
  return db
    .selectFrom('box_problems')
    .innerJoin('problems', 'problems.uid', 'box_problems.problem_uid')
    .$call(withExamSubjectAndPassage)
    .select(exportedProblemColumns)
    .select(['tests.code as test_code', 'tests.year', 'tests.test_name', 'subjects.subject_name'])
    .where('box_problems.box_code', '=', boxCode)
    .where(visibleProblems())
    .orderBy('tests.year', 'desc')
    .orderBy('subjects.subject_name')
    .orderBy('tests.test_name')
    .orderBy('tests.code')
    .orderBy('problems.type')
    .orderBy('problems.no')
    .execute();
}


/** The member's latest answer to each problem (the solve_attempts row with the greatest code). */
export async function latestAnswers(db: DbOrTx, memberCode: number, problemUids: readonly number[]): Promise<Map<number, string>> {
  if (problemUids.length === 0) return new Map();
  const rows = await db
    .selectFrom('solve_attempts')
    .select(['solve_attempts.problem_uid', 'solve_attempts.answer'])
    .where('solve_attempts.member_code', '=', memberCode)
    .where('solve_attempts.problem_uid', 'in', [...problemUids])
    .where((eb) => isLatestAttempt(eb, 'member_code'))
    .execute();
  return new Map(rows.map((row) => [row.problem_uid, row.answer]));
}
