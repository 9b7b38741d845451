import type { DbOrTx } from '../core/db';

/**
 * Takes the lease on `name` for `ttlMs` when nobody holds it, it has run out, or `owner`
 * already holds it. One statement each (insert-or-nothing, then a conditional update), so two
 * processes racing for it cannot both win, on SQLite or PostgreSQL.
 */
export async function tryTakeLease(db: DbOrTx, name: string, owner: string, ttlMs: number, now = Date.now()): Promise<boolean> {
  const inserted = await db
    .insertInto('job_leases')
    .values({ name, owner, expires_at: now + ttlMs })
    .onConflict((oc) => oc.column('name').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return true;
  const updated = await db
    .updateTable('job_leases')
    .set({ owner, expires_at: now + ttlMs })
    .where('name', '=', name)
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('owner', '=', owner)]))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}
