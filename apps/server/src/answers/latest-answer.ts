import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../db/schema';

/**
 * True for the solve_attempts row that is the newest (greatest code) answer to its problem among
 * the rows sharing its `within` column: a member's latest answer anywhere, or within one study session.
 */
export function isLatestAnswer(eb: ExpressionBuilder<Database, 'solve_attempts'>, within: 'member_code' | 'session_code') {
  return eb(
    'solve_attempts.code',
    '=',
    eb
      .selectFrom('solve_attempts as newer')
      .select((max) => max.fn.max('newer.code').as('code'))
      .whereRef(`newer.${within}`, '=', `solve_attempts.${within}`)
      .whereRef('newer.problem_uid', '=', 'solve_attempts.problem_uid'),
  );
}
