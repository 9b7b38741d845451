import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okResponseSchema } from '@qbank/shared/auth';
import {
  boardContentParamsSchema,
  boardContentResponseSchema,
  boardContentsQuerySchema,
  boardContentsResponseSchema,
  boardParamsSchema,
  boardReplyParamsSchema,
  boardReplyResponseSchema,
  boardResponseSchema,
  boardsResponseSchema,
  createBoardRequestSchema,
  createPostRequestSchema,
  renameBoardRequestSchema,
  updatePostRequestSchema,
} from '@qbank/shared/boards';
import { validationMessages } from '@qbank/shared/messages';
import { replyRequestSchema } from '@qbank/shared/replies';
import { guard, signedInMember } from '../core/auth-guards';
import { attachmentDisposition } from '../export/file-name';
import { asciiFallbackName } from './attachments';
import { presentBoard, presentContentDetail, presentContentSummary, presentReply } from './presenter';
import {
  addPostReply,
  attachmentForDownload,
  changeBoardName,
  createBoard,
  createPost,
  deletePost,
  editPostReply,
  getBoard,
  listBoards,
  pageBoardContents,
  readBoardContent,
  removePostReply,
  updatePost,
} from './service';

// A post carries at most one 10 MB attachment as base64 (13.4 MB) plus its title and body; a
// larger request is refused with 413 before it is parsed. Everything else keeps the 1 MB limit.
const POST_BODY_LIMIT = 14 * 1024 * 1024;
/** Route options of a post write: its limit, and the 413 that names the attachment's. */
const POST_BODY = { bodyLimit: POST_BODY_LIMIT, config: { tooLargeMessage: validationMessages.attachmentTooLarge } };

// The board reads. Decision 014: boards are public, so no guard runs on the reads, not even
// the approval check. Writing, replies, attachments and board administration need a member.
export async function boardRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/boards', { schema: { response: { 200: boardsResponseSchema } } }, async () => {
    const rows = (await listBoards(ctx)).map(presentBoard);
    return { rows, total: rows.length };
  });

  api.get('/boards/:id', { schema: { params: boardParamsSchema, response: { 200: boardResponseSchema } } }, async (request) => ({
    board: presentBoard(await getBoard(ctx, request.params.id)),
  }));

  api.get(
    '/boards/:id/contents',
    { schema: { params: boardParamsSchema, querystring: boardContentsQuerySchema, response: { 200: boardContentsResponseSchema } } },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, total } = await pageBoardContents(ctx, request.params.id, { page, limit });
      return { rows: rows.map(presentContentSummary), total, page, limit };
    },
  );

  api.get(
    '/boards/:id/contents/:contentId',
    { schema: { params: boardContentParamsSchema, response: { 200: boardContentResponseSchema } } },
    async (request) => {
      const { content, replies } = await readBoardContent(ctx, request.params.id, request.params.contentId);
      return { content: presentContentDetail(content, replies) };
    },
  );

  api.post(
    '/boards/:id/contents',
    {
      onRequest: guard('approved'),
      ...POST_BODY,
      schema: { params: boardParamsSchema, body: createPostRequestSchema, response: { 201: boardContentResponseSchema } },
    },
    async (request, reply) => {
      const member = signedInMember(request);
      const { content, replies } = await createPost(ctx, member, request.params.id, request.body);
      return reply.status(201).send({ content: presentContentDetail(content, replies) });
    },
  );

  api.patch(
    '/boards/:id/contents/:contentId',
    {
      onRequest: guard('approved'),
      ...POST_BODY,
      schema: { params: boardContentParamsSchema, body: updatePostRequestSchema, response: { 200: boardContentResponseSchema } },
    },
    async (request) => {
      const member = signedInMember(request);
      const { content, replies } = await updatePost(ctx, member, request.params.id, request.params.contentId, request.body);
      return { content: presentContentDetail(content, replies) };
    },
  );

  api.delete(
    '/boards/:id/contents/:contentId',
    { onRequest: guard('approved'), schema: { params: boardContentParamsSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      const member = signedInMember(request);
      await deletePost(ctx, member, request.params.id, request.params.contentId);
      return { ok: true as const };
    },
  );

  // Attachments need an approved member, although posts are public to read: a medical school's
  // board carries lecture slides, past-exam material and rosters that are meant for verified
  // students of the college, not for search engines or anyone with the link. The list and the
  // post still show the file's name and size to everyone; the web's download (apps/web/src/lib/download.ts)
  // sends the member's credentials.
  api.get(
    '/boards/:id/contents/:contentId/attachment',
    { onRequest: guard('approved'), schema: { params: boardContentParamsSchema } },
    async (request, reply) => {
      const { file, filename } = await attachmentForDownload(ctx, request.params.id, request.params.contentId, request.log);
      // Always a download of opaque bytes, whatever was declared at upload: an HTML or SVG file
      // must never render inline on our origin.
      return reply
        .header('Content-Type', 'application/octet-stream')
        .header('Content-Disposition', attachmentDisposition(filename, asciiFallbackName(filename)))
        .header('Content-Length', file.size)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(file.body);
    },
  );

  api.post(
    '/boards/:id/contents/:contentId/replies',
    { onRequest: guard('approved'), schema: { params: boardContentParamsSchema, body: replyRequestSchema, response: { 201: boardReplyResponseSchema } } },
    async (request, reply) => {
      const member = signedInMember(request);
      const created = await addPostReply(ctx, member, request.params.id, request.params.contentId, request.body.reply_text);
      return reply.status(201).send({ reply: presentReply(created) });
    },
  );

  api.put(
    '/boards/:id/contents/:contentId/replies/:replyCode',
    { onRequest: guard('approved'), schema: { params: boardReplyParamsSchema, body: replyRequestSchema, response: { 200: boardReplyResponseSchema } } },
    async (request) => {
      const member = signedInMember(request);
      const { id, contentId, replyCode } = request.params;
      return { reply: presentReply(await editPostReply(ctx, member, id, { contentCode: contentId, replyCode }, request.body.reply_text)) };
    },
  );

  api.delete(
    '/boards/:id/contents/:contentId/replies/:replyCode',
    { onRequest: guard('approved'), schema: { params: boardReplyParamsSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      const member = signedInMember(request);
      const { id, contentId, replyCode } = request.params;
      await removePostReply(ctx, member, id, { contentCode: contentId, replyCode });
      return { ok: true as const };
    },
  );

  api.post(
    '/boards',
    { onRequest: guard('admin'), schema: { body: createBoardRequestSchema, response: { 201: boardResponseSchema } } },
    async (request, reply) => {
      return reply.status(201).send({ board: presentBoard(await createBoard(ctx, signedInMember(request), request.body)) });
    },
  );

  api.patch(
    '/boards/:id',
    { onRequest: guard('admin'), schema: { params: boardParamsSchema, body: renameBoardRequestSchema, response: { 200: boardResponseSchema } } },
    async (request) => {
      return { board: presentBoard(await changeBoardName(ctx, signedInMember(request), request.params.id, request.body)) };
    },
  );
}
