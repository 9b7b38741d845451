import type { DbOrTx } from '../core/db';
import { nowIso } from '../core/db';

// SQL of the answering marks (table problem_annotations). A row with nothing struck, highlighted
// or marked is deleted.

const columns = ['problem_uid', 'struck', 'highlights', 'highlights_time', 'is_marked', 'update_time'] as const;

export interface AnnotationValues {
  struck: string;
  highlights: string;
  highlights_time: string | null;
  is_marked: number;
}

export function findAnnotation(db: DbOrTx, memberCode: number, problemUid: number) {
  return db.selectFrom('problem_annotations').select(columns).where('member_code', '=', memberCode).where('problem_uid', '=', problemUid).executeTakeFirst();
}

export function listAnnotations(db: DbOrTx, memberCode: number, problemUids: readonly number[]) {
  return db
    .selectFrom('problem_annotations')
    .select(columns)
    .where('member_code', '=', memberCode)
    .where('problem_uid', 'in', problemUids)
    .orderBy('problem_uid')
    .execute();
}

export async function saveAnnotation(db: DbOrTx, memberCode: number, problemUid: number, values: AnnotationValues): Promise<void> {
  if (!values.struck && values.highlights === '[]' && !values.is_marked) {
    await db.deleteFrom('problem_annotations').where('member_code', '=', memberCode).where('problem_uid', '=', problemUid).execute();
    return;
  }
  const update_time = nowIso();
  await db
    .insertInto('problem_annotations')
    .values({ member_code: memberCode, problem_uid: problemUid, ...values, update_time })
    .onConflict((oc) => oc.columns(['member_code', 'problem_uid']).doUpdateSet({ ...values, update_time }))
    .execute();
}
