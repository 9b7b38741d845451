import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { SELF_JUDGED_TYPES } from '@qbank/shared/solve';

/**
 * The SQL of awaitsVerdict (@qbank/shared/solve, decision 075): the answer row `answer` (an alias
 * of solve_attempts) is an essay or slide answer of problem row `problem` that the key did not
 * match word for word and its member has not judged yet. Such a row counts in no figure until the
 * member's 맞음 / 틀림 turns it into judged_by 'self'.
 */
export function awaitingVerdict(answer: string, problem: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${machineWrong(answer)} and ${selfJudgedProblem(problem)})`;
}

/** The answer's half of awaitingVerdict: the key did not match it (wrong by the machine). */
export function machineWrong(answer: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(`${answer}.judged_by`)} = 'machine' and ${sql.ref(`${answer}.is_correct`)} = 0`;
}

/** The problem's half of awaitingVerdict: an essay or slide problem, whose unmatched answers wait for the member. */
export function selfJudgedProblem(problem: string): RawBuilder<SqlBool> {
  const types = sql.join(SELF_JUDGED_TYPES.map((type) => sql.lit(type)));
  return sql<SqlBool>`${sql.ref(`${problem}.type`)} in (${types})`;
}

/** The opposite: the answer has a verdict (the machine's on a match or any choice answer, or the member's). */
export function hasVerdict(answer: string, problem: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`not ${awaitingVerdict(answer, problem)}`;
}
