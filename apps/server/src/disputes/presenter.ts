import { isCorrectAnswer } from '@qbank/shared/answers';
import type { Dispute, DisputeComment } from '@qbank/shared/disputes';
import type { DisputeRow } from './repository';

/**
 * Whether an accepted ruling's key is no longer the key: compared by the shared judging rule, so
 * '3' after '③' is the same key, not a change (decision 080).
 */
export function rulingSuperseded(rulingAnswer: string | null, key: string, type: number): boolean {
  return rulingAnswer !== null && !isCorrectAnswer(rulingAnswer, key, type);
}

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
    backer_count: 1 + Number(row.support_count ?? 0),
    supported_by_me: viewer.supported.has(row.code),
    ruling:
      row.status === 'open' || row.ruling_time === null
        ? null
        : {
            reason: row.ruling_reason ?? '',
            answer: row.ruling_answer,
            previous_answer: row.previous_answer,
            superseded: row.status === 'accepted' && rulingSuperseded(row.ruling_answer, row.answer, row.type),
            lead_nickname: row.lead_nickname,
            time: row.ruling_time,
          },
    comments: viewer.comments,
    creation_time: row.creation_time,
  };
}
