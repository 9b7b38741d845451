// Korean texts of tests. Shared words and page titles: ../common/messages.ts.
import { commonMessages } from '../common/messages';

export const testsMessages = {
  exams: {
    filters: '시험 검색 조건',
    yearLabel: '연도',
    allYears: '전체 연도',
    year: (year: number) => `${year}년`,
    subjectLabel: '과목',
    allSubjects: '전체 과목',
    searchLabel: '검색어',
    searchPlaceholder: '시험 이름 또는 과목명',
    searchButton: '검색',
    reset: '초기화',
    summary: (total: number, loaded: number) => `총 ${total}개 시험 · ${loaded}개 불러옴`,
    empty: '검색 조건에 맞는 시험이 없습니다.',
    end: '모든 시험을 불러왔습니다.',
    loadFailed: '시험 목록 로드 실패',
    retry: '다시 시도',
    problemCount: (count: number) => `문제 ${count}개`,
    openProblems: '문제 보기',
    openProblemsLabel: (testName: string) => `${testName} 문제 보기`,
  },
} as const;

/** What the screens of this feature read: the common texts and their own. */
export const messages = {
  ...commonMessages,
  ...testsMessages,
};
