import type { DbOrTx } from '../core/db';
import { visibleProblems } from '../visibility/visible-problems';
import { PROBLEM_PLACE_COLUMNS } from './repository';

// The read of the editor's suggestions (issue 28 item 6): candidates come from the detector's
// band keys (repository.ts candidateUids); this one statement gives what ranks them (the fields a
// fingerprint is made of) and where each stands.

/** Each of `uids` a reader may see (of one subject when given): its fingerprint's fields and its place (exam, year, number). */
export async function similarCandidates(db: DbOrTx, uids: number[], subjectCode: number | undefined) {
  if (uids.length === 0) return [];
  return db
    .selectFrom('problems')
    .innerJoin('tests', 'tests.code', 'problems.test_code')
    .where(visibleProblems())
    .where('problems.uid', 'in', uids)
    .$if(subjectCode !== undefined, (qb) => qb.where('tests.subject_code', '=', subjectCode!))
    .select([
      ...PROBLEM_PLACE_COLUMNS,
      'problems.question_text',
      'problems.illustration',
      'problems.answer',
      'problems.choice_type',
      'problems.is_vacant',
      'tests.subject_code',
    ])
    .execute();
}
