import { PROBLEM_TYPE_ORDER, type Problem } from '@qbank/shared/problems';
import type { Attempt } from '@qbank/shared/solve';
import type { AnswerResult, Results } from '../answering/answer-model';

// Solve mode's own rules: which problems of an exam are solved and in what order, the server's
// progress as screen results, and where to continue.

/**
 * A problem can be solved when it is written and has an official answer to judge against
 * (a blank answer could never be right, and would only fill the wrong-answer notes).
 */
export function isSolvable(problem: Problem): boolean {
  return problem.is_vacant === 0 && problem.answer.trim().length > 0;
}

const typeRank = (type: number) => {
  const rank = (PROBLEM_TYPE_ORDER as readonly number[]).indexOf(type);
  return rank < 0 ? PROBLEM_TYPE_ORDER.length : rank;
};

/** The viewer's order: multiple choice, subjective, slide (others last), then number; each problem once. */
export function solveOrder(problems: readonly Problem[]): Problem[] {
  const seen = new Set<number>();
  const unique = problems.filter((problem) => (seen.has(problem.uid) ? false : (seen.add(problem.uid), true)));
  return unique.filter(isSolvable).sort((a, b) => typeRank(a.type) - typeRank(b.type) || a.no - b.no || a.uid - b.uid);
}

/** The server's progress (latest attempt per problem of the current run) as screen results. */
export function resultsFromAttempts(attempts: readonly Attempt[], problems: readonly Problem[]): Map<number, AnswerResult> {
  const byUid = new Map(problems.map((problem) => [problem.uid, problem]));
  const results = new Map<number, AnswerResult>();
  for (const attempt of attempts) {
    const problem = byUid.get(attempt.problem_uid);
    if (!problem) continue;
    results.set(attempt.problem_uid, {
      answer: attempt.answer,
      correct: attempt.is_correct,
      save: 'saved',
      token: 0,
      attemptCode: attempt.code,
      judgedBy: attempt.judged_by,
    });
  }
  return results;
}

/** Where to continue: the first problem not answered yet (a voided one takes no answer), or the first problem when all are. */
export function firstUnanswered(problems: readonly Problem[], results: Results): number {
  const index = problems.findIndex((problem) => problem.is_voided !== 1 && !results.has(problem.uid));
  return index < 0 ? 0 : index;
}
