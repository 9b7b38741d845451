import type { AuditAction } from '@qbank/shared/audit';
import { gradeCodeLabel } from '@qbank/shared/grade';
import { recordAudit, type AuditActor } from '../audit/service';
import type { DbOrTx } from '../core/db';
import { findExamDate, listScopeLists } from './repository';

// A published exam date is the leads' act for a whole grade (decision 161): publishing, changing
// and deleting one leaves an audit entry on the act's transaction. A member's private entry is
// their own business and leaves none.

type Action = Extract<AuditAction, 'exam_date.publish' | 'exam_date.update' | 'exam_date.delete'>;

/** The entry's fields of an exam date as the transaction sees it now (null when it is gone). */
export async function publishedFields(db: DbOrTx, code: number): Promise<Record<string, unknown> | null> {
  const row = await findExamDate(db, code);
  if (!row || row.grade === null) return null;
  const lists = await listScopeLists(db, [code]);
  return {
    title: row.title,
    date: row.exam_date,
    time: row.exam_time,
    subject: row.subject_name,
    grade: row.grade,
    class_uids: lists.classes.filter((item) => item.exam_date_code === code).map((item) => item.class_uid),
    test_codes: lists.tests.filter((item) => item.exam_date_code === code).map((item) => item.test_code),
  };
}

/** Records the act when the entry was or is published; `before`/`after` come from publishedFields. */
export async function recordPublishedAct(
  db: DbOrTx,
  actor: AuditActor,
  action: Action,
  code: number,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Promise<void> {
  const fields = after ?? before;
  if (!fields) return;
  await recordAudit(db, {
    actor,
    action,
    target: { kind: 'exam_date', id: code, label: `${gradeCodeLabel(Number(fields.grade))} · ${String(fields.title)} (${String(fields.date)})` },
    before,
    after,
  });
}
