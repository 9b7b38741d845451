import { describe, expect, it } from 'vitest';
import { examTypeOf } from './exam-types';

describe('examTypeOf', () => {
  it('reads the kind from the names the seeds and the college write', () => {
    expect(examTypeOf('2025 해부학 중간고사')).toBe('midterm');
    expect(examTypeOf('2024 순환기내과학 기말고사')).toBe('final');
    expect(examTypeOf('2026 병리학 형성평가 2차')).toBe('formative');
    expect(examTypeOf('2023 예방의학 모의고사')).toBe('mock');
    expect(examTypeOf('2023 생리학 재시험')).toBe('retake');
    expect(examTypeOf('2022 약리학 쪽지시험')).toBe('quiz');
    expect(examTypeOf('2022 약리학 퀴즈 3')).toBe('quiz');
    expect(examTypeOf('2021 해부학 땡시')).toBe('other');
    expect(examTypeOf('')).toBe('other');
  });

  it('ignores spaces and prefers the more specific kind', () => {
    expect(examTypeOf('2026 병리학 형성 평가 1차')).toBe('formative');
    expect(examTypeOf('2025 해부학 중간 고사')).toBe('midterm');
    expect(examTypeOf('2025 해부학 중간고사 재시험')).toBe('retake');
    expect(examTypeOf('기말고사 대비 모의고사')).toBe('mock');
  });

  it('reads a name written in decomposed Hangul (a file name from macOS) as its composed form', () => {
    expect(examTypeOf('2025 해부학 중간고사'.normalize('NFD'))).toBe('midterm');
  });
});
