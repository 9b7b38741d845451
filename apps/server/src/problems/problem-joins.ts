import type { Nullable, SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Joins the exam and the subject of the problem a query already has (`problems` in its FROM):
 * the listings that show a problem as "exam · year · subject" share this one path. Kysely cannot
 * check a join on a generic query, so the join is typed on the plain tables and the result is
 * given back with the two tables added, which is what the inner joins do.
 */
export function withExamAndSubject<DB extends Database, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB | 'problems', O>,
): SelectQueryBuilder<DB, TB | 'problems' | 'tests' | 'subjects', O> {
  const plain = qb as unknown as SelectQueryBuilder<Database, 'problems', O>;
  return plain
    .innerJoin('tests', 'tests.code', 'problems.test_code')
    .innerJoin('subjects', 'subjects.code', 'tests.subject_code') as unknown as SelectQueryBuilder<DB, TB | 'problems' | 'tests' | 'subjects', O>;
}

type WithPassage<DB extends Database> = { [K in keyof DB]: K extends 'set_headers' ? Nullable<DB[K]> : DB[K] };

/** The exam and subject as above, and the common passage (set header) when the problem has one. */
export function withExamSubjectAndPassage<DB extends Database, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB | 'problems', O>,
): SelectQueryBuilder<WithPassage<DB>, TB | 'problems' | 'tests' | 'subjects' | 'set_headers', O> {
  const plain = withExamAndSubject(qb as unknown as SelectQueryBuilder<Database, 'problems', O>);
  return plain.leftJoin('set_headers', 'set_headers.code', 'problems.set_header_code') as unknown as SelectQueryBuilder<
    WithPassage<DB>,
    TB | 'problems' | 'tests' | 'subjects' | 'set_headers',
    O
  >;
}

/** How another record (a dispute, a notification) names its problem: the exam and the number. */
export const problemLabelColumns = ['problems.test_code', 'tests.test_name', 'problems.no', 'problems.type'] as const;
