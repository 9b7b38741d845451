import type { DbOrTx } from '../core/db';
import { nowIso } from '../core/db';

function selectReplies(db: DbOrTx) {
  return db
    .selectFrom('problem_replies')
    .leftJoin('members', 'members.code', 'problem_replies.member_code')
    .select([
      'problem_replies.reply_code',
      'problem_replies.problem_uid',
      'problem_replies.reply_text',
      'problem_replies.member_code',
      'members.nickname as member_nickname',
      'members.name as member_name',
      'problem_replies.creation_time',
      'problem_replies.update_time',
    ]);
}

export function listProblemReplies(db: DbOrTx, problemUid: number) {
  return selectReplies(db)
    .where('problem_replies.problem_uid', '=', problemUid)
    .orderBy('problem_replies.creation_time')
    .orderBy('problem_replies.reply_code')
    .execute();
}

export function findProblemReply(db: DbOrTx, problemUid: number, replyCode: number) {
  return selectReplies(db).where('problem_replies.problem_uid', '=', problemUid).where('problem_replies.reply_code', '=', replyCode).executeTakeFirst();
}

export async function insertProblemReply(db: DbOrTx, values: { problem_uid: number; member_code: number; reply_text: string }): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('problem_replies')
    .values({ ...values, creation_time: now, update_time: now })
    .returning('reply_code')
    .executeTakeFirstOrThrow();
  return row.reply_code;
}

export async function updateProblemReplyText(db: DbOrTx, replyCode: number, replyText: string): Promise<void> {
  await db.updateTable('problem_replies').set({ reply_text: replyText, update_time: nowIso() }).where('reply_code', '=', replyCode).execute();
}

export async function deleteProblemReply(db: DbOrTx, replyCode: number): Promise<void> {
  await db.deleteFrom('problem_replies').where('reply_code', '=', replyCode).execute();
}

/** The members other than `memberCode` who commented on the problem (deleted accounts left out). */
export async function otherCommenters(db: DbOrTx, problemUid: number, memberCode: number): Promise<number[]> {
  const rows = await db
    .selectFrom('problem_replies')
    .select('member_code')
    .distinct()
    .where('problem_uid', '=', problemUid)
    .where('member_code', 'is not', null)
    .where('member_code', '!=', memberCode)
    .execute();
  return rows.map((row) => row.member_code!);
}
