import { describe, expect, it } from 'vitest';
import { calculateGrade, GRADE_CODES, gradeCodeLabel } from './grade';

describe('calculateGrade (5 − (grad_year − current year), 1–4)', () => {
  it.each([
    [2030, { kind: 'student', grade: 1 }],
    [2029, { kind: 'student', grade: 2 }],
    [2028, { kind: 'student', grade: 3 }],
    [2027, { kind: 'student', grade: 4 }],
    [2026, { kind: 'graduated' }],
    [2020, { kind: 'graduated' }],
    [2031, { kind: 'unknown' }],
    [null, { kind: 'unknown' }],
    [2027.5, { kind: 'unknown' }],
  ])('grad_year %s in 2026 is %o', (gradYear, expected) => {
    expect(calculateGrade(gradYear, 2026)).toEqual(expected);
  });
});

describe('gradeCodeLabel', () => {
  it('labels every grade code of subjects and tests', () => {
    expect(GRADE_CODES.map(gradeCodeLabel)).toEqual([
      '1학년 1쿼터',
      '1학년 2쿼터',
      '1학년 3쿼터',
      '1학년 4쿼터',
      '2학년 1쿼터',
      '2학년 2쿼터',
      '2학년 3쿼터',
      '2학년 4쿼터',
      '3학년',
      '4학년',
    ]);
  });

  it('shows unknown codes as they are', () => {
    expect(gradeCodeLabel(15)).toBe('15');
    expect(gradeCodeLabel(99)).toBe('99');
  });
});
