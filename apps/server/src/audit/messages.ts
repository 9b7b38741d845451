// Korean texts of the audit log (server side).
export const auditMessages = {
  retentionBySuperadminOnly: '감사 기록 보관 기간은 Super Admin만 바꿀 수 있습니다.',
  fromAfterTo: '시작 날짜가 끝 날짜보다 늦습니다.',
};
