// Korean texts of lineages (issue 28).
export const lineageMessages = {
  startedFromInvalid: '시작한 문제를 찾을 수 없습니다. 제안 목록에서 다시 골라 주세요.',
  linkNotFound: '두 문제 사이에 감지된 출제 이력 연결이 없습니다. 다른 계열과 합치려면 병합을 사용하세요.',
  decisionNotFound: '두 문제 사이에 되돌릴 결정이 없습니다.',
} as const;
