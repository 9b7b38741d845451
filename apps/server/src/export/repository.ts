import type { DbOrTx } from '../core/db';
import { visibleProblems } from '../visibility/visible-problems';

/** What a document prints of a problem and its common passage; an exam's and a box's export select it. */
export const exportedProblemColumns = [
  'problems.uid',
  'problems.no',
  'problems.type',
  'problems.choice_type',
  'problems.question',
  'problems.illustration',
  'problems.answer',
  'problems.comments',
  'problems.question_pic_path',
  'problems.answer_pic_path',
  'problems.comment_pic_path',
  'set_headers.code as header_code',
  'set_headers.begin_problem_no',
  'set_headers.end_problem_no',
  'set_headers.header_text',
  'set_headers.pic_path as header_pic_path',
] as const;

/**
 * Every written problem of an exam with its common passage, in the viewer's order (type 1, 2,
 * 4, then number): one query, no paging, since a document holds the whole exam. Vacant slots
 * are not content and never exported.
 */
export function listExportProblems(db: DbOrTx, testCode: number) {
  return db
    .selectFrom('problems')
    .leftJoin('set_headers', 'set_headers.code', 'problems.set_header_code')
    .select(exportedProblemColumns)
    .where('problems.test_code', '=', testCode)
    .where(visibleProblems())
    .orderBy('problems.type')
    .orderBy('problems.no')
    .orderBy('problems.uid')
    .execute();
}
