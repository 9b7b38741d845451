import type { Transaction } from 'kysely';
import { CIRCLED_DIGITS } from '@qbank/shared/answers';
import type { Database } from '../db/schema';
import { snapshotOf } from '../authoring/content';

// Demo data of issue 15, so a newcomer sees the loop at once: an open dispute with supporters in
// demo-lead's queue, a rejected one of demo-student's, an accepted one (정답 정정됨, with the old key
// in the problem's history and demo-student's answer judged again), and unread notifications for
// demo-student and demo-lead.

type Trx = Transaction<Database>;

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();

export async function seedDemoDisputes(
  trx: Trx,
  ctx: { now: Date; member: (id: string) => number; problem: (key: string) => number; assignedSlots: ReadonlyArray<{ uid: number; owner: string }> },
): Promise<void> {
  const { now, member, problem } = ctx;
  const lead = member('demo-lead');
  const student = member('demo-student');
  const keyOf = async (uid: number) => await trx.selectFrom('problems').selectAll().where('uid', '=', uid).executeTakeFirstOrThrow();
  const otherOption = (answer: string) => CIRCLED_DIGITS.slice(0, 5).find((digit) => !answer.includes(digit))!;

  // 1. Open, with two supporters and a comment: demo-lead's queue.
  const openProblem = await keyOf(problem('card-stemi-artery'));
  const open = await trx
    .insertInto('problem_disputes')
    .values({
      problem_uid: openProblem.uid,
      member_code: member('jung-hyunwoo'),
      claimed_answer: otherOption(openProblem.answer),
      reason: '강의 자료 12쪽에는 하벽 경색에서 왼휘돌이동맥 우세형도 고려하라고 되어 있습니다. 서맥 소견만으로 단정할 수 있는지 확인 부탁드립니다.',
      reference: '순환기 강의 3주차 슬라이드 12쪽',
      creation_time: daysAgo(now, 2),
    })
    .returning('code')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('dispute_supports')
    .values([
      { dispute_code: open.code, member_code: member('han-seoyeon'), creation_time: daysAgo(now, 1.8) },
      { dispute_code: open.code, member_code: member('choi-yujin'), creation_time: daysAgo(now, 1.2) },
    ])
    .execute();
  await trx
    .insertInto('dispute_comments')
    .values({
      dispute_code: open.code,
      member_code: member('han-seoyeon'),
      comment_text: '저도 같은 부분이 헷갈렸어요. 교수님께 여쭤봐 주실 수 있나요?',
      creation_time: daysAgo(now, 1.7),
    })
    .execute();

  // 2. demo-student's dispute, rejected with a reason.
  const rejectedProblem = await keyOf(problem('gast-hav'));
  const rejected = await trx
    .insertInto('problem_disputes')
    .values({
      problem_uid: rejectedProblem.uid,
      member_code: student,
      claimed_answer: otherOption(rejectedProblem.answer),
      reason: 'AST보다 ALT가 높으면 B형 간염도 가능하지 않나요? 정답이 하나로 정해지는지 궁금합니다.',
      reference: '',
      status: 'rejected',
      ruling_reason: '20대의 급성 간염, IgM anti-HAV 양성 소견이 제시되어 있어 A형 간염이 정답입니다. 해설에 감별 포인트를 보강했습니다.',
      ruled_by: lead,
      ruling_time: daysAgo(now, 0.5),
      creation_time: daysAgo(now, 3),
    })
    .returning('code')
    .executeTakeFirstOrThrow();

  // 3. Accepted: the key was corrected; the old one is in the history, demo-student's answer re-judged.
  const corrected = await keyOf(problem('prev-sensitivity'));
  const previous = otherOption(corrected.answer);
  const classUids = (await trx.selectFrom('problem_classes').select('class_uid').where('problem_uid', '=', corrected.uid).execute()).map(
    (row) => row.class_uid,
  );
  await trx
    .insertInto('problem_versions')
    .values({
      problem_uid: corrected.uid,
      snapshot: JSON.stringify(snapshotOf({ ...corrected, answer: previous }, classUids)),
      edited_by: lead,
      creation_time: corrected.update_time,
    })
    .execute();
  await trx
    .updateTable('problems')
    .set({ updated_by: lead, update_time: daysAgo(now, 1) })
    .where('uid', '=', corrected.uid)
    .execute();
  const accepted = await trx
    .insertInto('problem_disputes')
    .values({
      problem_uid: corrected.uid,
      member_code: member('han-seoyeon'),
      claimed_answer: corrected.answer,
      reason: '표에서 민감도는 a/(a+c)로 계산해야 하므로 현재 정답은 특이도를 고른 것입니다.',
      reference: '예방의학 교과서 5장',
      status: 'accepted',
      ruling_reason: '계산을 다시 확인한 결과 민감도 보기가 정답입니다. 정답을 정정하고 모든 답안을 다시 채점했습니다.',
      ruling_answer: corrected.answer,
      previous_answer: previous,
      ruled_by: lead,
      ruling_time: daysAgo(now, 1),
      creation_time: daysAgo(now, 4),
    })
    .returning('code')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('dispute_supports')
    .values({ dispute_code: accepted.code, member_code: student, creation_time: daysAgo(now, 3.5) })
    .execute();
  const run = await trx
    .insertInto('solve_runs')
    .values({ member_code: student, test_code: corrected.test_code, creation_time: daysAgo(now, 5) })
    .returning('code')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('solve_attempts')
    .values({
      run_code: run.code,
      member_code: student,
      problem_uid: corrected.uid,
      answer: corrected.answer,
      is_correct: 1,
      creation_time: daysAgo(now, 5),
      source: 'solve',
      judged_by: 'machine',
    })
    .execute();

  // A reply after demo-lead's comment on the rejected problem.
  const replyTime = daysAgo(now, 0.3);
  const replyText = '설명 감사합니다! IgM anti-HAV를 놓쳤네요.';
  await trx
    .insertInto('problem_replies')
    .values({ problem_uid: rejectedProblem.uid, member_code: student, reply_text: replyText, creation_time: replyTime, update_time: replyTime })
    .execute();

  // Notifications, unread, as the events above wrote them.
  const rows = [
    ...ctx.assignedSlots
      .filter((slot) => slot.owner === 'demo-student')
      .map((slot) => ({
        member_code: student,
        kind: 'slot_assigned',
        problem_uid: slot.uid,
        dispute_code: null,
        detail: '',
        creation_time: daysAgo(now, 1.1),
      })),
    {
      member_code: student,
      kind: 'supported_dispute_ruled',
      problem_uid: corrected.uid,
      dispute_code: accepted.code,
      detail: 'accepted',
      creation_time: daysAgo(now, 1),
    },
    {
      member_code: student,
      kind: 'dispute_ruled',
      problem_uid: rejectedProblem.uid,
      dispute_code: rejected.code,
      detail: 'rejected',
      creation_time: daysAgo(now, 0.5),
    },
    {
      member_code: member('han-seoyeon'),
      kind: 'dispute_ruled',
      problem_uid: corrected.uid,
      dispute_code: accepted.code,
      detail: 'accepted',
      creation_time: daysAgo(now, 1),
    },
    { member_code: lead, kind: 'problem_reply', problem_uid: rejectedProblem.uid, dispute_code: null, detail: replyText, creation_time: replyTime },
    {
      member_code: member('choi-yujin'),
      kind: 'problem_reply',
      problem_uid: rejectedProblem.uid,
      dispute_code: null,
      detail: replyText,
      creation_time: replyTime,
    },
  ].sort((a, b) => a.creation_time.localeCompare(b.creation_time));
  await trx.insertInto('notifications').values(rows).execute();
}
