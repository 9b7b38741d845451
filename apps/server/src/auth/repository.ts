import type { DbOrTx } from '../core/db';
import type { PasswordChangeRequestsTable } from '../db/schema';
import type { Insertable, Selectable } from 'kysely';

// Pending password changes (decision 124): only the sha256 of the mailed token is stored.

export type PasswordChangeRow = Selectable<PasswordChangeRequestsTable>;

export async function insertPasswordChange(db: DbOrTx, row: Insertable<PasswordChangeRequestsTable>): Promise<PasswordChangeRow> {
  return db.insertInto('password_change_requests').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Requests a member made since `since` (ISO time), used or not: the per-member rate limit. */
export async function countPasswordChangesSince(db: DbOrTx, memberCode: number, since: string): Promise<number> {
  const row = await db
    .selectFrom('password_change_requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_code', '=', memberCode)
    .where('creation_time', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findPasswordChangeByTokenHash(db: DbOrTx, tokenHash: string, options: { lock?: boolean } = {}): Promise<PasswordChangeRow | undefined> {
  return db
    .selectFrom('password_change_requests')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .$if(options.lock === true, (qb) => qb.forUpdate())
    .executeTakeFirst();
}

/** Marks the request used; false when another confirmation got there first. */
export async function markPasswordChangeUsed(db: DbOrTx, code: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('password_change_requests')
    .set({ used_at: now })
    .where('code', '=', code)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends the member's other pending links: only the newest request, and none after a change, works. */
/** Removes requests used or expired before `before` (ISO time): they only held a token and a hash. */
export async function deletePasswordChangesEndedBefore(db: DbOrTx, before: string): Promise<number> {
  const result = await db
    .deleteFrom('password_change_requests')
    .where((eb) => eb.or([eb('used_at', '<', before), eb.and([eb('used_at', 'is', null), eb('expires_at', '<', before)])]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function expirePendingPasswordChanges(db: DbOrTx, memberCode: number, now: string, exceptCode?: number): Promise<void> {
  await db
    .updateTable('password_change_requests')
    .set({ expires_at: now })
    .where('member_code', '=', memberCode)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .$if(exceptCode !== undefined, (qb) => qb.where('code', '!=', exceptCode!))
    .execute();
}
