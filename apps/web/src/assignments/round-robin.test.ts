import { describe, expect, it } from 'vitest';
import { roundRobin, sortByKoreanName, type RosterStudent } from './round-robin';

const student = (code: number, name: string, id = `s${code}`): RosterStudent => ({ code, id, name });

// Given out of order on purpose: 가나다 order is 김지민, 박서준, 이하은, 최유진, 한서연.
const han = student(1, '한서연');
const kim = student(2, '김지민');
const choi = student(3, '최유진');
const park = student(4, '박서준');
const lee = student(5, '이하은');
const roster = [han, kim, choi, park, lee];

describe('sortByKoreanName', () => {
  it('sorts by Korean name (localeCompare ko), the id breaking ties', () => {
    expect(sortByKoreanName(roster).map((s) => s.name)).toEqual(['김지민', '박서준', '이하은', '최유진', '한서연']);
    const twins = [student(9, '김민수', 'zeta'), student(8, '김민수', 'alpha')];
    expect(sortByKoreanName(twins).map((s) => s.id)).toEqual(['alpha', 'zeta']);
    // The input is left as it was.
    expect(roster[0]).toBe(han);
  });
});

describe('roundRobin', () => {
  it('starts with student 1 by Korean name and gives each problem one owner', () => {
    const result = roundRobin([101, 102, 103], roster, 1);
    expect(result.ok && [...result.owners]).toEqual([
      [101, kim.code],
      [102, park.code],
      [103, lee.code],
    ]);
  });

  it('starts at the chosen number and wraps around after the last student', () => {
    const result = roundRobin([101, 102, 103, 104, 105, 106, 107], roster, 4);
    // 4 최유진, 5 한서연, then 1 김지민, 2 박서준, 3 이하은, 4 최유진, 5 한서연.
    expect(result.ok && [...result.owners.values()]).toEqual([choi.code, han.code, kim.code, park.code, lee.code, choi.code, han.code]);
  });

  it('starts at the last number and wraps at once', () => {
    const result = roundRobin([1, 2], [han, kim], 2);
    expect(result.ok && [...result.owners.values()]).toEqual([han.code, kim.code]);
  });

  it('checks students, then problems, then the start number (1 … student count)', () => {
    expect(roundRobin([1], [], 1)).toEqual({ ok: false, error: { kind: 'noStudents' } });
    expect(roundRobin([], [], 1)).toEqual({ ok: false, error: { kind: 'noStudents' } });
    expect(roundRobin([], roster, 1)).toEqual({ ok: false, error: { kind: 'noProblems' } });
    for (const start of [0, 6, -1, 1.5, Number.NaN]) {
      expect(roundRobin([1], roster, start)).toEqual({ ok: false, error: { kind: 'startOutOfRange', max: 5 } });
    }
    expect(roundRobin([1], roster, 5).ok).toBe(true);
  });
});
