// Texts of a study session's own tools: pausing a tutor-mode session (issue 30 item 3, decision
// 184) and the shortcut help.
export const sessionToolsMessages = {
  pause: {
    pause: '일시정지',
    pauseHint: '풀이를 멈추고 문제를 가립니다',
    resume: '다시 시작',
    paused: '일시정지됨',
    pausedText: '풀이를 멈췄습니다. 문제는 가려 두었습니다. 준비되면 다시 시작하세요.',
  },
  helpCaption: '학습 세션 단축키',
};
