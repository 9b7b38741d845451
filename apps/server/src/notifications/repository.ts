import type { NotificationKind } from '@qbank/shared/notifications';
import type { DbOrTx } from '../core/db';
import { nowIso } from '../core/db';
import { onePage, type Paging } from '../core/paging';
import { problemLabelColumns } from '../problems/problem-joins';

// SQL of notifications. `insertNotifications` is what event-producing features (disputes,
// assignments, replies, submission review) call inside their own transaction.

export interface NewNotification {
  member_code: number;
  kind: NotificationKind;
  problem_uid?: number | null;
  dispute_code?: number | null;
  detail?: string;
}

const DETAIL_MAX = 200;

/** Writes the notifications, one per row, in slices; a member is never told twice of one event. */
export async function insertNotifications(db: DbOrTx, rows: readonly NewNotification[]): Promise<void> {
  const seen = new Set<string>();
  const unique = rows.filter((row) => {
    const key = `${row.member_code}:${row.kind}:${row.problem_uid ?? ''}:${row.dispute_code ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const now = nowIso();
  for (let i = 0; i < unique.length; i += 200) {
    await db
      .insertInto('notifications')
      .values(
        unique.slice(i, i + 200).map((row) => ({
          member_code: row.member_code,
          kind: row.kind,
          problem_uid: row.problem_uid ?? null,
          dispute_code: row.dispute_code ?? null,
          detail: (row.detail ?? '').slice(0, DETAIL_MAX),
          creation_time: now,
        })),
      )
      .execute();
  }
}

export async function listNotifications(db: DbOrTx, memberCode: number, paging: Paging) {
  const [rows, counts] = await Promise.all([
    db
      .selectFrom('notifications')
      .leftJoin('problems', 'problems.uid', 'notifications.problem_uid')
      .leftJoin('tests', 'tests.code', 'problems.test_code')
      .select([
        'notifications.code',
        'notifications.kind',
        'notifications.problem_uid',
        'notifications.dispute_code',
        'notifications.detail',
        'notifications.is_read',
        'notifications.creation_time',
      ])
      .select(problemLabelColumns)
      .where('notifications.member_code', '=', memberCode)
      .orderBy('notifications.code', 'desc')
      .$call(onePage(paging))
      .execute(),
    countNotifications(db, memberCode),
  ]);
  return { rows, ...counts };
}
export type NotificationRow = Awaited<ReturnType<typeof listNotifications>>['rows'][number];

export async function countNotifications(db: DbOrTx, memberCode: number): Promise<{ total: number; unread: number }> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.sum<number>('is_read').as('read')])
    .where('member_code', '=', memberCode)
    .executeTakeFirstOrThrow();
  const total = Number(row.total);
  return { total, unread: total - Number(row.read ?? 0) };
}

/** Marks the member's notifications read: those named, or all. Another member's codes change nothing. */
export async function markNotificationsRead(db: DbOrTx, memberCode: number, codes?: readonly number[]): Promise<void> {
  if (codes && codes.length === 0) return;
  await db
    .updateTable('notifications')
    .set({ is_read: 1 })
    .where('member_code', '=', memberCode)
    .where('is_read', '=', 0)
    .$if(codes !== undefined, (qb) => qb.where('code', 'in', codes!))
    .execute();
}
