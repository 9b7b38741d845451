// Korean texts of the rating rules the server refuses with.
export const ratingServerMessages = {
  answerFirst: '문제를 푼 뒤에 평가할 수 있습니다.',
} as const;
