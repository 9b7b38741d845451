// Korean texts of the review deck's server answers.
export const reviewMessages = {
  nothingToRate: '평가할 복습 답안이 없습니다. 먼저 문제를 풀어 주세요.',
};
