import { isCorrectAnswer } from '@qbank/shared/answers';
import { awaitsVerdict } from '@qbank/shared/solve';
import { REVIEW_PAGE_SIZE, type ReviewAnswerRequest, type ReviewAnswerResponse, type ReviewCount, type ReviewDeck, type ReviewRating } from '@qbank/shared/review';
import type { AppContext } from '../core/context';
import type { DbOrTx } from '../core/db';
import { readMemberVersion, type MemberAnswer } from '../core/member-cache';
import { isUniqueViolation } from '../core/db';
import { conflict, notFound } from '../errors';
import { messages } from '../messages';
import { findAnswerByClientId } from './repository';
import { presentProblem } from '../problems/presenter';
import { refuseVoided, requireVisibleProblem } from '../problems/visibility';
import {
  countDue,
  deleteCardsOfProblem,
  findLatestAnswer,
  insertReviewAnswer,
  listAnswers,
  listDue,
  listStaleProblems,
  nextDueAfter,
  setReviewRating,
  upsertCards,
} from './review-repository';
import { reviewMessages } from './review-messages';
import { buildCard, RATING_GRADES } from './review-scheduler';

// The review deck (issue 13 item 4). Cards are a cache of solve_attempts: every read first
// rebuilds the member's cards that are older than their answers, so solve mode, study sessions
// and reviews feed the deck without knowing about it.

/** Cards rebuilt per round trip (keeps the IN lists well under both databases' limits). */
const SYNC_CHUNK = 500;

/** Rebuilds the cards of the given problems from all of the member's answers to them. */
async function rebuildCards(db: DbOrTx, memberCode: number, problemUids: readonly number[]) {
  const answers = await listAnswers(db, memberCode, problemUids);
  const byProblem = new Map<number, typeof answers>();
  for (const answer of answers) {
    const list = byProblem.get(answer.problem_uid) ?? [];
    list.push(answer);
    byProblem.set(answer.problem_uid, list);
  }
  const cards = [];
  for (const [problemUid, list] of byProblem) {
    const card = buildCard(list);
    if (card) cards.push({ ...card, problem_uid: problemUid });
  }
  await upsertCards(db, memberCode, cards);
  return cards;
}

/**
 * Brings the member's deck up to date with their answers (idempotent; safe to run concurrently).
 * Returns whether it found cards to rebuild (and so wrote, which raises the member's activity version).
 */
export async function syncReviewCards(db: DbOrTx, memberCode: number): Promise<boolean> {
  const stale = await listStaleProblems(db, memberCode);
  for (let i = 0; i < stale.length; i += SYNC_CHUNK) {
    await rebuildCards(db, memberCode, stale.slice(i, i + SYNC_CHUNK));
  }
  return stale.length > 0;
}

/**
 * Drops every member's card of a problem; the next read of each deck rebuilds it from the stored
 * answers. Call it after anything changes solve_attempts.is_correct of the problem's answers
 * (answer-key re-judging), in the same transaction.
 */
/** Drops the cards built on a problem's answers (one member's, or everyone's); the next read rebuilds them. */
export async function invalidateReviewCards(db: DbOrTx, problemUid: number, memberCode?: number): Promise<void> {
  await deleteCardsOfProblem(db, problemUid, memberCode);
}

/**
 * A read of the deck for the member cache (core/member-cache.ts). The deck is synced first; when
 * that wrote cards it raised the member's activity version, so the version is read again (still
 * before the data): stored under the guard's older version the body would be safe but missed by
 * the very next read. The body holds until the member's next card falls due. (The queries compare
 * due times as text; cards hold toISOString()'s form, for which text order and time order agree.)
 */
async function deckRead(ctx: AppContext, memberCode: number, now: Date, read: (at: string) => Promise<unknown>): Promise<MemberAnswer> {
  const version = (await syncReviewCards(ctx.db, memberCode)) ? await readMemberVersion(ctx.db, memberCode) : undefined;
  const at = now.toISOString();
  const [body, next] = await Promise.all([read(at), nextDueAfter(ctx.db, memberCode, at)]);
  return { body, version, until: next === undefined ? undefined : Date.parse(next) };
}

/** The due problems (the first page, most overdue first) and their count. */
export function reviewDeck(ctx: AppContext, memberCode: number, now: Date): Promise<MemberAnswer> {
  return deckRead(ctx, memberCode, now, (at) => syncedDeck(ctx, memberCode, at));
}

/** The number alone, for /home and the dashboard. */
export function dueReviewCount(ctx: AppContext, memberCode: number, now: Date): Promise<MemberAnswer> {
  return deckRead(ctx, memberCode, now, async (at): Promise<ReviewCount> => ({ due_count: await countDue(ctx.db, memberCode, at) }));
}

async function syncedDeck(ctx: AppContext, memberCode: number, at: string): Promise<ReviewDeck> {
  const [dueCount, rows] = await Promise.all([countDue(ctx.db, memberCode, at), listDue(ctx.db, memberCode, at, REVIEW_PAGE_SIZE)]);
  return {
    due_count: dueCount,
    problems: rows.map((row) => ({
      problem: presentProblem(row),
      due_at: row.due,
      last_answer: row.last_answer,
      last_is_correct: row.last_is_correct === 1,
      reps: row.reps,
      lapses: row.lapses,
    })),
  };
}

/** Rebuilds the member's card of one problem from their answers now; its new due time (null: no answers). */
export async function rescheduleReviewCard(db: DbOrTx, memberCode: number, problemUid: number): Promise<string | null> {
  const [card] = await rebuildCards(db, memberCode, [problemUid]);
  return card?.due ?? null;
}

/**
 * The card after a review answer; null while that answer waits for the member's 맞음 / 틀림
 * (decision 075): it schedules nothing until judged, and the self-judgment returns the due time.
 */
async function rebuildOne(db: DbOrTx, memberCode: number, problem: { uid: number; type: number }, answer: { is_correct: boolean; judged_by: string }): Promise<string | null> {
  const due = await rescheduleReviewCard(db, memberCode, problem.uid);
  if (awaitsVerdict(problem.type, { is_correct: answer.is_correct, judged_by: answer.judged_by === 'self' ? 'self' : 'machine' })) return null;
  if (due === null) throw new Error(`no answers to build the card of problem ${problem.uid}`);
  return due;
}

type StoredAnswer = NonNullable<Awaited<ReturnType<typeof findAnswerByClientId>>>;

/**
 * A review answer sent again under its client_id (the offline queue): the first record, and its
 * card's due time. A rating given while the answer waited offline rides on the resend; it is set
 * if the answer is still the member's latest (as PUT …/rating would).
 */
async function replayed(ctx: AppContext, memberCode: number, earlier: StoredAnswer, request: ReviewAnswerRequest, problem: { uid: number; type: number }): Promise<ReviewAnswerResponse> {
  if (earlier.source !== 'review' || earlier.problem_uid !== problem.uid || earlier.answer !== request.answer) throw conflict(messages.attemptClientIdTaken);
  const rating = request.rating ? RATING_GRADES[request.rating] : null;
  const dueAt = await ctx.db.transaction().execute(async (trx) => {
    if (rating !== null && rating !== earlier.review_rating && (await findLatestAnswer(trx, memberCode, problem.uid))?.code === earlier.code) {
      await setReviewRating(trx, earlier.code, rating);
    }
    return rebuildOne(trx, memberCode, problem, earlier);
  });
  return { is_correct: earlier.is_correct, attempt_code: earlier.code, judged_by: earlier.judged_by === 'self' ? 'self' : 'machine', due_at: dueAt };
}

/**
 * A review answer: judged by the shared rule, recorded in solve_attempts, the card rebuilt. Sent
 * again under the same client_id it is recorded once (200 and the first record; decision 054).
 */
export async function answerReview(
  ctx: AppContext,
  memberCode: number,
  problemUid: number,
  request: ReviewAnswerRequest,
): Promise<{ result: ReviewAnswerResponse; replayed: boolean }> {
  const problem = await requireVisibleProblem(ctx.db, problemUid);
  const clientId = request.client_id ?? null;
  const earlier = clientId ? await findAnswerByClientId(ctx.db, memberCode, clientId) : undefined;
  if (earlier) return { result: await replayed(ctx, memberCode, earlier, request, problem), replayed: true };
  refuseVoided(problem);
  const isCorrect = isCorrectAnswer(request.answer, problem.answer, problem.type);
  try {
    const result = await ctx.db.transaction().execute(async (trx) => {
      const { code } = await insertReviewAnswer(trx, {
        member_code: memberCode,
        problem_uid: problem.uid,
        answer: request.answer,
        is_correct: isCorrect,
        review_rating: request.rating ? RATING_GRADES[request.rating] : null,
        client_id: clientId,
      });
      const dueAt = await rebuildOne(trx, memberCode, problem, { is_correct: isCorrect, judged_by: 'machine' });
      return { is_correct: isCorrect, attempt_code: code, judged_by: 'machine' as const, due_at: dueAt };
    });
    return { result, replayed: false };
  } catch (error) {
    // The same answer arrived twice at once: the other send won the unique index.
    const raced = clientId && isUniqueViolation(error) ? await findAnswerByClientId(ctx.db, memberCode, clientId) : undefined;
    if (raced) return { result: await replayed(ctx, memberCode, raced, request, problem), replayed: true };
    throw error;
  }
}

/** The self-rating after the verdict, for the member's newest answer to the problem (a review answer). */
export async function rateReview(ctx: AppContext, memberCode: number, problemUid: number, rating: ReviewRating): Promise<{ due_at: string | null }> {
  const problem = await requireVisibleProblem(ctx.db, problemUid);
  return ctx.db.transaction().execute(async (trx) => {
    const latest = await findLatestAnswer(trx, memberCode, problem.uid);
    if (!latest || latest.source !== 'review') throw notFound(reviewMessages.nothingToRate);
    await setReviewRating(trx, latest.code, RATING_GRADES[rating]);
    return { due_at: await rebuildOne(trx, memberCode, problem, { is_correct: latest.is_correct === 1, judged_by: latest.judged_by }) };
  });
}
