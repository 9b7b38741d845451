import { forgetting_curve } from 'ts-fsrs';
import type { Weights } from '../study/review-scheduler';

// The memory model the plan and the readiness share: FSRS's forgetting curve with the member's
// fitted parameters when they have them (decision 153), the defaults otherwise; and Korea's days.

export { DEFAULT_WEIGHTS, type Weights } from '../study/review-scheduler';

/** Recall probability `elapsedDays` after the last review of a card of `stability` days. */
export function recall(weights: Weights, elapsedDays: number, stability: number): number {
  if (stability <= 0) return 0;
  return forgetting_curve(weights, Math.max(0, elapsedDays), stability);
}

/** FSRS's initial stability after a first answer that was right (Good, w[2]) or wrong (Again, w[0]). */
export function initialStability(weights: Weights, correct: boolean): number {
  return correct ? (weights[2] ?? 2.3) : (weights[0] ?? 0.2);
}

const KOREA_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Korea's calendar day of an instant. */
export function koreanDay(at: Date | string): string {
  const ms = typeof at === 'string' ? Date.parse(at) : at.getTime();
  return new Date(ms + KOREA_OFFSET_MS).toISOString().slice(0, 10);
}

/** Whole days from day `a` to day `b` (YYYY-MM-DD). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days (fractional) from an instant to the start of a Korean day (the exam morning). */
export function elapsedUntilDay(from: string, day: string): number {
  return (Date.parse(`${day}T00:00:00Z`) - KOREA_OFFSET_MS - Date.parse(from)) / DAY_MS;
}
