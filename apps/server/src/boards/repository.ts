import { nowIso, type DbOrTx } from '../core/db';

// Codes are 32-bit integers in both databases; PostgreSQL refuses a larger literal with an error.
const MAX_CODE = 2_147_483_647;

export interface BoardRecord {
  code: number;
  board_name: string;
  board_id: string;
}

export interface BoardContentSummaryRecord {
  code: number;
  board_code: number;
  title: string;
  content: string;
  author_id: string | null;
  author_nickname: string | null;
  creation_time: string;
  update_time: string;
  access_no: number;
  reply_count: number;
  attached_filename: string | null;
  attached_filesize: number | null;
}

export interface BoardContentRecord extends BoardContentSummaryRecord {
  board_name: string;
}

export interface BoardReplyRecord {
  code: number;
  member_code: number | null;
  reply_text: string;
  author_id: string | null;
  author_nickname: string | null;
  creation_time: string;
  update_time: string;
}

export function listBoards(db: DbOrTx): Promise<BoardRecord[]> {
  return db.selectFrom('boards').select(['code', 'board_name', 'board_id']).orderBy('code').execute();
}

/**
 * A board by its numeric code or its board_id slug. A slug made only of digits is still found;
 * when it clashes with another board's code, the code wins.
 */
export async function findBoard(db: DbOrTx, idOrSlug: string): Promise<BoardRecord | undefined> {
  const numeric = /^\d+$/.test(idOrSlug) ? Number(idOrSlug) : undefined;
  const code = numeric !== undefined && numeric >= 1 && numeric <= MAX_CODE ? numeric : undefined;
  const rows = await db
    .selectFrom('boards')
    .select(['code', 'board_name', 'board_id'])
    .where((eb) => (code === undefined ? eb('board_id', '=', idOrSlug) : eb.or([eb('code', '=', code), eb('board_id', '=', idOrSlug)])))
    .execute();
  return rows.find((row) => row.code === code) ?? rows[0];
}

export async function countBoardContents(db: DbOrTx, boardCode: number): Promise<number> {
  const row = await db
    .selectFrom('board_contents')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('board_code', '=', boardCode)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

function selectContentColumns(db: DbOrTx) {
  return (
    db
      .selectFrom('board_contents as c')
      .leftJoin('members as m', 'm.code', 'c.author_code')
      .select([
        'c.code',
        'c.board_code',
        'c.title',
        'c.content',
        'm.id as author_id',
        'm.nickname as author_nickname',
        'c.creation_time',
        'c.update_time',
        'c.access_no',
        'c.attached_filename',
        'c.attached_filesize',
      ])
      // A correlated count on board_replies_content_idx: one statement, evaluated only for the
      // rows returned, never one query per post.
      .select((eb) =>
        eb
          .selectFrom('board_replies as r')
          .select((sub) => sub.fn.countAll<number>().as('n'))
          .whereRef('r.content_code', '=', 'c.code')
          .as('reply_count'),
      )
  );
}

/** One page of a board's posts, newest first (code breaks ties of the same second). */
export async function listBoardContents(db: DbOrTx, boardCode: number, page: { limit: number; offset: number }): Promise<BoardContentSummaryRecord[]> {
  const rows = await selectContentColumns(db)
    .where('c.board_code', '=', boardCode)
    .orderBy('c.creation_time', 'desc')
    .orderBy('c.code', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((row) => ({ ...row, reply_count: Number(row.reply_count ?? 0) }));
}

/** Counts one view atomically; false when the post does not exist on this board. */
export async function incrementContentViews(db: DbOrTx, boardCode: number, contentCode: number): Promise<boolean> {
  const result = await db
    .updateTable('board_contents')
    .set((eb) => ({ access_no: eb('access_no', '+', 1) }))
    .where('code', '=', contentCode)
    .where('board_code', '=', boardCode)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function findBoardContent(db: DbOrTx, boardCode: number, contentCode: number): Promise<BoardContentRecord | undefined> {
  const row = await selectContentColumns(db)
    .innerJoin('boards as b', 'b.code', 'c.board_code')
    .select('b.board_name')
    .where('c.code', '=', contentCode)
    .where('c.board_code', '=', boardCode)
    .executeTakeFirst();
  return row && { ...row, reply_count: Number(row.reply_count ?? 0) };
}

function selectReplyColumns(db: DbOrTx) {
  return db
    .selectFrom('board_replies as r')
    .leftJoin('members as m', 'm.code', 'r.member_code')
    .select(['r.code', 'r.member_code', 'r.reply_text', 'm.id as author_id', 'm.nickname as author_nickname', 'r.creation_time', 'r.update_time']);
}

/** Replies of a post, oldest first. */
export function listBoardReplies(db: DbOrTx, contentCode: number): Promise<BoardReplyRecord[]> {
  return selectReplyColumns(db).where('r.content_code', '=', contentCode).orderBy('r.creation_time').orderBy('r.code').execute();
}

// ---- Writes.

/** What the write rules need of a post: its author and its stored attachment. */
export interface BoardContentOwnerRecord {
  code: number;
  author_code: number | null;
  attached_path: string | null;
}

export interface BoardAttachmentRecord {
  attached_filename: string | null;
  attached_path: string | null;
}

export interface NewAttachmentValues {
  attached_filename: string;
  attached_filesize: number;
  attached_path: string;
  attached_mime: string;
}

export const NO_ATTACHMENT = { attached_filename: null, attached_filesize: null, attached_path: null, attached_mime: null } as const;

export function insertBoard(db: DbOrTx, values: { board_name: string; board_id: string }): Promise<BoardRecord> {
  return db.insertInto('boards').values(values).returning(['code', 'board_name', 'board_id']).executeTakeFirstOrThrow();
}

export function renameBoard(db: DbOrTx, code: number, boardName: string): Promise<BoardRecord | undefined> {
  return db.updateTable('boards').set({ board_name: boardName }).where('code', '=', code).returning(['code', 'board_name', 'board_id']).executeTakeFirst();
}

/**
 * A post of the board with its author and stored file. `lock` (PostgreSQL only; SQLite runs one
 * write transaction at a time) holds the row until the transaction ends, so two concurrent
 * attachment replacements cannot both think they replaced the same old file.
 */
export function findContentOwner(
  db: DbOrTx,
  boardCode: number,
  contentCode: number,
  options: { lock?: boolean } = {},
): Promise<BoardContentOwnerRecord | undefined> {
  return db
    .selectFrom('board_contents')
    .select(['code', 'author_code', 'attached_path'])
    .where('code', '=', contentCode)
    .where('board_code', '=', boardCode)
    .$if(options.lock === true, (qb) => qb.forUpdate())
    .executeTakeFirst();
}

export async function insertBoardContent(
  db: DbOrTx,
  values: { board_code: number; title: string; content: string; author_code: number } & (NewAttachmentValues | typeof NO_ATTACHMENT),
): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('board_contents')
    .values({ ...values, creation_time: now, update_time: now })
    .returning('code')
    .executeTakeFirstOrThrow();
  return row.code;
}

export async function updateBoardContent(
  db: DbOrTx,
  contentCode: number,
  changes: { title?: string; content?: string } & (Partial<NewAttachmentValues> | typeof NO_ATTACHMENT),
): Promise<void> {
  await db
    .updateTable('board_contents')
    .set({ ...changes, update_time: nowIso() })
    .where('code', '=', contentCode)
    .execute();
}

/** Deletes a post (its replies go by the foreign key) and returns its stored file name. */
export function deleteBoardContent(db: DbOrTx, boardCode: number, contentCode: number): Promise<{ attached_path: string | null } | undefined> {
  return db.deleteFrom('board_contents').where('code', '=', contentCode).where('board_code', '=', boardCode).returning('attached_path').executeTakeFirst();
}

export function findBoardAttachment(db: DbOrTx, boardCode: number, contentCode: number): Promise<BoardAttachmentRecord | undefined> {
  return db
    .selectFrom('board_contents')
    .select(['attached_filename', 'attached_path'])
    .where('code', '=', contentCode)
    .where('board_code', '=', boardCode)
    .executeTakeFirst();
}

/** One reply of the post; member_code is for the edit and delete rules. */
export function findBoardReply(db: DbOrTx, contentCode: number, replyCode: number): Promise<BoardReplyRecord | undefined> {
  return selectReplyColumns(db).where('r.content_code', '=', contentCode).where('r.code', '=', replyCode).executeTakeFirst();
}

export async function insertBoardReply(db: DbOrTx, values: { content_code: number; member_code: number; reply_text: string }): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('board_replies')
    .values({ ...values, creation_time: now, update_time: now })
    .returning('code')
    .executeTakeFirstOrThrow();
  return row.code;
}

export async function updateBoardReplyText(db: DbOrTx, replyCode: number, replyText: string): Promise<void> {
  await db.updateTable('board_replies').set({ reply_text: replyText, update_time: nowIso() }).where('code', '=', replyCode).execute();
}

export async function deleteBoardReply(db: DbOrTx, replyCode: number): Promise<boolean> {
  const result = await db.deleteFrom('board_replies').where('code', '=', replyCode).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
