import type { SelectQueryBuilder } from 'kysely';
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
