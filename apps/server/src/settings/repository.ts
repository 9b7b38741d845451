import type { DbOrTx } from '../core/db';
import { nowIso } from '../core/db';

// SQL of the members' look (table member_settings): one row per member once they chose one.

export function findSettings(db: DbOrTx, memberCode: number) {
  return db.selectFrom('member_settings').select(['theme', 'type_size']).where('member_code', '=', memberCode).executeTakeFirst();
}

export async function saveSettings(db: DbOrTx, memberCode: number, values: { theme: string; type_size: string }): Promise<void> {
  const update_time = nowIso();
  await db
    .insertInto('member_settings')
    .values({ member_code: memberCode, ...values, update_time })
    .onConflict((oc) => oc.column('member_code').doUpdateSet({ ...values, update_time }))
    .execute();
}
