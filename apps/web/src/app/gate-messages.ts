// What a member is told when a role gate sends them elsewhere (issue 12 item 7).
export const gateMessages = {
  roleRequired: (roles: string) => `이 화면은 ${roles}만 이용할 수 있어 내 대시보드로 이동했습니다.`,
  roleJoiner: ', ',
} as const;
