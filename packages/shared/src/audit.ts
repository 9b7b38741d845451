import { z } from 'zod';
import { validationMessages as m } from './messages';
import { pageInfoSchema, pagingQuery, searchText } from './paging';
import { defineSchema } from './define-schema';

// The audit log of administrative acts (issue 32 item 4; decision 161): who, when, what, on whom
// or what, and the before/after of each changed field. Entries are written by the server in the
// transaction of the act and never changed; GET /v1/admin/audit reads them.

export const AUDIT_ACTIONS = [
  'member.approve',
  'member.reject',
  'member.create',
  'member.update',
  'member.role',
  'member.delete',
  'member.retain_grade',
  'problem.answer_key',
  'problem.delete',
  'problem.void',
  'problem.unvoid',
  'dispute.ruling',
  'exam.delete',
  'import.run',
  'board.create',
  'board.rename',
  'board.post_delete',
  'board.reply_delete',
  'problem.reply_delete',
  'auth.lockout',
  'audit.retention',
  'subject.delete',
  'class.delete',
  'lineage.confirm',
  'lineage.reject',
  'lineage.merge',
  'lineage.split',
  'lineage.reset',
  'reference.replace',
  'exam_date.publish',
  'exam_date.update',
  'exam_date.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an entry is about. */
export const AUDIT_TARGET_KINDS = [
  'member',
  'problem',
  'dispute',
  'exam',
  'board',
  'post',
  'reply',
  'login',
  'setting',
  'subject',
  'class',
  'exam_date',
] as const;
export type AuditTargetKind = (typeof AUDIT_TARGET_KINDS)[number];

/** A changed field: its value before and after the act (null when it did not exist). */
export interface AuditChange {
  before: unknown;
  after: unknown;
}

export const AUDIT_PAGE_SIZE = 50;
/** Retention of entries in days: at least 30 (a semester's dispute is asked about later), at most 10 years. */
export const AUDIT_RETENTION_MIN_DAYS = 30;
export const AUDIT_RETENTION_MAX_DAYS = 3650;
/** Two years, until the superadmin sets another period. */
export const AUDIT_RETENTION_DEFAULT_DAYS = 730;

const isoDateOrTime = defineSchema(() =>
  z
    .string({ error: m.auditDateInvalid })
    .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/, m.auditDateInvalid)
    .refine((value) => !Number.isNaN(Date.parse(value)), m.auditDateInvalid)
    .optional()
    .or(z.literal('').transform(() => undefined)),
);

// GET /v1/admin/audit?actor&action&target&from&to&page. actor and target match a member id, name
// or the target's label (contains); from/to are dates (Korean calendar day) or instants.
export const auditListQuerySchema = defineSchema(() =>
  z.strictObject({
    actor: searchText,
    action: z
      .enum(['', ...AUDIT_ACTIONS], { error: m.invalidInput })
      .optional()
      .transform((value) => (value ? (value as AuditAction) : undefined)),
    target: searchText,
    from: isoDateOrTime,
    to: isoDateOrTime,
    ...pagingQuery(AUDIT_PAGE_SIZE, 200),
  }),
);
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

export const auditEntrySchema = defineSchema(() =>
  z.object({
    code: z.number().int(),
    at: z.string(),
    actor_code: z.number().int().nullable(),
    /** "name (id)" as it was at the time; null for the system (a lockout, the retention job). */
    actor_label: z.string().nullable(),
    action: z.enum(AUDIT_ACTIONS),
    target_kind: z.enum(AUDIT_TARGET_KINDS),
    target_id: z.string().nullable(),
    target_label: z.string().nullable(),
    changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
    request_id: z.string().nullable(),
  }),
);
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListResponseSchema = defineSchema(() => pageInfoSchema.extend({ entries: z.array(auditEntrySchema), size: z.number().int() }));
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

export const auditSettingsSchema = defineSchema(() =>
  z.object({
    retention_days: z
      .number({ error: m.auditRetentionRange })
      .int(m.auditRetentionRange)
      .min(AUDIT_RETENTION_MIN_DAYS, m.auditRetentionRange)
      .max(AUDIT_RETENTION_MAX_DAYS, m.auditRetentionRange),
  }),
);
export type AuditSettings = z.infer<typeof auditSettingsSchema>;
