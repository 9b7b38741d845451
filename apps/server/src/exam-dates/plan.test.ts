import { describe, expect, it } from 'vitest';
import { DEFAULT_WEIGHTS, addDays, elapsedUntilDay, recall } from './memory';
import { buildPlan, NEW_MINUTES, REVIEW_MINUTES, type PlanCard } from './plan';

// 2026-03-02 09:00 in Korea.
const now = new Date('2026-03-02T00:00:00Z');
const today = '2026-03-02';
const problems = (count: number, lineage: (i: number) => number = () => 1) =>
  Array.from({ length: count }, (_, i) => ({ uid: i + 1, lineage_size: lineage(i) }));
const base = { now, weights: DEFAULT_WEIGHTS, targetRecall: 0.9 };
/** A review card, its due day and last review counted in days from today (negative: before), at midnight UTC. */
const card = (problem_uid: number, days: { due: number; reviewed: number }, stability: number, reps: number): PlanCard => ({
  problem_uid,
  due: `${addDays(today, days.due)}T00:00:00.000Z`,
  stability,
  last_review: `${addDays(today, days.reviewed)}T00:00:00.000Z`,
  reps,
});

describe('the plan to an exam', () => {
  it('covers the whole scope before the exam day, within the budget, balanced across days', () => {
    const plan = buildPlan({ ...base, examDay: addDays(today, 7), problems: problems(60), cards: [], dailyMinutes: 45 });
    expect(plan.days.map((day) => day.date)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(today, i)));
    expect(plan.days.reduce((sum, day) => sum + day.new, 0)).toBe(60);
    expect(plan.left_out).toEqual({ new: 0, review: 0, minutes: 0 });
    for (const day of plan.days) expect(day.minutes).toBeLessThanOrEqual(45);
    // New problems go to the days before the last (kept for the follow-up reviews), each day some.
    expect(plan.days.at(-1)!.new).toBe(0);
    for (const day of plan.days.slice(0, -1)) expect(day.new).toBeGreaterThan(0);
    const loads = plan.days.map((day) => day.minutes);
    expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(NEW_MINUTES + REVIEW_MINUTES);
    expect(plan.today.problem_uids).toHaveLength(plan.days[0]!.new + plan.days[0]!.review);
  });

  it('shows what does not fit a small budget instead of exceeding it', () => {
    const plan = buildPlan({ ...base, examDay: addDays(today, 3), problems: problems(100), cards: [], dailyMinutes: 10 });
    for (const day of plan.days) expect(day.minutes).toBeLessThanOrEqual(10);
    expect(plan.left_out.new).toBeGreaterThan(0);
    expect(plan.left_out.new + plan.days.reduce((sum, day) => sum + day.new, 0)).toBe(100);
    expect(plan.left_out.minutes).toBeGreaterThan(0);
  });

  it('puts the 빈출 problems (larger lineages) first', () => {
    const plan = buildPlan({ ...base, examDay: addDays(today, 2), problems: problems(20, (i) => (i >= 15 ? 4 : 1)), cards: [], dailyMinutes: 6 });
    expect(plan.today.problem_uids.slice(0, 5).sort((a, b) => a - b)).toEqual([16, 17, 18, 19, 20]);
  });

  it('pulls a review before the exam for a card due after it whose recall on the day is below the target', () => {
    const examDay = addDays(today, 5);
    // Reviewed 6 days ago with a stability of 10 days: due in 4 days, but weak on the exam day.
    const weak = card(1, { due: 8, reviewed: -6 }, 10, 3);
    // Reviewed yesterday with a long stability: holds until the exam.
    const strong = card(2, { due: 60, reviewed: -1 }, 200, 5);
    expect(recall(DEFAULT_WEIGHTS, elapsedUntilDay(weak.last_review, examDay), weak.stability)).toBeLessThan(0.9);
    const plan = buildPlan({ ...base, examDay, problems: problems(2), cards: [weak, strong], dailyMinutes: 45 });
    expect(plan.days.reduce((sum, day) => sum + day.review, 0)).toBe(1);
    expect(plan.days.at(-1)!.date < examDay).toBe(true);
    expect(plan.days.at(-1)!.review).toBe(1);
    expect(plan.scope).toEqual({ problems: 2, seen: 2 });
  });

  it("moves after today's work: problems answered today leave today's list and count against its budget", () => {
    const examDay = addDays(today, 4);
    const before = buildPlan({ ...base, examDay, problems: problems(30), cards: [], dailyMinutes: 10 });
    // Answered now (midnight UTC, today's start).
    const done = before.today.problem_uids.map((uid) => card(uid, { due: 2, reviewed: 0 }, 2.3, 1));
    const after = buildPlan({ ...base, examDay, problems: problems(30), cards: done, dailyMinutes: 10 });
    expect(after.today.problem_uids.filter((uid) => before.today.problem_uids.includes(uid))).toEqual([]);
    expect(after.today.minutes).toBeLessThanOrEqual(10 - done.length * NEW_MINUTES + 1e-9);
    expect(after.scope.seen).toBe(done.length);
  });

  it('on the exam day plans that day alone', () => {
    const plan = buildPlan({ ...base, examDay: today, problems: problems(3), cards: [], dailyMinutes: 45 });
    expect(plan.days).toEqual([{ date: today, new: 3, review: 0, minutes: 3.6 }]);
  });
});
