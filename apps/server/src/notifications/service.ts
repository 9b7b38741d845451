import { NOTIFICATION_KINDS, type MarkReadRequest, type Notification, type NotificationKind } from '@qbank/shared/notifications';
import type { AppContext } from '../core/context';
import { countNotifications, listNotifications, markNotificationsRead, type NotificationRow } from './repository';

const KINDS = new Set<string>(NOTIFICATION_KINDS);

function present(row: NotificationRow): Notification {
  return {
    code: row.code,
    // A kind this version does not know (written by a newer one) reads as a plain problem notice.
    kind: (KINDS.has(row.kind) ? row.kind : 'answer_key_changed') as NotificationKind,
    problem:
      row.problem_uid !== null && row.test_code !== null
        ? { uid: row.problem_uid, test_code: row.test_code, test_name: row.test_name ?? '', no: row.no ?? 0, type: row.type ?? 1 }
        : null,
    dispute_code: row.dispute_code,
    detail: row.detail,
    is_read: row.is_read === 1,
    creation_time: row.creation_time,
  };
}

export async function notificationsOf(ctx: AppContext, memberCode: number, paging: { page: number; limit: number }) {
  const { rows, total, unread } = await listNotifications(ctx.db, memberCode, paging);
  return { notifications: rows.map(present), unread, total, page: paging.page, limit: paging.limit };
}

export async function markRead(ctx: AppContext, memberCode: number, body: MarkReadRequest | undefined) {
  await markNotificationsRead(ctx.db, memberCode, body?.codes);
  return { unread: (await countNotifications(ctx.db, memberCode)).unread };
}
