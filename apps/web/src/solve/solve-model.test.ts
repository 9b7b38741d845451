import type { Attempt } from '@qbank/shared/solve';
import { describe, expect, it } from 'vitest';
import { problemRow } from '../testing/fixtures/problems';
import {
  choiceOptions,
  firstUnanswered,
  isChosenOption,
  isOfficialOption,
  isTypingTarget,
  judge,
  resultsFromAttempts,
  score,
  shortcutFor,
  solveOrder,
  statusOf,
  type SolveResult,
} from './solve-model';

const key = (k: string, extra: Partial<KeyboardEvent> = {}) =>
  shortcutFor({ key: k, code: '', ctrlKey: false, metaKey: false, altKey: false, ...extra });

const result = (correct: boolean, judgedBy: SolveResult['judgedBy'] = 'machine'): SolveResult => ({
  answer: 'x',
  correct,
  save: 'saved',
  token: 0,
  attemptCode: 1,
  judgedBy,
});

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

describe('answers', () => {
  it('reads options of multiple choice only, through the shared parser', () => {
    expect(choiceOptions(problemRow({ illustration: '① a\n② b' }))?.map((o) => o.value)).toEqual(['①', '②']);
    expect(choiceOptions(problemRow({ choice_type: 1, illustration: '① a\n② b' }))?.map((o) => o.value)).toEqual(['①가', '②나']);
    expect(choiceOptions(problemRow({ illustration: '하나뿐' }))).toBeNull();
    expect(choiceOptions(problemRow({ type: 2, illustration: '① a\n② b' }))).toBeNull();
  });

  it('judges with the shared rule and marks chosen and official options in any spelling', () => {
    const lettered = problemRow({ choice_type: 1, illustration: '① a\n② b\n③ c', answer: '다' });
    expect(judge(lettered, '③다')).toBe(true);
    expect(judge(lettered, '①가')).toBe(false);
    const [first, , third] = choiceOptions(lettered) ?? [];
    expect(third && isOfficialOption(lettered, third)).toBe(true);
    expect(first && isOfficialOption(lettered, first)).toBe(false);
    expect(first && isChosenOption('1', first)).toBe(true);
    expect(judge(problemRow({ type: 2, answer: '동서맥' }), ' 동서맥 ')).toBe(true);
  });
});

describe('progress and score', () => {
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

  it('gives no accuracy before the first answer, then the rounded share of right answers', () => {
    expect(score(new Map(), problems)).toEqual({ answered: 0, correct: 0, percent: null });
    const results = new Map([
      [1, result(true)],
      [2, result(true)],
      [3, result(false)],
    ]);
    expect(score(results, problems)).toEqual({ answered: 3, correct: 2, percent: 67 });
    expect(firstUnanswered(problems, results)).toBe(0);
  });

  it('leaves a voided problem (문항 무효) out of the score', () => {
    const results = new Map([
      [1, result(true)],
      [2, result(true)],
      [3, result(false)],
    ]);
    const voided = problems.map((problem) => (problem.uid === 3 ? { ...problem, is_voided: 1 } : problem));
    expect(score(results, voided)).toEqual({ answered: 2, correct: 2, percent: 100 });
  });
});

describe('essay and slide self-judging', () => {
  const essay = problemRow({ uid: 1, type: 2, answer: '동서맥' });
  const slide = problemRow({ uid: 2, type: 4, answer: '정중신경' });
  const choice = problemRow({ uid: 3 });
  const problems = [essay, slide, choice];

  it('keeps a worded essay answer out of the score until the member judges it', () => {
    const waiting = new Map([
      [1, result(false)],
      [2, result(true)],
      [3, result(false)],
    ]);
    expect(statusOf(waiting, essay)).toBe('unjudged');
    expect(statusOf(waiting, slide)).toBe('correct');
    expect(statusOf(waiting, choice)).toBe('wrong');
    expect(score(waiting, problems)).toEqual({ answered: 2, correct: 1, percent: 50 });
    const judged = new Map(waiting).set(1, result(true, 'self'));
    expect(statusOf(judged, essay)).toBe('correct');
    expect(score(judged, problems)).toEqual({ answered: 3, correct: 2, percent: 67 });
    expect(statusOf(new Map([[1, result(false, 'self')]]), essay)).toBe('wrong');
  });

  it('maps Y and N (also ㅛ and ㅜ on the Korean layout) to the verdict', () => {
    expect(key('y')).toEqual({ kind: 'judgeSelf', correct: true });
    expect(key('ㅛ', { code: 'KeyY' })).toEqual({ kind: 'judgeSelf', correct: true });
    expect(key('N')).toEqual({ kind: 'judgeSelf', correct: false });
    expect(key('ㅜ', { code: 'KeyN' })).toEqual({ kind: 'judgeSelf', correct: false });
  });
});

describe('shortcuts', () => {
  it('maps arrows, digits, H (also on the Korean layout) and ?', () => {
    expect(key('ArrowLeft')).toEqual({ kind: 'previous' });
    expect(key('ArrowRight')).toEqual({ kind: 'next' });
    expect(key('3')).toEqual({ kind: 'choose', key: 3 });
    expect(key('9')).toEqual({ kind: 'choose', key: 9 });
    expect(key('0')).toBeNull();
    expect(key('h')).toEqual({ kind: 'toggleExplanation' });
    expect(key('H')).toEqual({ kind: 'toggleExplanation' });
    expect(key('ㅗ', { code: 'KeyH' })).toEqual({ kind: 'toggleExplanation' });
    expect(key('?')).toEqual({ kind: 'help' });
    expect(key('x')).toBeNull();
  });

  it('leaves browser chords alone', () => {
    expect(key('ArrowLeft', { altKey: true })).toBeNull();
    expect(key('h', { ctrlKey: true })).toBeNull();
    expect(key('1', { metaKey: true })).toBeNull();
  });

  it('treats text fields as typing targets, buttons not', () => {
    expect(isTypingTarget(document.createElement('input'))).toBe(true);
    expect(isTypingTarget(document.createElement('textarea'))).toBe(true);
    expect(isTypingTarget(document.createElement('select'))).toBe(true);
    expect(isTypingTarget(document.createElement('button'))).toBe(false);
    expect(isTypingTarget(document.body)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
