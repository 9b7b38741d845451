import { describe, expect, it } from 'vitest';
import { Rating } from 'ts-fsrs';
import { buildCard, reviewHistory, type StoredAnswer } from './review-scheduler';

let code = 0;
const answer = (creation_time: string, is_correct: boolean, review_rating: number | null = null): StoredAnswer => ({
  code: (code += 1),
  is_correct,
  review_rating,
  creation_time,
});
const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

describe('review scheduling glue', () => {
  it('has no card without answers', () => {
    expect(buildCard([])).toBeNull();
  });

  it('makes a wrong answer due again soon and a right one later', () => {
    const at = '2026-11-20T01:00:00.000Z';
    const wrong = buildCard([answer(at, false)])!;
    const right = buildCard([answer(at, true)])!;
    expect(days(at, wrong.due)).toBe(1);
    expect(days(at, right.due)).toBeGreaterThan(days(at, wrong.due));
    expect(wrong.last_review).toBe(at);
  });

  it('pushes a problem further out with each right answer, and brings it back after a lapse', () => {
    const first = answer('2026-11-01T01:00:00.000Z', true);
    const second = answer('2026-11-04T01:00:00.000Z', true);
    const once = buildCard([first])!;
    const twice = buildCard([first, second])!;
    expect(days(second.creation_time, twice.due)).toBeGreaterThan(days(first.creation_time, once.due));
    expect(twice.reps).toBe(2);
    const lapse = answer('2026-11-20T01:00:00.000Z', false);
    const lapsed = buildCard([first, second, lapse])!;
    expect(lapsed.lapses).toBe(1);
    expect(days(lapse.creation_time, lapsed.due)).toBeLessThan(days(second.creation_time, twice.due));
  });

  it('counts the first answer of a Korean day and lets a self-rating of that day replace the machine verdict', () => {
    const wrong = answer('2026-11-20T01:00:00.000Z', false);
    const retried = answer('2026-11-20T01:05:00.000Z', true); // 다시 풀기 after the verdict
    expect(reviewHistory([wrong, retried]).map((review) => review.rating)).toEqual([Rating.Again]);
    // 23:30 UTC on the 20th is 08:30 on the 21st in Korea: another day.
    const nextMorning = answer('2026-11-20T23:30:00.000Z', true);
    expect(reviewHistory([wrong, retried, nextMorning])).toHaveLength(2);
    const rated = answer('2026-11-20T01:06:00.000Z', true, Rating.Easy);
    expect(reviewHistory([wrong, rated]).map((review) => review.rating)).toEqual([Rating.Easy]);
    expect(buildCard([wrong, rated])!.due > buildCard([wrong])!.due).toBe(true);
  });

  it('rebuilds the same card from the same answers in any order, and records the newest answer it used', () => {
    const answers = [
      answer('2026-11-01T01:00:00.000Z', true),
      answer('2026-11-05T01:00:00.000Z', false),
      answer('2026-11-06T01:00:00.000Z', true, Rating.Hard),
    ];
    const card = buildCard(answers)!;
    expect(buildCard([...answers].reverse())).toEqual(card);
    expect(card.synced_attempt_code).toBe(answers[2]!.code);
  });

  it('follows the time an answer was given, not the order it was stored in', () => {
    const later = answer('2026-11-08T01:00:00.000Z', false);
    const earlierStoredLater = answer('2026-11-02T01:00:00.000Z', true);
    const card = buildCard([later, earlierStoredLater])!;
    expect(card.lapses).toBe(1);
    expect(card.last_review).toBe('2026-11-08T01:00:00.000Z');
  });
});
