import type { DbOrTx } from '../core/db';

/** The exam's problems by type and number, with their content: what each imported row will fill, meet or repeat. */
export async function listExamSlots(db: DbOrTx, testCode: number) {
  return db.selectFrom('problems').select(['uid', 'type', 'no', 'is_vacant', 'question', 'illustration', 'answer']).where('test_code', '=', testCode).execute();
}

export async function examExists(db: DbOrTx, testCode: number): Promise<boolean> {
  return (await db.selectFrom('tests').select('code').where('code', '=', testCode).executeTakeFirst()) !== undefined;
}
