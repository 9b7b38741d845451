// Texts of the member grade control and of the warnings about members without a grade
// (issue 12 item 3).
export const gradeMessages = {
  label: (who: string) => `${who}의 학년`,
  none: '학년 없음',
  graduated: '졸업',
  option: (grade: number) => `${grade}학년`,
  saved: (who: string, grade: string) => `${who}의 학년을 ${grade}(으)로 바꿨습니다.`,
  failed: '학년을 바꾸지 못했습니다',
  approvalsWarning: (count: number) =>
    `학년이 없는 회원이 ${count}명 있습니다. 학년이 없으면 문제 배정과 유급 처리 목록에 나오지 않으니, 승인하기 전에 학년을 지정하세요.`,
  missingList: (names: string) => `학년이 없어 목록에 없는 회원: ${names}`,
  fixInMembers: '회원 관리에서 학년 지정',
} as const;
