import { describe, expect, it } from 'vitest';
import { problemFullLabel, problemNumberLabel, problemSectionLabel, sectionsByType } from './problem-labels';

describe('problem labels (issue 12 item 4)', () => {
  it('numbers as Q plus two digits, names the type outside a section and heads sections with their count', () => {
    expect(problemNumberLabel(1)).toBe('Q01');
    expect(problemNumberLabel(120)).toBe('Q120');
    expect(problemFullLabel(2, 1)).toBe('주관식 Q01');
    expect(problemFullLabel(4, 3)).toBe('슬라이드 Q03');
    expect(problemSectionLabel(1, 12)).toBe('객관식 · 12문항');
    expect(problemFullLabel(9, 1)).toBe('기타 Q01');
  });

  it('splits problems by type in the viewer order, keeping the order inside each', () => {
    const items = [
      { type: 4, no: 1 },
      { type: 1, no: 2 },
      { type: 2, no: 1 },
      { type: 1, no: 1 },
      { type: 9, no: 1 },
    ];
    expect(sectionsByType(items).map((s) => [s.type, s.items.map((i) => i.no)])).toEqual([
      [1, [2, 1]],
      [2, [1]],
      [4, [1]],
      [9, [1]],
    ]);
  });
});
