import { problemFullLabel } from '@qbank/shared/problem-labels';
import { examTitle } from './file-name';

// Korean texts of the box export (issue 16). Exam names often carry the year and subject already
// ('2026 병리학 중간고사'): examTitle says each once (issue 26 item 16).
export const boxExportMessages = {
  problemCount: (count: number) => `${count}문항`,
  empty: '박스에 문제가 없습니다.',
  examHeading: (test: { year: number; subject_name: string; test_name: string }) => examTitle(test),
  source: (problem: { year: number; subject_name: string; test_name: string; type: number; no: number }) =>
    `출처: ${examTitle(problem)} ${problemFullLabel(problem.type, problem.no)}`,
  myAnswer: '내 답',
  notAnswered: '풀지 않음',
};
