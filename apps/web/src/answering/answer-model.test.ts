import { describe, expect, it } from 'vitest';
import { problemRow } from '../testing/fixtures/problems';
import { choiceOptions, isChosenOption, isOfficialOption, isTypingTarget, judge, score, shortcutFor, statusOf, type AnswerResult } from './answer-model';

const key = (k: string, extra: Partial<KeyboardEvent> = {}) => shortcutFor({ key: k, code: '', ctrlKey: false, metaKey: false, altKey: false, ...extra });

const result = (correct: boolean, judgedBy: AnswerResult['judgedBy'] = 'machine'): AnswerResult => ({
  answer: 'x',
  correct,
  save: 'saved',
  token: 0,
  attemptCode: 1,
  judgedBy,
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

  it('gives no accuracy before the first answer, then the rounded share of right answers', () => {
    expect(score(new Map(), problems)).toEqual({ answered: 0, correct: 0, percent: null });
    const results = new Map([
      [1, result(true)],
      [2, result(true)],
      [3, result(false)],
    ]);
    expect(score(results, problems)).toEqual({ answered: 3, correct: 2, percent: 67 });
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
    expect(key('m')).toEqual({ kind: 'mark' });
    expect(key('ㅡ', { code: 'KeyM' })).toEqual({ kind: 'mark' });
    expect(key('x')).toBeNull();
  });

  it('leaves browser chords alone', () => {
    expect(key('ArrowLeft', { altKey: true })).toBeNull();
    expect(key('h', { ctrlKey: true })).toBeNull();
    expect(key('1', { metaKey: true })).toBeNull();
    expect(key('m', { ctrlKey: true, code: 'KeyM' })).toBeNull();
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
