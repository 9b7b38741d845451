// Korean texts of the look settings (issue 30 item 5).
export const messages = {
  menu: '화면 설정',
  title: '화면 설정',
  intro: '밤에 휴대폰으로 공부할 때는 다크 테마와 큰 글자를 써 보세요. 설정은 계정에 저장되어 다른 기기에서도 그대로 보입니다.',
  theme: '테마',
  themes: { light: '라이트', dark: '다크', system: '시스템' },
  systemHint: '시스템: 기기의 밝기 설정을 따릅니다.',
  typeSize: '글자 크기',
  typeSizes: { small: '작게', medium: '보통', large: '크게' },
  preview: '미리 보기: 다음 중 옳은 것은? ① 가 ② 나 ③ 다',
  saved: '화면 설정을 저장했습니다.',
  saveFailed: '화면 설정을 저장하지 못했습니다. 이 기기에는 적용되었고, 연결되면 다시 저장해 보세요.',
} as const;
