import { sql, type Kysely } from 'kysely';

// Two repairs of existing problems (issue 26 item 3), each touching only rows of the broken shape;
// no other column (update_time, updated_by, history) changes.
//
// 1. Choices written one a line without numbers ('담석\n알코올\n…', as the editor's hint asked)
//    read as no options at all: solve mode offered a free-text box. Such multiple-choice choices
//    are numbered ① … as the write path now stores them (numberedChoices,
//    packages/shared/src/answers.ts; the rule is copied here, as migrations never import app code).
//    The search document holds the choices verbatim (lower-cased), so the same text is replaced
//    there when it is found; the database's triggers carry it to the search rows.
// 2. A submission the lead returned (수정 요청) and not approved since is withheld from readers:
//    is_vacant 2 (decision 077).

const CIRCLED = ['①', '②', '③', '④', '⑤', '⑥', '⑦', '⑧', '⑨'];
const MARKED_LINE = /^[ \t]*(?:\(?\d{1,2}[.)](?!\d)|\(?(?:가|나|다|라|마)[.)])|[\u2460-\u2473]/;
const BATCH = 1000;

function halfWidth(text: string): string {
  return text.replace(/[\uff01-\uff5e\u3000]/g, (ch) => (ch === '\u3000' ? ' ' : String.fromCharCode(ch.charCodeAt(0) - 0xfee0)));
}

/** The numbered choices, or null when the choices are not of the broken shape. */
function numbered(illustration: string): string | null {
  const lines = illustration
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (lines.length < 2 || lines.length > CIRCLED.length) return null;
  if (lines.some((line) => MARKED_LINE.test(halfWidth(line)))) return null;
  return lines.map((line, i) => `${CIRCLED[i]} ${line}`).join('\n');
}

export async function up(db: Kysely<any>): Promise<void> {
  let after = 0;
  for (;;) {
    const rows: Array<{ uid: number; illustration: string; search_text: string }> = await db
      .selectFrom('problems')
      .select(['uid', 'illustration', 'search_text'])
      .where('type', '=', 1)
      .where('illustration', '<>', '')
      .where('uid', '>', after)
      .orderBy('uid')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      const next = numbered(row.illustration);
      if (next === null) continue;
      const before = row.illustration.trim().toLowerCase();
      const searchText = row.search_text.includes(before) ? row.search_text.replace(before, () => next.toLowerCase()) : row.search_text;
      // The choices must still be what was read: a save in between wins.
      await db
        .updateTable('problems')
        .set({ illustration: next, search_text: searchText })
        .where('uid', '=', row.uid)
        .where('illustration', '=', row.illustration)
        .execute();
    }
    after = rows[rows.length - 1]!.uid;
  }

  await sql`update problems set is_vacant = 2 where is_vacant = 0 and exists (
    select 1 from assignments a where a.problem_uid = problems.uid and (a.status = 'changes_requested'
      or (a.status = 'submitted' and (select r.action from submission_reviews r where r.problem_uid = problems.uid
        and r.action in ('approved', 'changes_requested') order by r.code desc limit 1) = 'changes_requested')))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // Older code knows is_vacant 0 and 1 only: withheld problems become shown ones again. The
  // numbers given to choices stay (they cannot be told from numbers typed by hand).
  await sql`update problems set is_vacant = 0 where is_vacant = 2`.execute(db);
}
