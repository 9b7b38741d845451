import type { ProblemReply } from '@qbank/shared/replies';

// Canned API rows for the reply tests (shapes from the shared schemas).

export function replyRow(overrides: Partial<ProblemReply> = {}): ProblemReply {
  return {
    reply_code: 1,
    problem_uid: 11,
    reply_text: '좋은 문제네요.',
    member_code: 7,
    member_nickname: '학생일',
    member_name: '김학생',
    creation_time: '2026-10-02T09:00:00.000Z',
    update_time: '2026-10-02T09:00:00.000Z',
    ...overrides,
  };
}
