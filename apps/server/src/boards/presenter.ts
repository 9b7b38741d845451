import type { Board, BoardContentDetail, BoardContentSummary, BoardReply } from '@qbank/shared/boards';
import { htmlToPlainText, preview } from '@qbank/shared/html-text';
import type { BoardContentRecord, BoardContentSummaryRecord, BoardRecord, BoardReplyRecord } from './repository';

const PREVIEW_LENGTH = 200;

export function presentBoard(row: BoardRecord): Board {
  return { code: row.code, board_name: row.board_name, board_id: row.board_id };
}

function presentContentFields(row: BoardContentSummaryRecord): Omit<BoardContentSummary, 'preview'> {
  return {
    code: row.code,
    board_code: row.board_code,
    title: row.title,
    author_id: row.author_id,
    author_nickname: row.author_nickname,
    creation_time: row.creation_time,
    update_time: row.update_time,
    access_no: row.access_no,
    reply_count: row.reply_count,
    attached_filename: row.attached_filename,
    attached_filesize: row.attached_filesize,
  };
}

/** A list row: the HTML body stays on the server, only its plain-text preview is sent. */
export function presentContentSummary(row: BoardContentSummaryRecord): BoardContentSummary {
  return { ...presentContentFields(row), preview: preview(htmlToPlainText(row.content), PREVIEW_LENGTH) };
}

export function presentReply(row: BoardReplyRecord): BoardReply {
  return {
    code: row.code,
    reply_text: row.reply_text,
    author_id: row.author_id,
    author_nickname: row.author_nickname,
    creation_time: row.creation_time,
    update_time: row.update_time,
  };
}

export function presentContentDetail(row: BoardContentRecord, replies: BoardReplyRecord[]): BoardContentDetail {
  return {
    ...presentContentFields(row),
    content: row.content,
    board_name: row.board_name,
    replies: replies.map(presentReply),
  };
}
