import type { Dispute, DisputeComment } from '@qbank/shared/disputes';
import type { DisputeRow } from './repository';

export function presentDispute(row: DisputeRow, viewer: { memberCode: number; supported: Set<number>; comments: DisputeComment[] }): Dispute {
  return {
    code: row.code,
    problem_uid: row.problem_uid,
    problem: {
      test_code: row.test_code,
      test_name: row.test_name,
      no: row.no,
      type: row.type,
      question_text: row.question_text,
      answer: row.answer,
      is_voided: row.is_voided === 1,
    },
    member_nickname: row.member_nickname,
    mine: row.member_code === viewer.memberCode,
    claimed_answer: row.claimed_answer,
    reason: row.reason,
    reference: row.reference,
    status: row.status,
    support_count: Number(row.support_count ?? 0),
    supported_by_me: viewer.supported.has(row.code),
    ruling:
      row.status === 'open' || row.ruling_time === null
        ? null
        : {
            reason: row.ruling_reason ?? '',
            answer: row.ruling_answer,
            previous_answer: row.previous_answer,
            lead_nickname: row.lead_nickname,
            time: row.ruling_time,
          },
    comments: viewer.comments,
    creation_time: row.creation_time,
  };
}
