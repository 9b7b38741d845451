import type { DbOrTx } from '../core/db';
import { visibleProblems } from '../visibility/visible-problems';
import { exportedProblemColumns } from './repository';
import { withExamSubjectAndPassage } from '../problems/problem-joins';

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
