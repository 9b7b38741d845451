import { z } from 'zod';
import { idParam, pageInfoSchema, pagingQuery } from './paging';
import { validationMessages as m } from './messages';
import { defineSchema } from './define-schema';

export const boardSchema = defineSchema(() => z.object({ code: z.number().int(), board_name: z.string(), board_id: z.string() }));
export type Board = z.infer<typeof boardSchema>;

/** A notice board's name contains 공지 or notice, or its board_id is notice. */
export function isNoticeBoard(board: Pick<Board, 'board_name' | 'board_id'>): boolean {
  return /공지|notice/i.test(board.board_name) || board.board_id === 'notice';
}

export const boardsResponseSchema = defineSchema(() => z.object({ rows: z.array(boardSchema), total: z.number().int() }));
export const boardResponseSchema = defineSchema(() => z.object({ board: boardSchema }));

/** A board is addressed by its numeric code or by its board_id (e.g. `notice`). */
export const boardParamsSchema = defineSchema(() =>
  z.strictObject({
    id: z.string().trim().min(1, m.invalidInput).max(64, m.invalidInput),
  }),
);
export const boardContentParamsSchema = defineSchema(() =>
  boardParamsSchema.extend({
    contentId: z.coerce.number({ error: m.invalidInput }).int(m.invalidInput).min(1, m.invalidInput).max(2_147_483_647, m.invalidInput),
  }),
);

export const boardContentsQuerySchema = defineSchema(() => z.strictObject(pagingQuery(20, 100)));

// Authors who left are shown as deleted members: author_id and nickname are null then.
export const boardContentSummarySchema = defineSchema(() =>
  z.object({
    code: z.number().int(),
    board_code: z.number().int(),
    title: z.string(),
    /** Plain text of the content, at most 200 characters, for previews (home shows 100). */
    preview: z.string(),
    author_id: z.string().nullable(),
    author_nickname: z.string().nullable(),
    creation_time: z.string(),
    update_time: z.string(),
    access_no: z.number().int(),
    reply_count: z.number().int(),
    attached_filename: z.string().nullable(),
    attached_filesize: z.number().int().nullable(),
  }),
);
export type BoardContentSummary = z.infer<typeof boardContentSummarySchema>;

export const boardContentsResponseSchema = defineSchema(() => pageInfoSchema.extend({ rows: z.array(boardContentSummarySchema) }));

export const boardReplySchema = defineSchema(() =>
  z.object({
    code: z.number().int(),
    reply_text: z.string(),
    author_id: z.string().nullable(),
    author_nickname: z.string().nullable(),
    creation_time: z.string(),
    update_time: z.string(),
  }),
);
export type BoardReply = z.infer<typeof boardReplySchema>;

export const boardContentDetailSchema = defineSchema(() =>
  boardContentSummarySchema.omit({ preview: true }).extend({
    /** Sanitized HTML. */
    content: z.string(),
    board_name: z.string(),
    replies: z.array(boardReplySchema),
  }),
);
export type BoardContentDetail = z.infer<typeof boardContentDetailSchema>;
export const boardContentResponseSchema = defineSchema(() => z.object({ content: boardContentDetailSchema }));

// ---- Writing (decision 126): the same schemas check the web form and the request.

export const POST_TITLE_MAX = 200;
/** Characters of the stored (sanitized) HTML body, after inline images became /uploads/ links. */
export const POST_CONTENT_MAX = 100_000;
/** One attachment per post, any type, at most 10 MB decoded. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENT_FILENAME_MAX = 255;

// A title is one line of plain text: control characters (tabs, line breaks, NUL, which
// PostgreSQL refuses in text) become spaces.
const withoutControls = (value: string) => value.replace(/\p{Cc}/gu, ' ');
const postTitle = defineSchema(() =>
  z.string({ error: m.postTitleRequired }).overwrite(withoutControls).trim().min(1, m.postTitleRequired).max(POST_TITLE_MAX, m.postTitleTooLong),
);
/** Rich HTML; the server sanitizes it and checks that text or an image remains. */
const postContent = defineSchema(() => z.string({ error: m.postContentRequired }).trim().min(1, m.postContentRequired));

// What FileReader.readAsDataURL makes: `data:<type>[;param…];base64,<padded base64>`. The
// payload is checked with one character class (no groups): a grouped loop over a 14 MB string
// overflows V8's backtracking stack.
const DATA_URL_HEADER = /^data:([^;,]{0,255})(?:;[^;,]{0,255}){0,10};base64$/;
const BASE64_PAYLOAD = /^[A-Za-z0-9+/]*={0,2}$/;

/** The declared MIME type and the base64 payload of a data URL, or null when it is not one. */
export function parseDataUrl(value: string): { declaredType: string; base64: string } | null {
  const comma = value.indexOf(',');
  if (comma < 0 || comma > 3000) return null;
  const header = DATA_URL_HEADER.exec(value.slice(0, comma));
  const base64 = value.slice(comma + 1);
  if (!header || base64.length % 4 !== 0 || !BASE64_PAYLOAD.test(base64)) return null;
  return { declaredType: (header[1] ?? '').trim().toLowerCase(), base64 };
}

/** Bytes a base64 payload decodes to, without decoding it. */
export function base64DecodedSize(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return (base64.length / 4) * 3 - padding;
}

export const attachmentUploadSchema = defineSchema(() =>
  z.strictObject({
    /** The file's own name; the server removes path parts and control characters and keeps at most 255 characters. */
    filename: z.string({ error: m.attachmentFileNameRequired }).trim().min(1, m.attachmentFileNameRequired).max(1000, m.invalidInput),
    data_url: z.string({ error: m.attachmentDataInvalid }).refine((value) => parseDataUrl(value) !== null, m.attachmentDataInvalid),
  }),
);
export type AttachmentUpload = z.infer<typeof attachmentUploadSchema>;

export const createPostRequestSchema = defineSchema(() =>
  z.strictObject({
    title: postTitle,
    content: postContent,
    attachment: attachmentUploadSchema.optional(),
  }),
);
export type CreatePostRequest = z.infer<typeof createPostRequestSchema>;

/** Only the fields sent change; `attachment` replaces the file, `remove_attachment: true` drops it. */
export const updatePostRequestSchema = defineSchema(() =>
  z
    .strictObject({
      title: postTitle.optional(),
      content: postContent.optional(),
      attachment: attachmentUploadSchema.optional(),
      remove_attachment: z.boolean({ error: m.invalidInput }).optional(),
    })
    .refine((body) => body.title !== undefined || body.content !== undefined || body.attachment !== undefined || body.remove_attachment === true, {
      message: m.postNothingToUpdate,
    })
    .refine((body) => !(body.attachment && body.remove_attachment), { message: m.attachmentReplaceOrRemove, path: ['remove_attachment'] }),
);
export type UpdatePostRequest = z.infer<typeof updatePostRequestSchema>;

export const boardReplyParamsSchema = defineSchema(() => boardContentParamsSchema.extend({ replyCode: idParam }));
export const boardReplyResponseSchema = defineSchema(() => z.object({ reply: boardReplySchema }));

// ---- Boards administration (admins and superadmins).

const boardName = defineSchema(() =>
  z.string({ error: m.boardNameLength }).overwrite(withoutControls).trim().min(1, m.boardNameLength).max(100, m.boardNameLength),
);

export const createBoardRequestSchema = defineSchema(() =>
  z.strictObject({
    board_name: boardName,
    /** The slug in addresses (`/board/notice`). All digits would read as a board code, so it needs a letter or a hyphen. */
    board_id: z
      .string({ error: m.boardIdFormat })
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9-]{1,64}$/, m.boardIdFormat)
      .refine((slug) => !/^\d+$/.test(slug), m.boardIdNumeric),
  }),
);
export type CreateBoardRequest = z.infer<typeof createBoardRequestSchema>;

export const renameBoardRequestSchema = defineSchema(() => z.strictObject({ board_name: boardName }));
export type RenameBoardRequest = z.infer<typeof renameBoardRequestSchema>;
