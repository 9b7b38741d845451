import type { Notification } from '@qbank/shared/notifications';

// Korean texts of the notifications (issue 15).
/** What became of a dispute, as the end of a sentence about it ("…이의제기가 인정되었습니다."). */
const decisionOutcome: Record<string, string> = {
  accepted: '이의제기가 인정되었습니다.',
  rejected: '이의제기가 기각되었습니다.',
  voided: '이의제기로 문항이 무효 처리되었습니다.',
};
const outcomeOf = (detail: string) => decisionOutcome[detail] ?? '이의제기가 처리되었습니다.';

function problemName(n: Notification): string {
  if (!n.problem) return '삭제된 문제';
  const kind = n.problem.type === 2 ? '주관식 ' : n.problem.type === 4 ? '슬라이드 ' : '';
  return `${n.problem.test_name} ${kind}${n.problem.no}번`;
}

export const notificationMessages = {
  bell: (unread: number) => (unread > 0 ? `알림 ${unread}개 읽지 않음` : '알림'),
  title: '알림',
  empty: '새 알림이 없습니다.',
  markAll: '모두 읽음',
  markOne: '읽음',
  showAll: '전체 알림 보기',
  loadFailed: '알림을 불러오지 못했습니다.',
  markFailed: '읽음 처리하지 못했습니다.',
  unreadLabel: '읽지 않음',
  pageIntro: '내 이의제기, 정답 정정, 배정, 검토, 댓글 소식을 모아 보여 줍니다.',
  text(n: Notification): string {
    const name = problemName(n);
    switch (n.kind) {
      case 'dispute_ruled':
        return `${name}에 제기한 ${outcomeOf(n.detail)}`;
      case 'supported_dispute_ruled':
        return `동의한 ${name} ${outcomeOf(n.detail)}`;
      case 'answer_key_changed':
        return `풀었던 ${name}의 정답이 정정되어 답안이 다시 채점되었습니다.`;
      case 'verdict_changed':
        return `풀었던 ${name}의 정답이 바뀌어 채점이 달라졌습니다${n.detail === 'correct' ? ': 내 답이 이제 정답입니다.' : n.detail === 'wrong' ? ': 내 답이 이제 오답입니다.' : '.'}`;
      case 'problem_voided':
        return `풀었던 ${name}이(가) 문항 무효 처리되어 점수에서 제외됩니다.`;
      case 'slot_assigned':
        return `${name} 작성이 배정되었습니다.`;
      case 'slot_submitted':
        return `${n.detail || '학생'}님이 ${name}을(를) 제출했습니다. 검토해 주세요.`;
      case 'submission_approved':
        return `제출한 ${name}이(가) 검토 완료되었습니다.`;
      case 'submission_returned':
        return `제출한 ${name}에 수정 요청이 있습니다${n.detail ? `: ${n.detail}` : '.'}`;
      case 'problem_reply':
        return `댓글을 단 ${name}에 새 댓글이 달렸습니다${n.detail ? `: ${n.detail}` : '.'}`;
      case 'exam_reminder':
        return n.detail || '다가오는 시험이 있습니다.';
    }
  },
} as const;
