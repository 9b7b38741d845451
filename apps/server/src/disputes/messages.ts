// Korean texts of the dispute rules the server refuses with.
export const disputeMessages = {
  disputeNotFound: '이의제기를 찾을 수 없습니다.',
  alreadyOpen: '이 문제에 대해 검토 중인 이의제기가 이미 있습니다. 기존 이의제기에 의견을 남겨 주세요.',
  sameAsKey: '현재 정답과 같은 답입니다. 다른 답을 입력하세요.',
  problemVoided: '무효 처리된 문항에는 이의제기를 할 수 없습니다.',
  notOpen: '이미 처리된 이의제기입니다.',
  ownSupport: '자신의 이의제기에는 동의할 수 없습니다.',
  alreadySupported: '이미 동의한 이의제기입니다.',
  rulingAnswerRequired: '인정할 정답을 입력하세요.',
  rulingLeadOnly: '학습부장만 이의제기를 처리할 수 있습니다.',
  notVoided: '무효 처리된 문항이 아닙니다.',
  problemNotFound: '문제를 찾을 수 없습니다.',
} as const;
