// Korean texts of the box export (issue 16).
export const boxExportMessages = {
  problemCount: (count: number) => `${count}문항`,
  empty: '박스에 문제가 없습니다.',
  examHeading: (test: { year: number; subject_name: string; test_name: string }) => `${test.year} ${test.subject_name} ${test.test_name}`,
  source: (problem: { year: number; test_name: string; no: number }) => `출처: ${problem.year} ${problem.test_name} ${problem.no}번`,
  myAnswer: '내 답',
  notAnswered: '풀지 않음',
};
