import { describe, expect, it } from 'vitest';
import { EXAM_TYPES, examTypeOf, type ExamType } from './exam-types';

// Decision 207: an exam's kind is read from its name, spaces ignored, the more specific kind first.
const NAMES: Record<ExamType, string[]> = {
  midterm: ['2025 해부학 중간고사', '2025 해부학 중간 고사', '2025 해부학 중간고사'.normalize('NFD')],
  final: ['2024 순환기내과학 기말고사'],
  formative: ['2026 병리학 형성평가 2차', '2026 병리학 형성 평가 1차'],
  mock: ['2023 예방의학 모의고사', '기말고사 대비 모의고사'],
  retake: ['2023 생리학 재시험', '2025 해부학 중간고사 재시험'],
  quiz: ['2022 약리학 쪽지시험', '2022 약리학 퀴즈 3'],
  other: ['2021 해부학 땡시', ''],
};

describe('examTypeOf', () => {
  it.each(EXAM_TYPES)('reads %s from the names that say it', (type) => {
    for (const name of NAMES[type]) expect(examTypeOf(name), name).toBe(type);
  });
});
