// Korean texts of problems. Shared words and page titles: ../common/messages.ts.
import { problemTypeLabels } from '@qbank/shared/messages';
import { commonMessages } from '../common/messages';

export const problemsMessages = {
  problems: {
    breadcrumb: '이동 경로',
    back: (to: string) => `${to}(으)로 돌아가기`,
    searchLabel: '문제 검색',
    searchPlaceholder: '문제, 정답, 해설, 보기에서 검색',
    searchSubmit: '검색',
    searchClear: '검색어 지우기',
    /** `capped`: the server stopped counting at `count` (decision 042): "500문항 이상". */
    searchSummary: (q: string, count: number, capped = false) => `‘${q}’ 검색 결과 ${count.toLocaleString('ko-KR')}문항${capped ? ' 이상' : ''}`,
    solveMode: '풀이 모드',
    beta: 'Beta',
    export: '내보내기',
    exportMenuLabel: '워드 파일로 내보내기',
    infoLabel: '시험 정보',
    info: { year: '연도', subject: '과목', test: '시험', count: '문항 수' },
    yearValue: (year: number) => `${year}년`,
    countValue: (count: number) => `${count}문항`,
    tabsLabel: '문제와 정답',
    tabs: { problems: '문제', answers: '정답' },
    viewLabel: '보기 방식',
    negationEmphasis: '부정 표현 강조',
    negationEmphasisHint: '‘옳지 않은’, ‘아닌’처럼 답을 가르는 표현을 굵게 밑줄로 표시합니다. 워드 내보내기에도 적용됩니다.',
    views: { q: '문제만', qa: '문제+정답', all: '해설 포함' },
    /** 빈출 (issue 28 item 3): the list by how often its questions were asked. */
    listOrder: {
      label: '문제 순서',
      usual: '기본순',
      frequency: '빈출순',
      recurring: '반복 출제만',
      recurringHint: '다른 해에도 출제된 문제(출제 2회 이상)만 보여 줍니다.',
      noRecurring: '반복 출제된 문제가 없습니다.',
    },
    types: problemTypeLabels,
    shortTypes: { multipleChoice: '객', subjective: '주', slide: '슬' },
    choiceTypes: { lettered: '가나다형', option: '선지형', four: '4지선다', five: '5지선다' },
    choices: '보기',
    answer: '정답',
    explanation: '해설',
    emptyContent: '내용이 없습니다.',
    setHeader: '공통 지문',
    setHeaderRange: (begin: number, end: number) => `[${begin}–${end}]`,
    pictures: {
      question: (label: string) => `${label} 문제 그림`,
      answer: (label: string) => `${label} 정답 그림`,
      explanation: (label: string) => `${label} 해설 그림`,
      setHeader: (range: string) => `공통 지문 ${range} 그림`,
    },
    answersTable: { caption: '정답표', no: '번호', type: '유형', answer: '정답', test: '시험' },
    scrollHint: '스크롤하면 더 불러옵니다',
    retry: '다시 불러오기',
    allLoaded: '모든 문제를 불러왔습니다.',
    noProblems: '등록된 문제가 없습니다.',
    noResults: '검색 결과가 없습니다',
    testNotFound: '시험 정보를 찾을 수 없습니다.',
    testInfoFailed: '시험 정보 로드 실패',
    loadFailed: '문제 목록 로드 실패',
    dash: '—',
  },
  classes: {
    infoLabel: '수업 정보',
    info: { subject: '과목', date: '수업일', period: '교시', professor: '교수', count: '문항 수' },
    period: (time: number) => `${time}교시`,
    notFound: '수업 정보를 찾을 수 없습니다.',
    loadFailed: '수업 정보 로드 실패',
  },
  exportDownload: {
    formats: { docx: '워드(.docx)' },
    downloading: '내보내는 중…',
    failed: (format: string, message: string) => `${format} 내보내기에 실패했습니다: ${message}`,
    unknownError: '알 수 없는 오류',
  },
} as const;

/** What the screens of this feature read: the common texts and their own. */
export const messages = {
  ...commonMessages,
  ...problemsMessages,
};
