import { AUDIT_RETENTION_DEFAULT_DAYS } from '@qbank/shared/audit';
import type { DbOrTx, Dialect } from '../core/db';
import { onePage, type Paging } from '../core/paging';
import { containsText } from '../search/text-match';
import type { AuditLogTable } from '../db/schema';
import type { Insertable, Selectable } from 'kysely';

export type AuditRow = Selectable<AuditLogTable>;
export type NewAuditRow = Insertable<AuditLogTable>;

export async function insertAuditRow(db: DbOrTx, row: NewAuditRow): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

export interface AuditFilters {
  /** Contains, in the actor's "name (id)". */
  actor?: string | undefined;
  action?: string | undefined;
  /** Contains, in the target's label, or the target's id exactly. */
  target?: string | undefined;
  /** ISO instants: from inclusive, to exclusive. */
  fromIso?: string | undefined;
  toIso?: string | undefined;
  /** Admins read the 'admin' entries; the superadmin every entry (undefined). */
  scope?: 'admin' | undefined;
}

function filtered(db: DbOrTx, dialect: Dialect, filters: AuditFilters) {
  return db
    .selectFrom('audit_log')
    .$if(filters.scope !== undefined, (qb) => qb.where('scope', '=', filters.scope!))
    .$if(filters.action !== undefined, (qb) => qb.where('action', '=', filters.action!))
    .$if(filters.fromIso !== undefined, (qb) => qb.where('at', '>=', filters.fromIso!))
    .$if(filters.toIso !== undefined, (qb) => qb.where('at', '<', filters.toIso!))
    .$if(filters.actor !== undefined, (qb) => qb.where(containsText(dialect, 'audit_log.actor_label', filters.actor!)))
    .$if(filters.target !== undefined, (qb) =>
      qb.where((eb) => eb.or([eb('target_id', '=', filters.target!), containsText(dialect, 'audit_log.target_label', filters.target!)])),
    );
}

/** Newest first, paged in SQL. */
export async function listAuditRows(db: DbOrTx, dialect: Dialect, filters: AuditFilters, paging: Paging): Promise<{ rows: AuditRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, dialect, filters).selectAll().orderBy('at', 'desc').orderBy('code', 'desc').$call(onePage(paging)).execute(),
    filtered(db, dialect, filters)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The period; the default until one is set (the triggers of migration 2026-11-29-700 use the same). */
export async function retentionDays(db: DbOrTx): Promise<number> {
  const row = await db.selectFrom('audit_settings').select('retention_days').where('name', '=', 'audit').executeTakeFirst();
  return row ? Number(row.retention_days) : AUDIT_RETENTION_DEFAULT_DAYS;
}

/** Returns the period before the change. */
export async function setRetentionDays(db: DbOrTx, days: number): Promise<number> {
  const before = await retentionDays(db);
  await db
    .insertInto('audit_settings')
    .values({ name: 'audit', retention_days: days })
    .onConflict((oc) => oc.column('name').doUpdateSet({ retention_days: days }))
    .execute();
  return before;
}

/**
 * The retention purge: entries older than `cutoffIso`. The database's trigger checks each row
 * against its own clock and setting, so a cutoff newer than the period is refused there too.
 */
export async function deleteAuditRowsBefore(db: DbOrTx, cutoffIso: string): Promise<number> {
  const result = await db.deleteFrom('audit_log').where('at', '<', cutoffIso).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** "2025 해부학 중간고사" for an entry's label; null when the exam is gone. */
export async function examLabelOf(db: DbOrTx, testCode: number): Promise<string | null> {
  const row = await db
    .selectFrom('tests')
    .innerJoin('subjects', 'subjects.code', 'tests.subject_code')
    .select(['tests.year', 'tests.test_name', 'subjects.subject_name'])
    .where('tests.code', '=', testCode)
    .executeTakeFirst();
  return row ? `${row.year} ${row.subject_name} ${row.test_name}` : null;
}

/** What a problem's label needs; undefined when the problem is gone. */
export function problemPlaceOf(db: DbOrTx, uid: number) {
  return db.selectFrom('problems').select(['uid', 'test_code', 'type', 'no']).where('uid', '=', uid).executeTakeFirst();
}

function authorLabel(name: string | null, id: string | null): string | null {
  return name === null || id === null ? null : `${name} (${id})`;
}

/** A board post as a moderation entry keeps it: board, title, author; undefined when gone. */
export async function postOf(db: DbOrTx, contentCode: number) {
  const row = await db
    .selectFrom('board_contents as c')
    .innerJoin('boards as b', 'b.code', 'c.board_code')
    .leftJoin('members as m', 'm.code', 'c.author_code')
    .select(['c.code', 'c.title', 'b.board_name', 'm.name', 'm.id'])
    .where('c.code', '=', contentCode)
    .executeTakeFirst();
  return row && { code: row.code, title: row.title, board: row.board_name, author: authorLabel(row.name, row.id) };
}

/** A reply (on a board post or on a problem) as a moderation entry keeps it. */
export async function replyOf(db: DbOrTx, where: 'board' | 'problem', replyCode: number) {
  const row =
    where === 'board'
      ? await db
          .selectFrom('board_replies as r')
          .leftJoin('members as m', 'm.code', 'r.member_code')
          .select(['r.reply_text', 'm.name', 'm.id'])
          .where('r.code', '=', replyCode)
          .executeTakeFirst()
      : await db
          .selectFrom('problem_replies as r')
          .leftJoin('members as m', 'm.code', 'r.member_code')
          .select(['r.reply_text', 'm.name', 'm.id'])
          .where('r.reply_code', '=', replyCode)
          .executeTakeFirst();
  return row && { text: row.reply_text, author: authorLabel(row.name, row.id) };
}
