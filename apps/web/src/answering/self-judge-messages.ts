// Texts of essay and slide self-judging on every answering screen (issue 12 item 2, decision 116).
export const selfJudgeMessages = {
  title: '스스로 채점',
  prompt: '정답과 비교해 내 답이 맞았는지 고르세요.',
  correct: '맞음',
  wrong: '틀림',
  awaiting: '채점 대기',
  judgedSelf: '내가 채점함',
  exactMatch: '정답과 같아 자동으로 맞음 처리했습니다.',
  saveFailed: '채점 결과를 저장하지 못했습니다',
  announcement: (position: number, correct: boolean) => `${position}번 문제를 ${correct ? '맞음' : '틀림'}으로 채점했습니다.`,
  awaitingAnnouncement: (position: number) => `${position}번 문제: 정답과 비교해 맞음(Y) 또는 틀림(N)을 고르세요.`,
  gridStatus: '채점 대기',
  shortcut: { keys: ['Y', 'N'], text: '주관식·슬라이드 스스로 채점: 맞음 / 틀림' },
} as const;
