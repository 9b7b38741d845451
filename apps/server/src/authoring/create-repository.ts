import type { Selectable, Transaction } from 'kysely';
import { nowIso } from '../core/db';
import type { Database, ProblemsTable } from '../db/schema';

/** What the app writes of a new problem (the database fills uid, times and the derived columns). */
export interface NewProblemRow extends Pick<
  Selectable<ProblemsTable>,
  | 'test_code'
  | 'type'
  | 'no'
  | 'choice_type'
  | 'question'
  | 'question_text'
  | 'illustration'
  | 'answer'
  | 'comments'
  | 'question_pic_path'
  | 'answer_pic_path'
  | 'comment_pic_path'
  | 'set_header_code'
  | 'search_text'
  | 'is_vacant'
> {
  updated_by: number;
}

/** One new problem with its class links; the caller's transaction holds the exam's lock. */
export async function insertProblemRow(trx: Transaction<Database>, row: NewProblemRow, classUids: readonly number[]): Promise<number> {
  const now = nowIso();
  const { uid } = await trx
    .insertInto('problems')
    .values({ ...row, creation_time: now, update_time: now })
    .returning('uid')
    .executeTakeFirstOrThrow();
  if (classUids.length > 0) {
    await trx
      .insertInto('problem_classes')
      .values(classUids.map((class_uid) => ({ problem_uid: uid, class_uid })))
      .execute();
  }
  return uid;
}
