import type { DbOrTx } from '../core/db';
import { visibleProblems } from '../visibility/visible-problems';

// The reads of the editor's suggestions (issue 28 item 6): candidates come from the detector's
// band keys (repository.ts candidateUids), their places from here.

/** Where each of `uids` stands (exam, year, number), visible problems only, of one subject when given. */
export async function problemPlaces(db: DbOrTx, uids: number[], subjectCode: number | undefined) {
  if (uids.length === 0) return [];
  return db
    .selectFrom('problems')
    .innerJoin('tests', 'tests.code', 'problems.test_code')
    .where(visibleProblems())
    .where('problems.uid', 'in', uids)
    .$if(subjectCode !== undefined, (qb) => qb.where('tests.subject_code', '=', subjectCode!))
    .select(['problems.uid', 'problems.test_code', 'tests.test_name', 'tests.year', 'problems.no', 'problems.question_text'])
    .execute();
}
