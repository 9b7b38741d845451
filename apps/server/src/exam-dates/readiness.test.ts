import { describe, expect, it } from 'vitest';
import { DEFAULT_WEIGHTS } from './memory';
import { predictReadiness, type ReadinessInput } from './readiness';

const problems = Array.from({ length: 40 }, (_, i) => ({ uid: i + 1, class_uid: i < 20 ? 1 : 2, lineage_size: 1 }));
const classRates = problems.map((problem) => ({ problem_uid: problem.uid, answered: 30, correct: 18 }));
const input = (over: Partial<ReadinessInput>): ReadinessInput => ({
  examDay: '2026-03-09',
  problems,
  cards: [],
  classRates,
  memberFirst: [],
  targetRecall: 0.9,
  weights: DEFAULT_WEIGHTS,
  classNames: new Map([
    [1, '순환기 3강'],
    [2, '순환기 4강'],
  ]),
  subjectName: '순환기내과학',
  ...over,
});
const yesterday = '2026-03-01T00:00:00.000Z';

describe('readiness', () => {
  it('with no answers: the class rate, no coverage and a wide interval', () => {
    const result = predictReadiness(input({}));
    expect(result.coverage).toBe(0);
    expect(result.predicted.mean).toBeCloseTo(0.6, 1);
    expect(result.predicted.high - result.predicted.low).toBeGreaterThan(0.4);
    expect(result.levers[0]).toMatchObject({ kind: 'unseen', count: 20 });
  });

  it('rises with knowledge: everything right recently scores far above everything wrong', () => {
    const right = predictReadiness(
      input({
        cards: problems.map((problem) => ({ problem_uid: problem.uid, stability: 30, last_review: yesterday })),
        memberFirst: problems.map((problem) => ({ problem_uid: problem.uid, is_correct: true })),
      }),
    );
    const wrong = predictReadiness(
      input({
        cards: problems.map((problem) => ({ problem_uid: problem.uid, stability: 0.2, last_review: yesterday })),
        memberFirst: problems.map((problem) => ({ problem_uid: problem.uid, is_correct: false })),
      }),
    );
    expect(right.coverage).toBe(1);
    expect(right.predicted.mean).toBeGreaterThan(0.85);
    // FSRS's heavy-tailed curve keeps some recall of a problem seen (with its explanation) yesterday.
    expect(wrong.predicted.mean).toBeLessThan(0.7);
    expect(right.predicted.mean - wrong.predicted.mean).toBeGreaterThan(0.25);
    expect(right.predicted.high - right.predicted.low).toBeLessThan(0.3);
  });

  it("moves unseen problems by the member's own first-seen record, shrunk toward the class", () => {
    const seenUids = problems.slice(0, 20);
    const strong = predictReadiness(input({ memberFirst: seenUids.map((problem) => ({ problem_uid: problem.uid, is_correct: true })) }));
    const weak = predictReadiness(input({ memberFirst: seenUids.map((problem) => ({ problem_uid: problem.uid, is_correct: false })) }));
    const strongUnseen = strong.by_subject.find((group) => group.class_uid === 2)!;
    const weakUnseen = weak.by_subject.find((group) => group.class_uid === 2)!;
    expect(strongUnseen.mean).toBeGreaterThan(0.7);
    expect(strongUnseen.mean).toBeLessThan(0.95);
    expect(weakUnseen.mean).toBeLessThan(0.45);
    // More of the member's own answers narrow the interval.
    expect(strong.predicted.high - strong.predicted.low).toBeLessThan(predictReadiness(input({})).predicted.high - predictReadiness(input({})).predicted.low);
  });

  it('weighs problems whose lineage came back more often', () => {
    const cards = problems.slice(0, 20).map((problem) => ({ problem_uid: problem.uid, stability: 100, last_review: yesterday }));
    const flat = predictReadiness(input({ cards }));
    const repeated = predictReadiness(input({ cards, problems: problems.map((problem) => ({ ...problem, lineage_size: problem.uid <= 20 ? 4 : 1 })) }));
    expect(repeated.predicted.mean).toBeGreaterThan(flat.predicted.mean);
  });
});
