// No web-font download (CSP, offline campus networks): Pretendard or Noto Sans KR when the
// machine has them, otherwise the platform's Korean system font. Shared by the theme and the
// static first paint (first-paint.ts), which must set type exactly as the app does.
export const fontFamily = "Pretendard, 'Noto Sans KR', 'Apple SD Gothic Neo', 'Malgun Gothic', system-ui, sans-serif";
