import type { Difficulty } from '@qbank/shared/ratings';

// Korean texts of the ratings of problems (issue 30 item 6).
export const messages = {
  title: '이 문제 평가',
  good: '좋은 문제',
  erroneous: '문제에 오류가 있음',
  difficulty: '난이도',
  difficulties: { easy: '쉬움', normal: '보통', hard: '어려움' } satisfies Record<Difficulty, string>,
  noDifficulty: '선택 안 함',
  comment: '어디가 잘못되었나요? (학습부장에게 전달됩니다)',
  save: '평가 저장',
  saved: '평가를 저장했습니다.',
  saveFailed: '평가를 저장하지 못했습니다.',
  felt: (difficulty: Difficulty, raters: number) => `체감 난이도 ${messages.difficulties[difficulty]} (${raters}명)`,
  feltTitle: (easy: number, normal: number, hard: number) => `쉬움 ${easy} · 보통 ${normal} · 어려움 ${hard}`,
  queue: {
    menu: '오류 신고 문제',
    title: '오류 신고 문제',
    intro: '여러 학생이 "문제에 오류가 있음"으로 평가한 문제입니다. 의견을 읽고 문제를 고치거나 정답을 검토하세요.',
    empty: '오류 신고가 쌓인 문제가 없습니다.',
    loadFailed: '오류 신고 문제를 불러오지 못했습니다.',
    reports: (n: number) => `오류 신고 ${n}명`,
    problem: (test: string, no: number) => `${test} ${no}번`,
    noComments: '남긴 의견이 없습니다.',
    open: '문제 보기',
    pages: '오류 신고 문제 페이지',
  },
} as const;
