import type { DbOrTx } from '../core/db';
import { visibleProblems } from '../visibility/visible-problems';
import { PROBLEM_PLACE_COLUMNS } from './repository';

// The read of the editor's suggestions (issue 28 item 6), one statement: the problems sharing the
// most band keys with the stem being typed (as repository.ts candidateUids finds a saved
// problem's), with what ranks them (the fields a fingerprint is made of) and where each stands.
// One round trip instead of two: on PostgreSQL most of the read's time is the socket's.

/**
 * The `limit` problems sharing at least `minShared` of `keys`, most shared first, that a reader
 * may see (of one subject when given): their fingerprint's fields and their place.
 */
export async function similarCandidates(db: DbOrTx, keys: number[], minShared: number, limit: number, subjectCode: number | undefined) {
  if (keys.length === 0) return [];
  return db
    .with('candidates', (qb) =>
      qb
        .selectFrom('lineage_keys')
        .select(['problem_uid', (eb) => eb.fn.countAll<number>().as('shared')])
        .where('key', 'in', keys)
        .groupBy('problem_uid')
        .having((eb) => eb.fn.countAll(), '>=', minShared)
        .orderBy('shared', 'desc')
        .orderBy('problem_uid')
        .limit(limit),
    )
    .selectFrom('candidates')
    .innerJoin('problems', 'problems.uid', 'candidates.problem_uid')
    .innerJoin('tests', 'tests.code', 'problems.test_code')
    .where(visibleProblems())
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
