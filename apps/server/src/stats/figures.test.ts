import { describe, expect, it } from 'vitest';
import { groupCuts, kr20, percentileRank, seoulToday, streakDays } from './figures';

describe('statistics arithmetic', () => {
  it('keeps tied members together at the 27 % marks', () => {
    // 10 members, target round(2.7) = 3: scores 5,4,4,4,… → the three 4s join the 5 (upper 4).
    expect(
      groupCuts([
        { score: 1, n: 3 },
        { score: 2, n: 3 },
        { score: 4, n: 3 },
        { score: 5, n: 1 },
      ]),
    ).toEqual({ upperCut: 4, lowerCut: 1, upperSize: 4, lowerSize: 3 });
    // Everyone tied: both groups are everyone (discrimination 0, KR-20 undefined).
    expect(groupCuts([{ score: 3, n: 6 }])).toEqual({ upperCut: 3, lowerCut: 3, upperSize: 6, lowerSize: 6 });
    expect(groupCuts([])).toBeNull();
  });

  it('KR-20 is undefined without variance or with one item', () => {
    expect(kr20(4, [0.5, 0.5, 0.5, 0.5], [{ score: 2, n: 5 }])).toBeNull();
    expect(
      kr20(
        1,
        [0.5],
        [
          { score: 0, n: 2 },
          { score: 1, n: 2 },
        ],
      ),
    ).toBeNull();
    // Two items answered alike by everyone: perfectly consistent, KR-20 = 1.
    expect(
      kr20(
        2,
        [0.5, 0.5],
        [
          { score: 0, n: 2 },
          { score: 2, n: 2 },
        ],
      ),
    ).toBe(1);
  });

  it('percentile rank counts half of the ties', () => {
    expect(percentileRank(10, 4, 2)).toBe(50);
    expect(percentileRank(5, 0, 1)).toBe(10);
  });

  it('a streak survives a day without answers yet, and Seoul days start at 15:00 UTC', () => {
    const days = new Set(['2026-11-21', '2026-11-22', '2026-11-23']);
    expect(streakDays(days, '2026-11-24')).toBe(3);
    expect(streakDays(new Set([...days, '2026-11-24']), '2026-11-24')).toBe(4);
    expect(streakDays(days, '2026-11-25')).toBe(0);
    expect(seoulToday(new Date('2026-11-24T14:59:59Z'))).toBe('2026-11-24');
    expect(seoulToday(new Date('2026-11-24T15:00:00Z'))).toBe('2026-11-25');
  });
});
