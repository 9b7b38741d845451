import type { Transaction } from 'kysely';
import { nowIso } from '../core/db';
import type { Database } from '../db/schema';

export interface NewProblemRow {
  test_code: number;
  type: number;
  no: number;
  choice_type: number | null;
  question: string;
  question_text: string;
  illustration: string;
  answer: string;
  comments: string;
  question_pic_path: string | null;
  answer_pic_path: string | null;
  comment_pic_path: string | null;
  set_header_code: number | null;
  search_text: string;
  is_vacant: number;
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
    await trx.insertInto('problem_classes').values(classUids.map((class_uid) => ({ problem_uid: uid, class_uid }))).execute();
  }
  return uid;
}
