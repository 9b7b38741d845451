import type { ProblemReply } from '@qbank/shared/replies';
import { mayDeleteAuthored, mayEditAuthored } from '@qbank/shared/policies';
import type { AppContext } from '../core/context';
import { roleOf } from '../core/auth-guards';
import type { MemberRow } from '../db/schema';
import { forbidden, notFound } from '../errors';
import { messages } from '../messages';
import { insertNotifications } from '../notifications/repository';
import { requireVisibleProblem } from '../problems/visibility';
import { deleteProblemReply, findProblemReply, insertProblemReply, listProblemReplies, otherCommenters, updateProblemReplyText } from './repository';
import { recordRemoval } from '../audit/service';

export async function repliesOf(ctx: AppContext, problemUid: number): Promise<ProblemReply[]> {
  await requireVisibleProblem(ctx.db, problemUid);
  return listProblemReplies(ctx.db, problemUid);
}

async function requireReply(ctx: AppContext, problemUid: number, replyCode: number): Promise<ProblemReply> {
  const reply = await findProblemReply(ctx.db, problemUid, replyCode);
  if (!reply) throw notFound(messages.replyNotFound);
  return reply;
}

export async function addReply(ctx: AppContext, member: MemberRow, problemUid: number, text: string): Promise<ProblemReply> {
  await requireVisibleProblem(ctx.db, problemUid);
  const code = await ctx.db.transaction().execute(async (trx) => {
    const inserted = await insertProblemReply(trx, { problem_uid: problemUid, member_code: member.code, reply_text: text });
    // Everyone else who commented on the problem hears of the new reply, once per reply.
    const others = await otherCommenters(trx, problemUid, member.code);
    await insertNotifications(
      trx,
      others.map((memberCode) => ({ member_code: memberCode, kind: 'problem_reply', problem_uid: problemUid, detail: text.slice(0, 80) })),
    );
    return inserted;
  });
  return requireReply(ctx, problemUid, code);
}

// Decision 126: authors edit their own replies; authors and admins delete them.
export async function editReply(ctx: AppContext, member: MemberRow, problemUid: number, replyCode: number, text: string): Promise<ProblemReply> {
  const reply = await requireReply(ctx, problemUid, replyCode);
  if (!mayEditAuthored(reply.member_code === member.code)) throw forbidden(messages.replyEditForbidden);
  await updateProblemReplyText(ctx.db, replyCode, text);
  return requireReply(ctx, problemUid, replyCode);
}

export async function removeReply(ctx: AppContext, member: MemberRow, problemUid: number, replyCode: number): Promise<void> {
  const reply = await requireReply(ctx, problemUid, replyCode);
  if (!mayDeleteAuthored(roleOf(member), reply.member_code === member.code)) throw forbidden(messages.replyDeleteForbidden);
  await ctx.db.transaction().execute(async (trx) => {
    if (reply.member_code !== member.code) await recordRemoval(trx, member, { kind: 'problem_reply', replyCode, problemUid });
    await deleteProblemReply(trx, replyCode);
  });
}
