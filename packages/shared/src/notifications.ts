import { z } from 'zod';
import { validationMessages } from './messages';
import { idParam, pageInfoSchema, pagingQuery } from './paging';
import { defineSchema } from './define-schema';

// A member's notifications (issue 15): written in the same transaction as the event they tell of.

export const NOTIFICATION_KINDS = [
  /** My dispute was ruled (detail: the decision). */
  'dispute_ruled',
  /** A dispute I supported was ruled (detail: the decision). */
  'supported_dispute_ruled',
  /** The key of a problem I answered changed; my answers were judged again. */
  'answer_key_changed',
  /**
   * An editor changed the key of a problem I answered and my stored verdict changed with it
   * (detail: 'correct' or 'wrong', what my answers are now; '' when some went each way).
   */
  'verdict_changed',
  /** A problem I answered was voided (문항 무효). */
  'problem_voided',
  /** A slot was assigned to me. */
  'slot_assigned',
  /** A slot I assigned was submitted and waits for my review (lead; detail: the student's name). */
  'slot_submitted',
  /** My submission was approved (검토 완료). */
  'submission_approved',
  /** My submission was returned (수정 요청; detail: the lead's comment). */
  'submission_returned',
  /** Someone replied on a problem I commented on (detail: the start of the reply). */
  'problem_reply',
  /** An exam on my calendar is a week or a day away (detail: the sentence, with the exam's title). */
  'exam_reminder',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationSchema = defineSchema(() =>
  z.object({
    code: z.number().int(),
    kind: z.enum(NOTIFICATION_KINDS),
    /** The problem it concerns, with what a link needs; null when it was deleted. */
    problem: z.object({ uid: z.number().int(), test_code: z.number().int(), test_name: z.string(), no: z.number().int(), type: z.number().int() }).nullable(),
    dispute_code: z.number().int().nullable(),
    detail: z.string(),
    is_read: z.boolean(),
    creation_time: z.string(),
  }),
);
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = defineSchema(() => z.strictObject({ ...pagingQuery(20, 100) }));
export const notificationsResponseSchema = defineSchema(() =>
  z.object({ notifications: z.array(notificationSchema), unread: z.number().int() }).extend(pageInfoSchema.shape),
);

export const markReadRequestSchema = defineSchema(() =>
  z.strictObject({
    /** None: all of the member's notifications. */
    codes: z.array(idParam, { error: validationMessages.invalidInput }).max(500, validationMessages.invalidInput).optional(),
  }),
);
export type MarkReadRequest = z.infer<typeof markReadRequestSchema>;
export const markReadResponseSchema = defineSchema(() => z.object({ unread: z.number().int() }));
