// The words of offline study (decision 041): the shell's indicator, the 오프라인 저장 button and
// the update prompt.
export const messages = {
  indicator: {
    offline: '오프라인',
    offlineHint: '인터넷 연결이 없습니다. 저장한 시험은 계속 보고 풀 수 있고, 답은 연결되면 보냅니다.',
    waiting: (count: number) => `보낼 답 ${count}개`,
    waitingHint: (count: number) => `연결되면 보낼 답이 ${count}개 있습니다.`,
  },
  save: {
    button: '오프라인 저장',
    saving: '저장 중…',
    saved: '저장됨',
    savedHint: (time: string) => `${time}에 오프라인용으로 저장했습니다. 연결이 없어도 이 시험을 보고 풀 수 있습니다.`,
    resave: '다시 저장',
    failed: '오프라인 저장에 실패했습니다',
    failedHint: '연결을 확인하고 다시 시도하세요. 저장된 부분은 그대로 남습니다.',
    offline: '오프라인에서는 저장할 수 없습니다. 연결되면 다시 시도하세요.',
  },
  update: {
    title: '새 버전이 있습니다',
    text: '새로고침하면 새 버전으로 바뀝니다. 보내지 못한 답은 그대로 남습니다.',
    reload: '새로고침',
  },
};
