import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okResponseSchema } from '@qbank/shared/auth';
import { putProblemRequestSchema, submitProblemRequestSchema, updateProblemRequestSchema } from '@qbank/shared/authoring';
import {
  bulkDeleteVacantRequestSchema,
  bulkDeleteVacantResponseSchema,
  createEmptySlotsRequestSchema,
  createSpecificSlotsRequestSchema,
  createdSlotsResponseSchema,
  deleteProblemQuerySchema,
  deletedProblemResponseSchema,
} from '@qbank/shared/authoring-slots';
import {
  leadProblemsQuerySchema,
  leadProblemsResponseSchema,
  problemDetailResponseSchema,
  versionParamsSchema,
  versionsQuerySchema,
  versionsResponseSchema,
} from '@qbank/shared/lead-problems';
import { createSetHeaderRequestSchema, setHeaderParamsSchema, setHeaderResponseSchema, updateSetHeaderRequestSchema } from '@qbank/shared/set-headers';
import { problemParamsSchema } from '@qbank/shared/problems';
import { guard, signedInMember } from '../core/auth-guards';
import { messages } from '../messages';
import {
  bulkDeleteVacant,
  createEmptySlots,
  createSetHeader,
  createSpecificSlots,
  deleteProblemByNumber,
  deleteProblemByUid,
  editSetHeader,
  leadProblemList,
  problemDetail,
  problemVersions,
  putProblem,
  removeSetHeader,
  requireDetailAccess,
  restoreVersion,
  submitSlot,
  updateProblem,
} from './service';

// Calls that carry pictures: up to four images of 5 MB as base64 (4 × 6.7 MB) plus the text.
// Anything larger is refused with 413 before it is parsed; other calls keep the 1 MB limit.
export const IMAGE_BODY_LIMIT = 30 * 1024 * 1024;
/** Route options of a call that carries pictures: its limit, and the 413 that names it. */
export const PICTURE_BODY = { bodyLimit: IMAGE_BODY_LIMIT, config: { tooLargeMessage: messages.pictureRequestTooLarge(IMAGE_BODY_LIMIT / 1024 / 1024) } };

// The lead screens' problem calls (decision 029): slots, list, detail, edit with history, set headers,
// deletion, and the assignee's submit. Reads of written problems live in ./routes.ts.
export async function problemAuthoringRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/v1/problem/lead',
    { onRequest: guard('lead'), schema: { querystring: leadProblemsQuerySchema, response: { 200: leadProblemsResponseSchema } } },
    async (request) => leadProblemList(ctx, request.query),
  );

  api.post(
    '/v1/problem/create-empty',
    { onRequest: guard('lead'), schema: { body: createEmptySlotsRequestSchema, response: { 201: createdSlotsResponseSchema } } },
    async (request, reply) => {
      const editor = signedInMember(request);
      return reply.status(201).send({ created: await createEmptySlots(ctx, editor, request.body) });
    },
  );

  api.post(
    '/v1/problem/create-specific',
    { onRequest: guard('lead'), schema: { body: createSpecificSlotsRequestSchema, response: { 201: createdSlotsResponseSchema } } },
    async (request, reply) => {
      const editor = signedInMember(request);
      return reply.status(201).send({ created: await createSpecificSlots(ctx, editor, request.body) });
    },
  );

  api.get(
    '/v1/problem/:id/detail',
    { onRequest: guard('approved'), schema: { params: problemParamsSchema, response: { 200: problemDetailResponseSchema } } },
    async (request) => {
      const member = signedInMember(request);
      await requireDetailAccess(ctx, member, request.params.id);
      return { problem: await problemDetail(ctx, request.params.id) };
    },
  );

  api.patch(
    '/v1/problem/:id',
    {
      onRequest: guard('lead'),
      ...PICTURE_BODY,
      schema: { params: problemParamsSchema, body: updateProblemRequestSchema, response: { 200: problemDetailResponseSchema } },
    },
    async (request) => {
      const editor = signedInMember(request);
      return { problem: await updateProblem(ctx, editor, request.params.id, request.body) };
    },
  );

  api.put(
    '/v1/problem',
    { onRequest: guard('lead'), ...PICTURE_BODY, schema: { body: putProblemRequestSchema, response: { 200: problemDetailResponseSchema } } },
    async (request) => {
      const editor = signedInMember(request);
      return { problem: await putProblem(ctx, editor, request.body) };
    },
  );

  api.get(
    '/v1/problem/:id/versions',
    { onRequest: guard('lead'), schema: { params: problemParamsSchema, querystring: versionsQuerySchema, response: { 200: versionsResponseSchema } } },
    async (request) => problemVersions(ctx, request.params.id, request.query),
  );

  api.post(
    '/v1/problem/:id/versions/:versionCode/restore',
    { onRequest: guard('lead'), schema: { params: versionParamsSchema, response: { 200: problemDetailResponseSchema } } },
    async (request) => {
      const editor = signedInMember(request);
      return { problem: await restoreVersion(ctx, editor, request.params.id, request.params.versionCode) };
    },
  );

  api.post(
    '/v1/problem/:id/submit',
    {
      onRequest: guard('approved'),
      ...PICTURE_BODY,
      schema: { params: problemParamsSchema, body: submitProblemRequestSchema, response: { 200: problemDetailResponseSchema } },
    },
    async (request) => {
      const member = signedInMember(request);
      return { problem: await submitSlot(ctx, member, request.params.id, request.body.content, request.body.started_from) };
    },
  );

  // ---- Set headers (the public read, GET /v1/problem/header, is in ./routes.ts)

  api.post(
    '/v1/problem/header',
    { onRequest: guard('lead'), ...PICTURE_BODY, schema: { body: createSetHeaderRequestSchema, response: { 201: setHeaderResponseSchema } } },
    async (request, reply) => {
      return reply.status(201).send(await createSetHeader(ctx, request.body));
    },
  );

  api.patch(
    '/v1/problem/header/:code',
    {
      onRequest: guard('lead'),
      ...PICTURE_BODY,
      schema: { params: setHeaderParamsSchema, body: updateSetHeaderRequestSchema, response: { 200: setHeaderResponseSchema } },
    },
    async (request) => {
      return editSetHeader(ctx, request.params.code, request.body);
    },
  );

  api.delete(
    '/v1/problem/header/:code',
    { onRequest: guard('lead'), schema: { params: setHeaderParamsSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      await removeSetHeader(ctx, request.params.code);
      return { ok: true as const };
    },
  );

  // ---- Deletion

  api.delete(
    '/v1/problem/bulk-delete-vacant',
    { onRequest: guard('lead'), schema: { body: bulkDeleteVacantRequestSchema, response: { 200: bulkDeleteVacantResponseSchema } } },
    async (request) => {
      const editor = signedInMember(request);
      return { deleted: await bulkDeleteVacant(ctx, editor, request.body.test_code, request.log) };
    },
  );

  api.delete(
    '/v1/problem',
    { onRequest: guard('lead'), schema: { querystring: deleteProblemQuerySchema, response: { 200: deletedProblemResponseSchema } } },
    async (request) => {
      const editor = signedInMember(request);
      return { ok: true as const, deleted: await deleteProblemByNumber(ctx, editor, request.query, request.log) };
    },
  );

  api.delete(
    '/v1/problem/:id',
    { onRequest: guard('lead'), schema: { params: problemParamsSchema, response: { 200: deletedProblemResponseSchema } } },
    async (request) => {
      const editor = signedInMember(request);
      return { ok: true as const, deleted: await deleteProblemByUid(ctx, editor, request.params.id, request.log) };
    },
  );
}
