import {
  DIFFICULTIES,
  DIFFICULTY_MIN_RATERS,
  ERRONEOUS_QUEUE_MIN,
  type Difficulty,
  type FlaggedProblem,
  type Rating,
  type RatingSummary,
} from '@qbank/shared/ratings';
import type { AppContext } from '../core/context';
import { conflict } from '../errors';
import { requireVisibleProblem } from '../problems/visibility';
import { ratingServerMessages as messages } from './messages';
import { errorComments, findRating, hasAnswered, listFlagged, ratingCounts, saveRating } from './repository';

// What members think of a problem (issue 30 item 6, decision 167). Only a member who answered
// the problem rates it; the figures are counts over everyone's ratings; several reports of an
// error put the problem in the leads' queue (GET /v1/ratings/flagged).

type RatingRow = NonNullable<Awaited<ReturnType<typeof findRating>>>;

const difficultyOf = (value: number | null): Difficulty | null => (value === null ? null : (DIFFICULTIES[value - 1] ?? null));

function present(row: RatingRow): Rating {
  return {
    good: row.is_good === 1,
    erroneous: row.is_erroneous === 1,
    difficulty: difficultyOf(row.difficulty),
    comment: row.comment,
    update_time: row.update_time,
  };
}

type CountRow = Awaited<ReturnType<typeof ratingCounts>>[number];

function summarize(problemUid: number, counts: CountRow | undefined): RatingSummary {
  const n = (value: unknown) => Number(value ?? 0);
  const easy = n(counts?.easy);
  const normal = n(counts?.normal);
  const hard = n(counts?.hard);
  const rated = easy + normal + hard;
  // The most frequent answer; a tie goes to the harder one (a student would rather be warned).
  const felt: Difficulty = hard >= normal && hard >= easy ? 'hard' : normal >= easy ? 'normal' : 'easy';
  return {
    problem_uid: problemUid,
    good: n(counts?.good),
    erroneous: n(counts?.erroneous),
    difficulty: rated >= DIFFICULTY_MIN_RATERS ? { easy, normal, hard, felt } : null,
  };
}

export async function ratingSummaries(ctx: AppContext, problemUids: readonly number[]): Promise<RatingSummary[]> {
  const rows = await ratingCounts(ctx.db, problemUids);
  const byProblem = new Map(rows.map((row) => [row.problem_uid, row]));
  return problemUids.map((uid) => summarize(uid, byProblem.get(uid)));
}

export async function getRating(ctx: AppContext, memberCode: number, problemUid: number): Promise<{ rating: Rating | null; summary: RatingSummary }> {
  await requireVisibleProblem(ctx.db, problemUid);
  const [row, [summary]] = await Promise.all([findRating(ctx.db, memberCode, problemUid), ratingSummaries(ctx, [problemUid])]);
  return { rating: row ? present(row) : null, summary: summary! };
}

export async function rate(
  ctx: AppContext,
  memberCode: number,
  problemUid: number,
  request: { good: boolean; erroneous: boolean; difficulty: Difficulty | null; comment: string },
): Promise<{ rating: Rating | null; summary: RatingSummary }> {
  await requireVisibleProblem(ctx.db, problemUid);
  if (!(await hasAnswered(ctx.db, memberCode, problemUid))) throw conflict(messages.answerFirst);
  await saveRating(ctx.db, memberCode, problemUid, {
    is_good: request.good ? 1 : 0,
    is_erroneous: request.erroneous ? 1 : 0,
    difficulty: request.difficulty === null ? null : DIFFICULTIES.indexOf(request.difficulty) + 1,
    comment: request.comment,
  });
  return getRating(ctx, memberCode, problemUid);
}

export async function flaggedProblems(
  ctx: AppContext,
  paging: { page: number; limit: number },
): Promise<{ problems: FlaggedProblem[]; total: number; page: number; limit: number }> {
  const { rows, total } = await listFlagged(ctx.db, ERRONEOUS_QUEUE_MIN, paging);
  const comments =
    rows.length > 0
      ? await errorComments(
          ctx.db,
          rows.map((row) => row.problem_uid),
        )
      : [];
  return {
    problems: rows.map((row) => ({
      problem_uid: row.problem_uid,
      test_code: row.test_code,
      test_name: row.test_name,
      no: row.no,
      question_text: row.question_text,
      erroneous: Number(row.erroneous),
      comments: comments.filter((c) => c.problem_uid === row.problem_uid).map((c) => ({ comment: c.comment, update_time: c.update_time })),
    })),
    total,
    page: paging.page,
    limit: paging.limit,
  };
}
