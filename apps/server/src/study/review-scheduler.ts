import type { ReviewRating } from '@qbank/shared/review';
import { createEmptyCard, default_w, fsrs, generatorParameters, Rating, type FSRSHistory, type Grade } from 'ts-fsrs';
import type { ReviewCardsTable } from '../db/schema';

// The glue between stored answers and ts-fsrs (decision 097). A card is never updated in
// place: it is rebuilt from all of the member's answers to the problem with `reschedule`, so a
// re-judged answer or a late self-rating changes the schedule exactly as if it had always been so.
//
// One review per day: the first answer of a (Korea-time) day is the recall test; later answers the
// same day come after the verdict and explanation were shown (다시 풀기, the same problem again in a
// session) and say nothing about memory. A self-rating given that day is the member's own verdict
// on the day's recall and wins over the machine's (the latest one given that day counts).

/** FSRS grades of the self-ratings, as stored in an answer's review_rating (answers/). */
export const RATING_GRADES: Readonly<Record<ReviewRating, Grade>> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};

/** FSRS weights: the member's fitted ones (study/member-weights.ts) or these defaults. */
export type Weights = readonly number[];
export const DEFAULT_WEIGHTS: Weights = default_w;

/**
 * Day scheduling: no (re)learning steps in minutes; no fuzz, so a rebuilt card is always the same.
 * The member's fitted weights when they have them (decision 153), as the plan and the readiness use.
 */
const schedulerOf = (weights: Weights) => fsrs(generatorParameters({ w: weights, enable_short_term: false, enable_fuzz: false }));
const defaultScheduler = schedulerOf(DEFAULT_WEIGHTS);
/** The scheduler to build one member's cards with: made once per rebuild, not per card. */
export type CardScheduler = ReturnType<typeof schedulerOf>;
export const cardScheduler = (weights: Weights): CardScheduler => (weights === DEFAULT_WEIGHTS ? defaultScheduler : schedulerOf(weights));

const KOREA_OFFSET_MS = 9 * 60 * 60 * 1000;
const koreanDay = (iso: string) => new Date(Date.parse(iso) + KOREA_OFFSET_MS).toISOString().slice(0, 10);

export interface StoredAnswer {
  code: number;
  is_correct: boolean;
  /** An FSRS grade 1–4, or null. */
  review_rating: number | null;
  creation_time: string;
}

/** A card without its owner and problem; synced_attempt_code is the greatest answer code it was built from. */
export type CardState = Omit<ReviewCardsTable, 'member_code' | 'problem_uid'>;

const isGrade = (value: number | null): value is Grade => value !== null && value >= Rating.Again && value <= Rating.Easy;

/** The FSRS review history of a member's answers to one problem (any order), one review per day. */
export function reviewHistory(answers: readonly StoredAnswer[]): FSRSHistory[] {
  // By time, not by code: answers can be stored later than they were given (seeded history, an
  // answer queued offline), and FSRS refuses a history that goes back in time.
  const sorted = [...answers].sort((a, b) => a.creation_time.localeCompare(b.creation_time) || a.code - b.code);
  const days = new Map<string, { review: string; grade: Grade }>();
  for (const answer of sorted) {
    const day = koreanDay(answer.creation_time);
    const rated = isGrade(answer.review_rating) ? answer.review_rating : null;
    const known = days.get(day);
    if (!known) {
      days.set(day, { review: answer.creation_time, grade: rated ?? (answer.is_correct ? Rating.Good : Rating.Again) });
    } else if (rated !== null) {
      known.grade = rated;
    }
  }
  return [...days.values()].map(({ review, grade }) => ({ rating: grade, review: new Date(review) }));
}

/** The card of a member's answers to one problem, or null when there are none. */
export function buildCard(answers: readonly StoredAnswer[], scheduler: CardScheduler = defaultScheduler): CardState | null {
  const history = reviewHistory(answers);
  const first = history[0];
  if (!first) return null;
  const { collections } = scheduler.reschedule(createEmptyCard(first.review), history, { skipManual: true });
  const card = collections.at(-1)?.card;
  if (!card) return null;
  return {
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    scheduled_days: card.scheduled_days,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    last_review: (card.last_review ?? card.due).toISOString(),
    synced_attempt_code: Math.max(...answers.map((answer) => answer.code)),
  };
}
