// The exam calendar's Korean sentences (the request schemas' own are in @qbank/shared/exam-dates).
export const examDateServerMessages = {
  notFound: '시험 일정을 찾을 수 없습니다.',
  publishLeadsOnly: '학년 전체에 시험 일정을 공개하는 것은 학습부장만 할 수 있습니다.',
  noGrade: '학년이 지정되지 않아 학년 공개 일정을 만들 수 없습니다. 프로필의 학년을 확인하세요.',
  notYours: '이 시험 일정은 같은 학년의 학습부장만 바꾸거나 지울 수 있습니다.',
  pastDate: '지난 날짜로는 시험 일정을 만들거나 옮길 수 없습니다.',
  subjectMissing: '선택한 과목이 없습니다.',
  classOutsideSubject: '범위의 수업 중 이 과목의 수업이 아닌 것이 있습니다.',
  testOutsideSubject: '범위의 기출 시험 중 이 과목의 시험이 아닌 것이 있습니다.',
  nothingToday: '오늘 할 일이 없습니다. 계획을 모두 마쳤거나 범위에 문제가 없습니다.',
  reminder: (days: number, title: string) => (days === 1 ? `내일 ${title} 시험이 있습니다.` : `${title} 시험이 ${days}일 남았습니다.`),
} as const;
