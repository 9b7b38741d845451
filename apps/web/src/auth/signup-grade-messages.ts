// The grade asked at sign-up (issue 12 item 3).
export const signupGradeMessages = {
  label: '현재 학년',
  hint: '졸업 예정 연도를 계산하는 데 씁니다. 관리자가 승인할 때 바로잡을 수 있습니다.',
  placeholder: '학년 선택',
  option: (grade: number) => `${grade}학년`,
} as const;
