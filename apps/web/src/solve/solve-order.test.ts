import type { Attempt } from '@qbank/shared/solve';
import { describe, expect, it } from 'vitest';
import { statusOf, type AnswerResult } from '../answering/answer-model';
import { problemRow } from '../testing/fixtures/problems';
import { firstUnanswered, resultsFromAttempts, solveOrder } from './solve-order';

const result = (correct: boolean): AnswerResult => ({ answer: 'x', correct, save: 'saved', token: 0, attemptCode: 1, judgedBy: 'machine' });

describe('solve order', () => {
  it('lists multiple choice, subjective, slide, then other types, each by number, without duplicates', () => {
    const list = [
      problemRow({ uid: 1, type: 4, no: 1 }),
      problemRow({ uid: 2, type: 2, no: 2 }),
      problemRow({ uid: 3, type: 1, no: 10 }),
      problemRow({ uid: 4, type: 1, no: 2 }),
      problemRow({ uid: 5, type: 9, no: 1 }),
      problemRow({ uid: 6, type: 2, no: 1 }),
      problemRow({ uid: 4, type: 1, no: 2 }),
    ];
    expect(solveOrder(list).map((p) => p.uid)).toEqual([4, 3, 6, 2, 1, 5]);
  });

  it('leaves out empty slots and problems without an official answer', () => {
    const list = [problemRow({ uid: 1 }), problemRow({ uid: 2, is_vacant: 1 }), problemRow({ uid: 3, answer: '  ' })];
    expect(solveOrder(list).map((p) => p.uid)).toEqual([1]);
  });
});

describe('progress', () => {
  const problems = [problemRow({ uid: 1 }), problemRow({ uid: 2 }), problemRow({ uid: 3 })];
  const attempt = (uid: number, correct: boolean): Attempt => ({
    code: uid,
    run_code: 1,
    problem_uid: uid,
    answer: '②',
    is_correct: correct,
    judged_by: 'machine',
    creation_time: '2026-01-01T00:00:00.000Z',
  });

  it('turns the server attempts into results, ignoring problems no longer in the exam', () => {
    const results = resultsFromAttempts([attempt(1, true), attempt(9, false), attempt(2, false)], problems);
    expect([...results.keys()]).toEqual([1, 2]);
    expect(statusOf(results, problems[0]!)).toBe('correct');
    expect(statusOf(results, problems[1]!)).toBe('wrong');
    expect(statusOf(results, problems[2]!)).toBe('unanswered');
    expect(firstUnanswered(problems, results)).toBe(2);
  });

  it('continues at the first problem not answered, or the first when all are', () => {
    const all = new Map([
      [1, result(true)],
      [2, result(true)],
      [3, result(false)],
    ]);
    expect(firstUnanswered(problems, all)).toBe(0);
  });
});
