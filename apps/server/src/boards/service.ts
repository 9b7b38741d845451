import type { FastifyBaseLogger } from 'fastify';
import { isNoticeBoard, type CreateBoardRequest, type CreatePostRequest, type RenameBoardRequest, type UpdatePostRequest } from '@qbank/shared/boards';
import { validationMessages } from '@qbank/shared/messages';
import { mayDeleteAuthored, mayEditAuthored, mayWriteOnBoard } from '@qbank/shared/policies';
import { roleOf } from '../core/auth-guards';
import type { AppContext } from '../core/context';
import { plainRead } from '../core/plain-reads';
import type { FileStore, StoredObject } from '../core/file-store';
import { isUniqueViolation, type DbOrTx } from '../core/db';
import type { MemberRow } from '../db/schema';
import { conflict, forbidden, notFound, validationError } from '../errors';
import { messages } from '../messages';
import { attachmentKey, prepareAttachment, removeAttachment, writeAttachment, type PreparedAttachment } from './attachments';
import { preparePostContent } from './post-content';
import {
  NO_ATTACHMENT,
  countBoardContents,
  deleteBoardContent,
  deleteBoardReply,
  findBoard,
  findBoardAttachment,
  findBoardContent,
  findBoardReply,
  findContentOwner,
  incrementContentViews,
  insertBoard,
  insertBoardContent,
  insertBoardReply,
  listBoardContents,
  listBoardReplies,
  listBoards as listBoardRows,
  renameBoard,
  updateBoardContent,
  updateBoardReplyText,
  type BoardContentOwnerRecord,
  type BoardContentRecord,
  type BoardContentSummaryRecord,
  type BoardRecord,
  type BoardReplyRecord,
  type NewAttachmentValues,
} from './repository';
import { recordBoardAct, recordRemoval } from '../audit/service';

export async function getBoard(ctx: AppContext, idOrSlug: string): Promise<BoardRecord> {
  const board = await findBoard(ctx.db, idOrSlug);
  if (!board) throw notFound(messages.boardNotFound);
  return board;
}

export async function pageBoardContents(
  ctx: AppContext,
  idOrSlug: string,
  paging: { page: number; limit: number },
): Promise<{ rows: BoardContentSummaryRecord[]; total: number }> {
  const { db } = ctx;
  const board = await getBoard(ctx, idOrSlug);
  const [rows, total] = await Promise.all([
    listBoardContents(db, board.code, { limit: paging.limit, offset: (paging.page - 1) * paging.limit }),
    countBoardContents(db, board.code),
  ]);
  return { rows, total };
}

/** Reading a post counts as a view: the increment comes first, so the answer includes it. */
export async function readBoardContent(
  ctx: AppContext,
  idOrSlug: string,
  contentCode: number,
): Promise<{ content: BoardContentRecord; replies: BoardReplyRecord[] }> {
  const { db } = ctx;
  const board = await getBoard(ctx, idOrSlug);
  if (!(await incrementContentViews(db, board.code, contentCode))) throw notFound(messages.boardContentNotFound);
  const [content, replies] = await Promise.all([findBoardContent(db, board.code, contentCode), listBoardReplies(db, contentCode)]);
  // Deleted between the two statements.
  if (!content) throw notFound(messages.boardContentNotFound);
  return { content, replies };
}

// ---- Writing (decision 126).

function isAuthor(member: MemberRow, authorCode: number | null): boolean {
  return authorCode !== null && authorCode === member.code;
}

function requireMayWriteOn(board: BoardRecord, member: MemberRow): void {
  if (!mayWriteOnBoard(roleOf(member), isNoticeBoard(board))) throw forbidden(messages.noticeWriteForbidden);
}

async function requireContentOwner(db: DbOrTx, boardCode: number, contentCode: number): Promise<BoardContentOwnerRecord> {
  const row = await findContentOwner(db, boardCode, contentCode);
  if (!row) throw notFound(messages.boardContentNotFound);
  return row;
}

async function presentableContent(db: DbOrTx, boardCode: number, contentCode: number) {
  const [content, replies] = await Promise.all([findBoardContent(db, boardCode, contentCode), listBoardReplies(db, contentCode)]);
  if (!content) throw notFound(messages.boardContentNotFound);
  return { content, replies };
}

function attachmentValues(stored: string, prepared: PreparedAttachment): NewAttachmentValues {
  return { attached_filename: prepared.filename, attached_filesize: prepared.size, attached_path: stored, attached_mime: prepared.mime };
}

/**
 * Disk and database stay consistent: the file is written first, the row in a transaction, and
 * the file is removed again when the row could not be written.
 */
async function withStoredAttachment<T>(
  store: FileStore,
  prepared: PreparedAttachment | undefined,
  write: (values: NewAttachmentValues | undefined) => Promise<T>,
): Promise<T> {
  const stored = prepared ? await writeAttachment(store, prepared.bytes) : undefined;
  try {
    return await write(stored && prepared ? attachmentValues(stored, prepared) : undefined);
  } catch (error) {
    await removeAttachment(store, stored);
    throw error;
  }
}

export async function createPost(
  ctx: AppContext,
  member: MemberRow,
  idOrSlug: string,
  request: CreatePostRequest,
): Promise<{ content: BoardContentRecord; replies: BoardReplyRecord[] }> {
  const board = await getBoard(ctx, idOrSlug);
  requireMayWriteOn(board, member);
  const prepared = request.attachment ? prepareAttachment(request.attachment) : undefined;
  const content = await preparePostContent(request.content, ctx.storage);
  const code = await withStoredAttachment(ctx.storage, prepared, (attachment) =>
    ctx.db
      .transaction()
      .execute((trx) =>
        insertBoardContent(trx, { board_code: board.code, title: request.title, content, author_code: member.code, ...(attachment ?? NO_ATTACHMENT) }),
      ),
  );
  return presentableContent(ctx.db, board.code, code);
}

// Only the author edits a post — admins may delete it, never put words in someone's mouth.
export async function updatePost(
  ctx: AppContext,
  member: MemberRow,
  idOrSlug: string,
  contentCode: number,
  request: UpdatePostRequest,
): Promise<{ content: BoardContentRecord; replies: BoardReplyRecord[] }> {
  const board = await getBoard(ctx, idOrSlug);
  const before = await requireContentOwner(ctx.db, board.code, contentCode);
  if (!mayEditAuthored(isAuthor(member, before.author_code))) throw forbidden(messages.postEditForbidden);
  requireMayWriteOn(board, member);

  const prepared = request.attachment ? prepareAttachment(request.attachment) : undefined;
  const content = request.content === undefined ? undefined : await preparePostContent(request.content, ctx.storage);
  const replacedFile = await withStoredAttachment(ctx.storage, prepared, (attachment) =>
    ctx.db.transaction().execute(async (trx) => {
      const current = await findContentOwner(trx, board.code, contentCode, { lock: ctx.dialect === 'postgres' });
      if (!current) throw notFound(messages.boardContentNotFound);
      const fileChange = attachment ?? (request.remove_attachment === true ? NO_ATTACHMENT : {});
      await updateBoardContent(trx, contentCode, {
        ...(request.title === undefined ? {} : { title: request.title }),
        ...(content === undefined ? {} : { content }),
        ...fileChange,
      });
      return 'attached_path' in fileChange ? current.attached_path : null;
    }),
  );
  // The old file goes only after the row stopped pointing at it.
  await removeAttachment(ctx.storage, replacedFile);
  return presentableContent(ctx.db, board.code, contentCode);
}

export async function deletePost(ctx: AppContext, member: MemberRow, idOrSlug: string, contentCode: number): Promise<void> {
  const board = await getBoard(ctx, idOrSlug);
  const post = await requireContentOwner(ctx.db, board.code, contentCode);
  if (!mayDeleteAuthored(roleOf(member), isAuthor(member, post.author_code))) throw forbidden(messages.postDeleteForbidden);
  const deleted = await ctx.db.transaction().execute(async (trx) => {
    if (!isAuthor(member, post.author_code)) await recordRemoval(trx, member, { kind: 'post', contentCode });
    const row = await deleteBoardContent(trx, board.code, contentCode);
    if (!row) throw notFound(messages.boardContentNotFound);
    return row;
  });
  // Row first, then the file: a crash in between leaves an orphan file, never a broken link.
  await removeAttachment(ctx.storage, deleted.attached_path);
}

/** The stored file of a post's attachment, for the download route. */
export async function attachmentForDownload(
  ctx: AppContext,
  idOrSlug: string,
  contentCode: number,
  log: FastifyBaseLogger,
): Promise<{ file: StoredObject; filename: string }> {
  const board = await getBoard(ctx, idOrSlug);
  const row = await findBoardAttachment(ctx.db, board.code, contentCode);
  if (!row) throw notFound(messages.boardContentNotFound);
  if (!row.attached_path || !row.attached_filename) throw notFound(messages.attachmentNotFound);
  const key = attachmentKey(row.attached_path);
  const file = key ? await ctx.storage.open(key) : null;
  if (!file) {
    log.warn({ contentCode, storedName: row.attached_path }, 'attachment file missing in the store');
    throw notFound(messages.attachmentNotFound);
  }
  return { file, filename: row.attached_filename };
}

// ---- Replies on posts: the same rules and messages as replies on problems.

/** The checked reply text without NUL, which PostgreSQL refuses in text. */
function replyText(text: string): string {
  const cleaned = text.replaceAll('\u0000', '').trim();
  if (!cleaned) throw validationError(validationMessages.replyEmpty, { reply_text: validationMessages.replyEmpty });
  return cleaned;
}

async function requireReply(db: DbOrTx, contentCode: number, replyCode: number): Promise<BoardReplyRecord> {
  const reply = await findBoardReply(db, contentCode, replyCode);
  if (!reply) throw notFound(messages.replyNotFound);
  return reply;
}

export async function addPostReply(ctx: AppContext, member: MemberRow, idOrSlug: string, contentCode: number, text: string): Promise<BoardReplyRecord> {
  const board = await getBoard(ctx, idOrSlug);
  await requireContentOwner(ctx.db, board.code, contentCode);
  const code = await insertBoardReply(ctx.db, { content_code: contentCode, member_code: member.code, reply_text: replyText(text) });
  return requireReply(ctx.db, contentCode, code);
}

export async function editPostReply(
  ctx: AppContext,
  member: MemberRow,
  idOrSlug: string,
  target: { contentCode: number; replyCode: number },
  text: string,
): Promise<BoardReplyRecord> {
  const board = await getBoard(ctx, idOrSlug);
  await requireContentOwner(ctx.db, board.code, target.contentCode);
  const reply = await requireReply(ctx.db, target.contentCode, target.replyCode);
  if (!mayEditAuthored(isAuthor(member, reply.member_code))) throw forbidden(messages.replyEditForbidden);
  await updateBoardReplyText(ctx.db, target.replyCode, replyText(text));
  return requireReply(ctx.db, target.contentCode, target.replyCode);
}

export async function removePostReply(ctx: AppContext, member: MemberRow, idOrSlug: string, target: { contentCode: number; replyCode: number }): Promise<void> {
  const board = await getBoard(ctx, idOrSlug);
  await requireContentOwner(ctx.db, board.code, target.contentCode);
  const reply = await requireReply(ctx.db, target.contentCode, target.replyCode);
  if (!mayDeleteAuthored(roleOf(member), isAuthor(member, reply.member_code))) throw forbidden(messages.replyDeleteForbidden);
  await ctx.db.transaction().execute(async (trx) => {
    if (!isAuthor(member, reply.member_code)) await recordRemoval(trx, member, { kind: 'board_reply', replyCode: target.replyCode });
    if (!(await deleteBoardReply(trx, target.replyCode))) throw notFound(messages.replyNotFound);
  });
}

// ---- Boards administration (admins and superadmins; the route checks the role).

export async function createBoard(ctx: AppContext, actor: MemberRow, request: CreateBoardRequest): Promise<BoardRecord> {
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const board = await insertBoard(trx, request);
      await recordBoardAct(trx, actor, board, null);
      return board;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(messages.boardIdTaken, { board_id: messages.boardIdTaken });
    throw error;
  }
}

export async function changeBoardName(ctx: AppContext, actor: MemberRow, idOrSlug: string, request: RenameBoardRequest): Promise<BoardRecord> {
  const board = await getBoard(ctx, idOrSlug);
  return ctx.db.transaction().execute(async (trx) => {
    const renamed = await renameBoard(trx, board.code, request.board_name);
    if (!renamed) throw notFound(messages.boardNotFound);
    if (renamed.board_name !== board.board_name) await recordBoardAct(trx, actor, renamed, board.board_name);
    return renamed;
  });
}

// Plain reads with no rule of their own: the service is still the routes' one door to the repository.
export const listBoards = plainRead(listBoardRows);
