import { z } from 'zod';
import { validationMessages as m } from './messages';
import { idParam } from './paging';
import { defineSchema } from './define-schema';

export const REPLY_MAX = 2000;

export const replyRequestSchema = defineSchema(() =>
  z.strictObject({
    reply_text: z.string({ error: m.replyEmpty }).trim().min(1, m.replyEmpty).max(REPLY_MAX, m.replyTooLong),
  }),
);
export type ReplyRequest = z.infer<typeof replyRequestSchema>;

/** A comment on a problem. Plain text: the web app renders it as text, never as HTML. */
export const problemReplySchema = defineSchema(() =>
  z.object({
    reply_code: z.number().int(),
    problem_uid: z.number().int(),
    reply_text: z.string(),
    /** Null when the author's account was deleted (shown as a deleted member). */
    member_code: z.number().int().nullable(),
    member_nickname: z.string().nullable(),
    member_name: z.string().nullable(),
    creation_time: z.string(),
    update_time: z.string(),
  }),
);
export type ProblemReply = z.infer<typeof problemReplySchema>;

export const repliesResponseSchema = defineSchema(() => z.object({ replies: z.array(problemReplySchema) }));
export const replyResponseSchema = defineSchema(() => z.object({ reply: problemReplySchema }));
export const replyParamsSchema = defineSchema(() => z.strictObject({ id: idParam, replyCode: idParam }));
