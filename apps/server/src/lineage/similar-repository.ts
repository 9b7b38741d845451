import type { Kysely } from 'kysely';
import type { Db, Dialect } from '../core/db';
import { reusedQueryByKeys, type KeysCondition } from '../core/reused-query';
import type { Database } from '../db/schema';
import { visibleProblems } from '../visibility/visible-problems';

// The read of the editor's suggestions (issue 28 item 6), one statement: the problems sharing the
// most band keys with the stem being typed (as repository.ts candidateUids finds a saved
// problem's) and where each stands, in one round trip. Their place and visibility come from the
// narrow search row (problem_search, kept by triggers with the problem): the wide problem row,
// the fields a fingerprint is made of, is read only for candidates whose fingerprint is not at
// hand (./similar.ts); reading it for every candidate was most of the statement's time.

/**
 * The `limit` problems sharing at least `minShared` of `keys`, most shared first, that a reader
 * may see (of one subject when given): their place.
 */
export async function similarCandidates(db: Db, dialect: Dialect, keys: number[], minShared: number, limit: number, subjectCode: number | undefined) {
  if (keys.length === 0) return [];
  return subjectCode === undefined
    ? candidatesOfAnySubject(db, dialect, keys, [minShared, limit])
    : candidatesOfSubject(db, dialect, keys, [minShared, limit, subjectCode]);
}

// Compiled once per database (../core/reused-query.ts): asked as an author types, Kysely's
// building of it was a few per cent of the read. Its values, in order: the keys, minShared,
// limit and the subject (placeholders here).
const candidatesOf = (db: Kysely<Database>, keysCondition: KeysCondition, ofSubject: boolean) =>
  db
    .with('candidates', (qb) =>
      qb
        .selectFrom('lineage_keys')
        .select(['problem_uid', (eb) => eb.fn.countAll<number>().as('shared')])
        .where(keysCondition('key'))
        .groupBy('problem_uid')
        .having((eb) => eb.fn.countAll(), '>=', 0)
        .orderBy('shared', 'desc')
        .orderBy('problem_uid')
        .limit(0),
    )
    .selectFrom('candidates')
    .innerJoin('problem_search as ps', 'ps.uid', 'candidates.problem_uid')
    .innerJoin('tests', 'tests.code', 'ps.test_code')
    .where(visibleProblems('ps'))
    .$if(ofSubject, (qb) => qb.where('tests.subject_code', '=', 0))
    .select(['ps.uid', 'ps.test_code', 'tests.test_name', 'tests.year', 'ps.no']);

const candidatesOfAnySubject = reusedQueryByKeys((db: Kysely<Database>, keysIn: KeysCondition) => candidatesOf(db, keysIn, false));
const candidatesOfSubject = reusedQueryByKeys((db: Kysely<Database>, keysIn: KeysCondition) => candidatesOf(db, keysIn, true));
