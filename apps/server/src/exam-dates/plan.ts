import { addDays, daysBetween, elapsedUntilDay, initialStability, koreanDay, recall, type Weights } from './memory';

// The plan to an exam (decision 151): a pure function of the scope, the member's cards and their
// settings, recomputed on every read, so it follows the member as they study or fall behind.
//
// - Days run from today to the day before the exam (the exam day itself when it is today).
// - Reviews: a card whose recall on the exam morning would be below the target gets one review,
//   no earlier than its due day (or today when overdue) and no later than the last day; a card
//   answered today waits at least until tomorrow.
// - New problems (never answered), 빈출 (larger lineages) first, then newest exam first; each
//   gets a follow-up review in a later day when one answer would not hold until the exam.
// - Each item goes to the least-loaded day of its window (balanced days); an item that fits no
//   day of its window under the daily budget is left out and counted, never squeezed in.
// Today's load starts with the work already done today (the cards answered today); `today` is what remains.

/** Minutes a new problem and a review take (the study builder's figure for a new one). */
export const NEW_MINUTES = 1.2;
export const REVIEW_MINUTES = 0.6;

export interface PlanProblem {
  uid: number;
  lineage_size: number;
}

export interface PlanCard {
  problem_uid: number;
  due: string;
  stability: number;
  last_review: string;
  reps: number;
}

export interface PlanInput {
  now: Date;
  examDay: string;
  /** In the order they should be met when nothing else decides (newest exam first). */
  problems: readonly PlanProblem[];
  cards: readonly PlanCard[];
  dailyMinutes: number;
  targetRecall: number;
  weights: Weights;
}

export interface PlanOutput {
  days: Array<{ date: string; new: number; review: number; minutes: number }>;
  today: { problem_uids: number[]; new: number; review: number; minutes: number };
  scope: { problems: number; seen: number };
  left_out: { new: number; review: number; minutes: number };
}

const round1 = (value: number) => Math.round(value * 10) / 10;

interface Day {
  date: string;
  budget: number;
  minutes: number;
  reviews: number[];
  news: number[];
}

/** The least-loaded day in [from, to] that can take `cost` more minutes (the earliest of equals). */
function pickDay(days: readonly Day[], from: number, to: number, cost: number): Day | undefined {
  let best: Day | undefined;
  for (let i = Math.max(0, from); i <= Math.min(days.length - 1, to); i += 1) {
    const day = days[i]!;
    if (day.minutes + cost > day.budget + 1e-9) continue;
    if (!best || day.minutes < best.minutes - 1e-9) best = day;
  }
  return best;
}

export function buildPlan(input: PlanInput): PlanOutput {
  const today = koreanDay(input.now);
  const last = input.examDay > today ? addDays(input.examDay, -1) : today;
  const count = daysBetween(today, last) + 1;
  const inScope = new Set(input.problems.map((problem) => problem.uid));
  const cards = input.cards.filter((card) => inScope.has(card.problem_uid));

  // What today already holds: the cards answered today (first met today: new; else a review).
  let doneToday = 0;
  for (const card of cards) if (koreanDay(card.last_review) === today) doneToday += card.reps <= 1 ? NEW_MINUTES : REVIEW_MINUTES;

  // Today starts loaded with what was done today, so balancing sees the day as it really is.
  const days: Day[] = Array.from({ length: count }, (_, i) => ({
    date: addDays(today, i),
    budget: input.dailyMinutes,
    minutes: i === 0 ? doneToday : 0,
    reviews: [],
    news: [],
  }));
  const lastIndex = count - 1;
  const leftOut = { new: 0, review: 0, minutes: 0 };

  // Reviews, most overdue first.
  const needing = cards
    .filter((card) => recall(input.weights, elapsedUntilDay(card.last_review, input.examDay), card.stability) < input.targetRecall)
    .sort((a, b) => a.due.localeCompare(b.due) || a.problem_uid - b.problem_uid);
  for (const card of needing) {
    const answeredToday = koreanDay(card.last_review) === today;
    const dueIndex = daysBetween(today, koreanDay(card.due));
    const from = Math.min(lastIndex, Math.max(answeredToday ? 1 : 0, dueIndex));
    const day = pickDay(days, from, lastIndex, REVIEW_MINUTES);
    if (!day) {
      leftOut.review += 1;
      leftOut.minutes += REVIEW_MINUTES;
      continue;
    }
    day.reviews.push(card.problem_uid);
    day.minutes += REVIEW_MINUTES;
  }

  // New problems: 빈출 first, then the scope's order.
  const seen = new Set(cards.map((card) => card.problem_uid));
  const order = new Map(input.problems.map((problem, index) => [problem.uid, index]));
  const fresh = input.problems
    .filter((problem) => !seen.has(problem.uid))
    .sort((a, b) => b.lineage_size - a.lineage_size || order.get(a.uid)! - order.get(b.uid)!);
  // A first answer (assume right) on day d holds until the exam only if its recall there is high enough.
  const stability = initialStability(input.weights, true);
  const newLast = lastIndex > 0 ? lastIndex - 1 : 0;
  for (const problem of fresh) {
    const day = pickDay(days, 0, newLast, NEW_MINUTES);
    if (!day) {
      leftOut.new += 1;
      leftOut.minutes += NEW_MINUTES;
      continue;
    }
    day.news.push(problem.uid);
    day.minutes += NEW_MINUTES;
    const index = daysBetween(today, day.date);
    const holds = recall(input.weights, daysBetween(day.date, input.examDay), stability) >= input.targetRecall;
    if (holds || index >= lastIndex) continue;
    const follow = pickDay(days, index + 1, lastIndex, REVIEW_MINUTES);
    if (!follow) {
      leftOut.review += 1;
      leftOut.minutes += REVIEW_MINUTES;
      continue;
    }
    // The follow-up is a review of a problem not yet answered: today's list never holds it.
    follow.reviews.push(problem.uid);
    follow.minutes += REVIEW_MINUTES;
  }

  const first = days[0]!;
  const pending = new Set(fresh.map((problem) => problem.uid));
  const todayReviews = first.reviews.filter((uid) => !pending.has(uid));
  return {
    days: days.map((day) => ({ date: day.date, new: day.news.length, review: day.reviews.length, minutes: round1(day.minutes) })),
    today: { problem_uids: [...todayReviews, ...first.news], new: first.news.length, review: todayReviews.length, minutes: round1(first.minutes - doneToday) },
    scope: { problems: input.problems.length, seen: seen.size },
    left_out: { new: leftOut.new, review: leftOut.review, minutes: round1(leftOut.minutes) },
  };
}
