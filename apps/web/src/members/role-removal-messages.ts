// The confirmation before a lead's or an admin's role is removed (issue 12 item 6).
export const roleRemovalMessages = {
  title: '권한 해제',
  confirm: (who: string, role: string) => `${who}의 ${role} 권한을 해제할까요?`,
  note: '해제하면 바로 일반 학생 권한이 됩니다. 다시 임명할 수 있습니다.',
  cancel: '취소',
  remove: '권한 해제',
} as const;
