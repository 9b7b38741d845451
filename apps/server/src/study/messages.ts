// The Korean sentences of study sessions, reviewed together.
export const studyServerMessages = {
  sessionNotFound: '학습 세션을 찾을 수 없습니다.',
  problemNotInSession: '이 세션에 없는 문제입니다.',
  noMatchingProblems: '조건에 맞는 문제가 없습니다. 범위나 문제 고르기 조건을 바꿔 보세요.',
  sessionFinished: '이미 끝난 세션입니다. 결과 화면에서 확인하세요.',
  timeUp: '시험 시간이 끝나 더 이상 답을 받을 수 없습니다.',
  answeredBeforeSession: '답한 시각이 세션을 시작하기 전입니다. 기기의 시계를 확인하세요.',
  answeredInFuture: '답한 시각이 아직 오지 않은 시각입니다. 기기의 시계를 확인하세요.',
  alreadyAnswered: '튜터 모드에서는 한 문제에 한 번만 답할 수 있습니다.',
  notFinishedYet: '세션을 끝낸 뒤에 할 수 있습니다.',
  judgeAfterFinish: '시험 모드의 주관식 답은 세션을 끝낸 뒤 결과 화면에서 채점합니다.',
  minutesOnlyTimed: '시험 시간은 시험 모드에서만 정할 수 있습니다.',
  nothingToRetry: '다시 풀 문제가 없습니다. 모두 맞혔어요!',
} as const;
