import type { Note, NoteListItem } from '@qbank/shared/notes';
import type { AppContext } from '../core/context';
import { requireVisibleProblem } from '../problems/visibility';
import { findNote, listNotes, saveNote } from './repository';

// A member's private memo and 헷갈림 flag per problem (issue 13 item 6). The memo and the flag are
// set by separate calls, so saving one never overwrites a change of the other made meanwhile.

type NoteRow = NonNullable<Awaited<ReturnType<typeof findNote>>>;

function present(row: NoteRow): Note {
  return { problem_uid: row.problem_uid, text: row.note_text, is_confused: row.is_confused === 1, update_time: row.update_time };
}

export async function getNote(ctx: AppContext, memberCode: number, problemUid: number): Promise<Note | null> {
  await requireVisibleProblem(ctx.db, problemUid);
  const row = await findNote(ctx.db, memberCode, problemUid);
  return row ? present(row) : null;
}

async function change(
  ctx: AppContext,
  memberCode: number,
  problemUid: number,
  edit: (current: { note_text: string; is_confused: number }) => { note_text: string; is_confused: number },
) {
  await requireVisibleProblem(ctx.db, problemUid);
  return ctx.db.transaction().execute(async (trx) => {
    const current = await findNote(trx, memberCode, problemUid);
    await saveNote(trx, memberCode, problemUid, edit(current ?? { note_text: '', is_confused: 0 }));
    const saved = await findNote(trx, memberCode, problemUid);
    return saved ? present(saved) : null;
  });
}

/** The memo's whole text; empty deletes the memo (and the row, when the flag is off too). */
export function setNoteText(ctx: AppContext, memberCode: number, problemUid: number, text: string) {
  return change(ctx, memberCode, problemUid, (current) => ({ ...current, note_text: text }));
}

export function setConfused(ctx: AppContext, memberCode: number, problemUid: number, isConfused: boolean) {
  return change(ctx, memberCode, problemUid, (current) => ({ ...current, is_confused: isConfused ? 1 : 0 }));
}

export async function searchNotes(
  ctx: AppContext,
  memberCode: number,
  query: { q?: string | undefined; confused?: '1' | undefined; problem_uids?: number[] | undefined; page: number; limit: number },
): Promise<{ notes: NoteListItem[]; total: number; page: number; limit: number }> {
  const { rows, total } = await listNotes(
    ctx.db,
    ctx.dialect,
    memberCode,
    { q: query.q, confused: query.confused === '1', problemUids: query.problem_uids },
    query,
  );
  return {
    notes: rows.map((row) => ({ ...present(row), test_code: row.test_code, test_name: row.test_name, no: row.no, question_text: row.question_text })),
    total,
    page: query.page,
    limit: query.limit,
  };
}
