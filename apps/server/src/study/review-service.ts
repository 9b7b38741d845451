import { awaitsVerdict } from '@qbank/shared/solve';
import {
  REVIEW_PAGE_SIZE,
  type ReviewAnswerRequest,
  type ReviewAnswerResponse,
  type ReviewCount,
  type ReviewDeck,
  type ReviewRating,
} from '@qbank/shared/review';
import type { AppContext } from '../core/context';
import type { DbOrTx } from '../core/db';
import { readMemberVersion, type MemberAnswer } from '../read-caches/member-cache';
import { conflict, notFound } from '../errors';
import { messages } from '../messages';
import { findLatestAnswer, listJudgedAnswers, setReviewRating, type StoredAnswer } from '../answers/repository';
import { listProblemsWithStaleCards } from '../answers/review-cards-repository';
import { recordAnswer } from '../answers/service';
import { refuseVoided, requireVisibleProblem } from '../problems/visibility';
import { visibleSamePairs } from '../lineage/service';
import { countDue, listDue, listReviewedSince, nextDueAfter, upsertCards } from './review-repository';
import { reviewMessages } from './review-messages';
import { weightsOf } from './member-weights';
import { buildCard, cardScheduler, RATING_GRADES } from './review-scheduler';

// The review deck (issue 13 item 4). Cards are a cache of the answers (answers/): every read first
// rebuilds the member's cards that are older than their answers, so solve mode, study sessions
// and reviews feed the deck without knowing about it; re-judging drops the cards it outdates.

/** Cards rebuilt per round trip (keeps the IN lists well under both databases' limits). */
const SYNC_CHUNK = 500;

/** Rebuilds the cards of the given problems from all of the member's answers to them, with their weights. */
async function rebuildCards(db: DbOrTx, memberCode: number, problemUids: readonly number[]) {
  const [answers, { weights }] = await Promise.all([listJudgedAnswers(db, memberCode, problemUids), weightsOf(db, memberCode)]);
  const scheduler = cardScheduler(weights);
  const byProblem = new Map<number, typeof answers>();
  for (const answer of answers) {
    const list = byProblem.get(answer.problem_uid) ?? [];
    list.push(answer);
    byProblem.set(answer.problem_uid, list);
  }
  const cards = [];
  for (const [problemUid, list] of byProblem) {
    const card = buildCard(list, scheduler);
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
  const stale = await listProblemsWithStaleCards(db, memberCode);
  for (let i = 0; i < stale.length; i += SYNC_CHUNK) {
    await rebuildCards(db, memberCode, stale.slice(i, i + SYNC_CHUNK));
  }
  return stale.length > 0;
}

/**
 * A read of the deck for the member cache (read-caches/member-cache.ts). The deck is synced first; when
 * that wrote cards it raised the member's activity version, so the version is read again (still
 * before the data): stored under the guard's older version the body would be safe but missed by
 * the very next read. The body holds until the member's next card falls due. (The queries compare
 * due times as text; cards hold toISOString()'s form, for which text order and time order agree.)
 */
async function deckRead(
  ctx: AppContext,
  memberCode: number,
  now: Date,
  read: (at: string) => Promise<{ body: unknown; heldBack?: boolean }>,
): Promise<MemberAnswer> {
  const version = (await syncReviewCards(ctx.db, memberCode)) ? await readMemberVersion(ctx.db, memberCode) : undefined;
  const at = now.toISOString();
  const [{ body, heldBack }, next] = await Promise.all([read(at), nextDueAfter(ctx.db, memberCode, at)]);
  // A problem held back for the day comes back at midnight, which may come before the next due card.
  const until = Math.min(next === undefined ? Infinity : Date.parse(next), heldBack ? nextSeoulMidnight(now) : Infinity);
  return { body, version, until: until === Infinity ? undefined : until };
}

const SEOUL_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The day a deck is read in is the students' day, Asia/Seoul (no daylight saving). */
const seoulMidnightBefore = (now: Date) => Math.floor((now.getTime() + SEOUL_OFFSET_MS) / DAY_MS) * DAY_MS - SEOUL_OFFSET_MS;
const nextSeoulMidnight = (now: Date) => seoulMidnightBefore(now) + DAY_MS;

/**
 * The due problems to hold back today (decision 173): one with a `same` partner (the same question
 * of another year) reviewed today, or due before it in this deck. Each stays its own card; it is
 * shown again from the next day.
 */
async function heldBackToday(ctx: AppContext, memberCode: number, dueUids: number[], now: Date): Promise<Set<number>> {
  const pairs = await visibleSamePairs(ctx.db, dueUids);
  if (pairs.length === 0) return new Set();
  const partners = new Map<number, number[]>();
  for (const [a, b] of pairs) {
    partners.set(a, [...(partners.get(a) ?? []), b]);
    partners.set(b, [...(partners.get(b) ?? []), a]);
  }
  const reviewedToday = new Set(await listReviewedSince(ctx.db, memberCode, [...partners.keys()], new Date(seoulMidnightBefore(now)).toISOString()));
  const shown = new Set<number>();
  const held = new Set<number>();
  for (const uid of dueUids) {
    const others = partners.get(uid) ?? [];
    if (others.some((other) => shown.has(other) || (other !== uid && reviewedToday.has(other) && !dueUids.includes(other)))) held.add(uid);
    else shown.add(uid);
  }
  return held;
}

/** The due cards (the first page, most overdue first; card data only, decision 205) and their count. */
export function reviewDeck(ctx: AppContext, memberCode: number, now: Date): Promise<MemberAnswer> {
  return deckRead(ctx, memberCode, now, (at) => syncedDeck(ctx, memberCode, at, now));
}

/** The number alone, for /home and the dashboard. */
export function dueReviewCount(ctx: AppContext, memberCode: number, now: Date): Promise<MemberAnswer> {
  return deckRead(ctx, memberCode, now, async (at) => ({ body: { due_count: await countDue(ctx.db, memberCode, at) } satisfies ReviewCount }));
}

async function syncedDeck(ctx: AppContext, memberCode: number, at: string, now: Date): Promise<{ body: ReviewDeck; heldBack: boolean }> {
  const [dueCount, due] = await Promise.all([countDue(ctx.db, memberCode, at), listDue(ctx.db, memberCode, at, REVIEW_PAGE_SIZE)]);
  const held = await heldBackToday(
    ctx,
    memberCode,
    due.map((row) => row.problem_uid),
    now,
  );
  const rows = due.filter((row) => !held.has(row.problem_uid));
  const body: ReviewDeck = {
    // The count is of the cards due; those held back on this page are not counted as waiting today.
    due_count: dueCount - held.size,
    problems: rows.map((row) => ({
      problem_uid: row.problem_uid,
      due_at: row.due,
      last_answer: row.last_answer ?? '',
      last_is_correct: row.last_is_correct === 1,
      reps: row.reps,
      lapses: row.lapses,
    })),
  };
  return { body, heldBack: held.size > 0 };
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
async function rebuildOne(
  db: DbOrTx,
  memberCode: number,
  problem: { uid: number; type: number },
  answer: { is_correct: boolean; judged_by: string },
): Promise<string | null> {
  const due = await rescheduleReviewCard(db, memberCode, problem.uid);
  if (awaitsVerdict(problem.type, { is_correct: answer.is_correct, judged_by: answer.judged_by === 'self' ? 'self' : 'machine' })) return null;
  if (due === null) throw new Error(`no answers to build the card of problem ${problem.uid}`);
  return due;
}

/**
 * A review answer sent again under its client_id (the offline queue): the first record, and its
 * card's due time. A rating given while the answer waited offline rides on the resend; it is set
 * if the answer is still the member's latest (as PUT …/rating would).
 */
async function replayed(
  ctx: AppContext,
  memberCode: number,
  earlier: StoredAnswer,
  request: ReviewAnswerRequest,
  problem: { uid: number; type: number },
): Promise<ReviewAnswerResponse> {
  if (earlier.source !== 'review' || earlier.problem_uid !== problem.uid || earlier.answer !== request.answer) throw conflict(messages.attemptClientIdTaken);
  const rating = request.rating ? RATING_GRADES[request.rating] : null;
  const dueAt = await ctx.db.transaction().execute(async (trx) => {
    if (rating !== null && rating !== earlier.review_rating && (await findLatestAnswer(trx, memberCode, problem.uid))?.code === earlier.code) {
      await setReviewRating(trx, earlier.code, rating);
    }
    return rebuildOne(trx, memberCode, problem, earlier);
  });
  return { is_correct: earlier.is_correct, attempt_code: earlier.code, judged_by: earlier.judged_by, due_at: dueAt };
}

/**
 * A review answer: judged by the shared rule, recorded by answers/ (decision 134), the card
 * rebuilt in the same transaction. Sent again under the same client_id it is recorded once (200
 * and the first record; decision 054).
 */
export async function answerReview(
  ctx: AppContext,
  memberCode: number,
  problemUid: number,
  request: ReviewAnswerRequest,
): Promise<{ result: ReviewAnswerResponse; replayed: boolean }> {
  const problem = await requireVisibleProblem(ctx.db, problemUid);
  const recorded = await recordAnswer(ctx.db, {
    memberCode,
    clientId: request.client_id ?? null,
    answer: request.answer,
    admit: async () => refuseVoided(problem),
    place: async () => ({ source: 'review', review_rating: request.rating ? RATING_GRADES[request.rating] : null }),
    follow: (trx, answer) => rebuildOne(trx, memberCode, problem, answer),
  });
  if (recorded.replayed) return { result: await replayed(ctx, memberCode, recorded.answer, request, problem), replayed: true };
  const { answer } = recorded;
  return { result: { is_correct: answer.is_correct, attempt_code: answer.code, judged_by: 'machine', due_at: recorded.followed ?? null }, replayed: false };
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
