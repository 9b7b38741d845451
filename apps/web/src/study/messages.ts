import type { SessionScopeNames, StudyFilter, StudyMode } from '@qbank/shared/study';
import { studyEntryMessages } from './entry-messages';

// Every Korean text of the study-session screens (builder, session, result, history).

const filterLabels: Record<StudyFilter | 'retry' | 'plan', string> = {
  all: '전체',
  unseen: '안 푼 문제',
  wrong: '틀린 문제',
  marked: '중요 표시',
  confused: '헷갈림',
  box: '내 박스',
  retry: '틀린 문제 다시 풀기',
  plan: '시험 대비 오늘 할 일',
};

const modeLabels: Record<StudyMode, string> = { tutor: '튜터 모드', timed: '시험 모드' };

/** A list of names, the first two and how many more: "A, B 외 3개". */
const someNames = (names: readonly string[]) => (names.length > 2 ? `${names.slice(0, 2).join(', ')} 외 ${names.length - 2}개` : names.join(', '));

/** What a session was drawn from, in a line: its exams, subjects, years, classes and box, or the whole bank. */
function scopeLine(scope: SessionScopeNames): string {
  const parts = [
    someNames(scope.tests),
    someNames(scope.subjects),
    scope.years.length > 0 ? `${someNames(scope.years.map(String))}년` : '',
    someNames(scope.classes),
    scope.box === null ? '' : `박스 ${scope.box}`,
  ].filter((part) => part !== '');
  return parts.length > 0 ? parts.join(' · ') : '전체 범위';
}

export const studyMessages = {
  titles: { builder: '학습 세션 만들기', session: '학습 세션', history: '내 학습 세션', result: '세션 결과' },
  filterLabels,
  modeLabels,
  builder: {
    heading: '학습 세션 만들기',
    intro: '범위와 조건을 고르면 맞는 문제 수가 바로 보입니다. 튜터 모드는 한 문제마다 정답과 해설을, 시험 모드는 끝난 뒤에 결과를 보여 줍니다.',
    scope: '범위',
    scopeHint: '아무것도 고르지 않으면 전체에서 고릅니다. 고른 항목끼리는 함께 좁혀집니다.',
    subjects: '과목',
    years: '연도',
    exams: '시험',
    classes: '수업',
    classesHint: '과목을 고르면 그 과목의 수업을 고를 수 있습니다.',
    anyPlaceholder: '전체',
    nothingFound: '찾는 항목이 없습니다',
    filter: '문제 고르기',
    box: '박스',
    felt: '체감 난이도',
    feltHint: (raters: number) => `학생 ${raters}명 이상이 난이도를 평가한 문제 중에서 고릅니다. 고르지 않으면 난이도와 상관없이 고릅니다.`,
    boxPlaceholder: '박스를 고르세요',
    noBoxes: '아직 만든 박스가 없습니다.',
    count: '문제 수',
    countHint: '1~200문제',
    order: '순서',
    orderRandom: '무작위',
    orderExam: '시험 순서',
    orderFrequency: '빈출 우선',
    frequencyHint: '여러 해에 걸쳐 다시 나온 문제(계열)부터 가져옵니다.',
    onePerLineage: '한 계열에 한 문제',
    onePerLineageHint: '같은 문제가 여러 해에 나왔으면 그중 하나만 넣습니다.',
    mode: '모드',
    tutorHint: '답할 때마다 정답과 해설을 봅니다.',
    timedHint: '시간 안에 풀고, 끝난 뒤 한꺼번에 채점합니다.',
    minutes: '시험 시간(분)',
    minutesHint: (count: number, minutes: number) => `${count}문제 기준 기본 ${minutes}분 (문제당 1.2분)`,
    matching: (count: number) => `조건에 맞는 문제 ${count}개`,
    matchingLoading: '맞는 문제를 세는 중…',
    matchingFailed: '문제 수를 세지 못했습니다.',
    fewer: (count: number) => `맞는 문제가 ${count}개뿐이라 ${count}문제로 시작합니다.`,
    none: '조건에 맞는 문제가 없습니다. 범위나 조건을 바꿔 보세요.',
    start: (count: number) => `${count}문제 풀기 시작`,
    startFailed: '세션을 시작하지 못했습니다.',
    history: '내 학습 세션 보기',
  },
  session: {
    exit: '나가기',
    heading: (mode: StudyMode, total: number) => `${modeLabels[mode]} · ${total}문제`,
    problemHeading: (n: number) => `${n}번`,
    examLine: (testName: string, no: number) => `${testName} ${no}번`,
    position: (current: number, total: number) => `${current} / ${total}`,
    positionLabel: '현재 문제',
    answered: (answered: number, total: number) => `${answered}/${total} 답함`,
    remaining: '남은 시간',
    timeUp: '시간이 끝났습니다. 결과를 불러옵니다.',
    timeUpOffline: '시간이 끝났습니다. 인터넷에 연결되면 보관한 답을 보내고 결과를 불러옵니다.',
    queued: '연결되면 보냅니다',
    queuedHint: '오프라인이라 이 답은 이 기기에 보관했습니다. 연결되면 자동으로 보내고, 서버의 채점 결과로 바뀝니다.',
    finishOffline: '인터넷 연결이 없어 지금은 끝낼 수 없습니다. 답은 이 기기에 보관되어 있으니 계속 풀고, 연결되면 끝내세요.',
    finish: '세션 끝내기',
    finishConfirmTitle: '세션을 끝낼까요?',
    finishConfirm: (unanswered: number) =>
      unanswered > 0
        ? `아직 답하지 않은 문제가 ${unanswered}개 있습니다. 끝내면 더 답할 수 없고, 답하지 않은 문제는 틀린 것으로 셉니다.`
        : '끝내면 더 답할 수 없습니다.',
    finishConfirmYes: '끝내기',
    cancel: '계속 풀기',
    choicesLabel: '보기',
    change: '답 바꾸기',
    saved: '답을 저장했습니다',
    savedAnswer: (answer: string) => `내 답: ${answer}`,
    correct: '정답',
    wrong: '오답',
    unanswered: '답하지 않음',
    myAnswer: '내 답',
    officialAnswer: '정답',
    chosen: '내 선택',
    explanation: '해설',
    noExplanation: '등록된 해설이 없습니다.',
    setHeader: '공통 지문',
    setHeaderRange: (begin: number, end: number) => `${begin}~${end}번`,
    gridStatus: { correct: '정답', wrong: '오답', answered: '답함', unanswered: '답하지 않음', voided: '문항 무효' } as Record<string, string>,
    loadFailed: '세션을 불러오지 못했습니다.',
    notFound: '학습 세션을 찾을 수 없습니다.',
    reload: '다시 불러오기',
    toBuilder: '새 세션 만들기',
    pictures: {
      question: (n: number) => `${n}번 문제 그림`,
      answer: (n: number) => `${n}번 정답 그림`,
      explanation: (n: number) => `${n}번 해설 그림`,
      setHeader: (range: string) => `공통 지문 ${range} 그림`,
    },
  },
  result: {
    heading: '세션 결과',
    score: (correct: number, total: number) => `${total}문제 중 ${correct}문제 정답`,
    percent: (percent: number) => `정답률 ${percent}%`,
    time: (text: string) => `걸린 시간 ${text}`,
    answered: (answered: number, total: number) => `${total}문제 중 ${answered}문제 답함`,
    pending: (count: number) => `주관식 답 ${count}개가 채점을 기다립니다. 아래 문제별 결과에서 정답과 비교해 맞음 / 틀림을 고르면 점수에 들어갑니다.`,
    retry: (count: number) => `틀린 문제 다시 풀기 (${count})`,
    retryHint: '틀리거나 답하지 않은 문제로 새 세션을 시작합니다.',
    retryFailed: '다시 풀기 세션을 만들지 못했습니다.',
    wrongNotes: '오답 노트에 모두 담기',
    wrongNotesDone: (added: number, total: number) =>
      added === total ? `${added}문제를 오답 노트에 담았습니다.` : `${total}문제 중 새로 ${added}문제를 오답 노트에 담았습니다.`,
    wrongNotesFailed: '오답 노트에 담지 못했습니다.',
    openWrongNotes: '오답 노트 보기',
    allRight: '모두 맞혔습니다!',
    perProblem: '문제별 결과',
    newSession: '새 세션 만들기',
    history: '내 학습 세션',
  },
  history: {
    heading: '내 학습 세션',
    empty: '아직 푼 학습 세션이 없습니다. 첫 세션을 만들어 보세요.',
    newSession: '새 세션 만들기',
    running: '진행 중',
    finished: '끝남',
    resume: '이어서 풀기',
    viewResult: '결과 보기',
    /** "튜터 모드 · 10문제" */
    modeLine: (mode: StudyMode, total: number) => `${modeLabels[mode]} · ${total}문제`,
    /** "2025 해부학 중간고사 · 틀린 문제": the scope, then the filter unless it took all. */
    whatLine: (scope: SessionScopeNames, filter: string) =>
      filter === 'all' ? scopeLine(scope) : `${scopeLine(scope)} · ${filterLabels[filter as keyof typeof filterLabels] ?? filter}`,
    scoreLine: (correct: number | null, total: number, answered: number) =>
      correct === null ? `${total}문제 중 ${answered}문제 답함` : `${total}문제 중 ${correct}문제 정답`,
    loadFailed: '학습 세션 목록을 불러오지 못했습니다.',
    more: '더 보기',
  },
  duration: (seconds: number) => {
    const h = Math.floor(seconds / 3600);
    const min = Math.floor((seconds % 3600) / 60);
    const s = seconds % 60;
    if (h > 0) return `${h}시간 ${min}분`;
    if (min > 0) return `${min}분 ${s}초`;
    return `${s}초`;
  },
  // The top bar's '학습' is commonMessages.nav.study: the shell carries no screen's messages.
  nav: { builder: '학습 세션 만들기', history: '내 학습 세션' },
  entry: studyEntryMessages,
} as const;
