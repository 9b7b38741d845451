import type { DbOrTx } from '../core/db';
import { nowIso } from '../core/db';

// SQL of the answering marks (table problem_annotations). A row with nothing struck, highlighted
// or marked stays (its times drop a queued change older than the clearing, decision 197) but is
// never read back.

const columns = ['problem_uid', 'struck', 'struck_time', 'highlights', 'highlights_time', 'is_marked', 'marked_time', 'update_time'] as const;

export interface AnnotationValues {
  struck: string;
  struck_time: string | null;
  highlights: string;
  highlights_time: string | null;
  is_marked: number;
  marked_time: string | null;
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
    .where((eb) => eb.or([eb('struck', '!=', ''), eb('highlights', '!=', '[]'), eb('is_marked', '=', 1)]))
    .orderBy('problem_uid')
    .execute();
}

export async function saveAnnotation(db: DbOrTx, memberCode: number, problemUid: number, values: AnnotationValues): Promise<void> {
  const update_time = nowIso();
  await db
    .insertInto('problem_annotations')
    .values({ member_code: memberCode, problem_uid: problemUid, ...values, update_time })
    .onConflict((oc) => oc.columns(['member_code', 'problem_uid']).doUpdateSet({ ...values, update_time }))
    .execute();
}

/** Whether a row holds anything the member sees. */
export const isEmptyAnnotation = (values: Pick<AnnotationValues, 'struck' | 'highlights' | 'is_marked'>) =>
  !values.struck && values.highlights === '[]' && !values.is_marked;
