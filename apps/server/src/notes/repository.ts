import type { DbOrTx, Dialect } from '../core/db';
import { nowIso } from '../core/db';
import { containsText } from '../search/text-match';
import { visibleProblems } from '../visibility/visible-problems';
import { onePage, type Paging } from '../core/paging';

// SQL of the private notes (table problem_notes). A row with no text and no flag is deleted.

const columns = ['problem_notes.problem_uid', 'problem_notes.note_text', 'problem_notes.is_confused', 'problem_notes.update_time'] as const;

export function findNote(db: DbOrTx, memberCode: number, problemUid: number) {
  return db.selectFrom('problem_notes').select(columns).where('member_code', '=', memberCode).where('problem_uid', '=', problemUid).executeTakeFirst();
}

export async function saveNote(db: DbOrTx, memberCode: number, problemUid: number, note: { note_text: string; is_confused: number }) {
  if (!note.note_text && !note.is_confused) {
    await db.deleteFrom('problem_notes').where('member_code', '=', memberCode).where('problem_uid', '=', problemUid).execute();
    return;
  }
  const update_time = nowIso();
  await db
    .insertInto('problem_notes')
    .values({ member_code: memberCode, problem_uid: problemUid, ...note, update_time })
    .onConflict((oc) => oc.columns(['member_code', 'problem_uid']).doUpdateSet({ ...note, update_time }))
    .execute();
}

/** The member's notes on readable problems, newest first; q searches the memo text. */
export async function listNotes(
  db: DbOrTx,
  dialect: Dialect,
  memberCode: number,
  filters: { q?: string | undefined; confused?: boolean; problemUids?: number[] | undefined },
  paging: Paging,
) {
  const base = db
    .selectFrom('problem_notes')
    .innerJoin('problems', 'problems.uid', 'problem_notes.problem_uid')
    .innerJoin('tests', 'tests.code', 'problems.test_code')
    .where('problem_notes.member_code', '=', memberCode)
    .where(visibleProblems())
    .$if(filters.q !== undefined, (qb) => qb.where(containsText(dialect, 'problem_notes.note_text', filters.q!)))
    .$if(filters.confused === true, (qb) => qb.where('problem_notes.is_confused', '=', 1))
    .$if(filters.problemUids !== undefined, (qb) => qb.where('problem_notes.problem_uid', 'in', filters.problemUids!));
  const [rows, count] = await Promise.all([
    base
      .select(columns)
      .select(['problems.test_code', 'tests.test_name', 'problems.no', 'problems.question_text'])
      .orderBy('problem_notes.update_time', 'desc')
      .orderBy('problem_notes.problem_uid', 'desc')
      .$call(onePage(paging))
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
