// Calculated grade = 5 − (grad_year − current year), valid for 1–4;
// a grad_year at or before the current year means graduated.
export type CalculatedGrade = { kind: 'student'; grade: 1 | 2 | 3 | 4 } | { kind: 'graduated' } | { kind: 'unknown' };

export function calculateGrade(gradYear: number | null | undefined, currentYear: number): CalculatedGrade {
  if (gradYear == null || !Number.isInteger(gradYear)) return { kind: 'unknown' };
  if (gradYear <= currentYear) return { kind: 'graduated' };
  const grade = 5 - (gradYear - currentYear);
  if (grade >= 1 && grade <= 4) return { kind: 'student', grade: grade as 1 | 2 | 3 | 4 };
  return { kind: 'unknown' };
}

// Grade codes of subjects and tests: 11–14, 21–24 quarters; 30 and 40 whole years.
export const GRADE_CODES = [11, 12, 13, 14, 21, 22, 23, 24, 30, 40] as const;
export type GradeCode = (typeof GRADE_CODES)[number];

export function gradeCodeLabel(code: number): string {
  if (code === 30) return '3학년';
  if (code === 40) return '4학년';
  const year = Math.floor(code / 10);
  const quarter = code % 10;
  if ((year === 1 || year === 2) && quarter >= 1 && quarter <= 4) return `${year}학년 ${quarter}쿼터`;
  return String(code);
}
