// Korean texts of lineages (issue 28).
export const lineageMessages = {
  linkNotFound: '두 문제 사이에 감지된 출제 이력 연결이 없습니다. 다른 계열과 합치려면 병합을 사용하세요.',
} as const;
