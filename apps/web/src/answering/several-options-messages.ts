// Texts of answering a problem with several correct options (issue 13 item 5).
export const severalOptionsMessages = {
  hint: '정답이 여러 개인 문제입니다. 보기를 모두 고른 뒤 제출하세요.',
  chosenCount: (count: number) => `${count}개 선택`,
  submit: '선택한 보기 제출',
  shortcutItems: [
    { keys: ['1', '–', '9'], text: '정답이 여러 개인 문제: 보기 선택 / 해제' },
    { keys: ['Enter'], text: '정답이 여러 개인 문제: 선택한 보기 제출' },
  ],
};
