// Texts of the keys-that-disagree flag (issue 28 item 7).
export const keyConflictMessages = {
  title: '같은 문제가 다른 해에 다른 정답으로 출제됨',
  versions: '정답이 다른 출제',
  version: (year: number, testName: string, no: number, answer: string) => `${year}년 ${testName} ${no}번 · 정답 ${answer || '-'}`,
} as const;
