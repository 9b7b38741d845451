import type { DbOrTx } from '../core/db';
import { nowIso } from '../core/db';

// SQL of the leads' edition of the 참고치 table (table reference_tables, one row: id 1).

const TABLE_ID = 1;

export function findReferenceTable(db: DbOrTx) {
  return db
    .selectFrom('reference_tables')
    .leftJoin('members', 'members.code', 'reference_tables.edited_by')
    .select(['reference_tables.content', 'reference_tables.update_time', 'members.name as editor_name'])
    .where('reference_tables.id', '=', TABLE_ID)
    .executeTakeFirst();
}

export async function saveReferenceTable(db: DbOrTx, content: string, editedBy: number): Promise<void> {
  const update_time = nowIso();
  await db
    .insertInto('reference_tables')
    .values({ id: TABLE_ID, content, edited_by: editedBy, update_time })
    .onConflict((oc) => oc.column('id').doUpdateSet({ content, edited_by: editedBy, update_time }))
    .execute();
}
