import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okResponseSchema } from '@qbank/shared/auth';
import {
  bulkDeleteVacantRequestSchema,
  bulkDeleteVacantResponseSchema,
  createEmptySlotsRequestSchema,
  createSetHeaderRequestSchema,
  createSpecificSlotsRequestSchema,
  createdSlotsResponseSchema,
  deleteProblemQuerySchema,
  deletedProblemResponseSchema,
  leadProblemsQuerySchema,
  leadProblemsResponseSchema,
  problemDetailResponseSchema,
  putProblemRequestSchema,
  setHeaderParamsSchema,
  setHeaderResponseSchema,
  submitProblemRequestSchema,
  updateProblemRequestSchema,
  updateSetHeaderRequestSchema,
  versionParamsSchema,
  versionsQuerySchema,
  versionsResponseSchema,
} from '@qbank/shared/authoring';
import { problemParamsSchema } from '@qbank/shared/problems';
import { requireApprovedMember, requireRole } from '../core/auth-guards';
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

const LEADS = ['lead', 'admin', 'superadmin'] as const;

// Calls that carry pictures: up to four images of 5 MB as base64 (4 × 6.7 MB) plus the text.
// Anything larger is refused with 413 before it is parsed; other calls keep the 1 MB limit.
export const IMAGE_BODY_LIMIT = 30 * 1024 * 1024;

// The guards run on request, before a body of up to 30 MB is read and validated: an anonymous,
// unapproved or student caller gets 401/403 without the server parsing the upload. Handlers
// call the guard again for the member, which is looked up once per request.
const leadFirst = async (request: FastifyRequest) => {
  await requireRole(request, LEADS);
};
const approvedFirst = async (request: FastifyRequest) => {
  await requireApprovedMember(request);
};

// Spec §2 lead screens and §7 problem calls: slots, list, detail, edit with history, set headers,
// deletion, and the assignee's submit. Reads of written problems live in ./routes.ts.
export async function problemAuthoringRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const lead = (request: FastifyRequest) => requireRole(request, LEADS);

  api.get(
    '/v1/problem/lead',
    { onRequest: leadFirst, schema: { querystring: leadProblemsQuerySchema, response: { 200: leadProblemsResponseSchema } } },
    async (request) => leadProblemList(ctx, request.query),
  );

  api.post(
    '/v1/problem/create-empty',
    { onRequest: leadFirst, schema: { body: createEmptySlotsRequestSchema, response: { 201: createdSlotsResponseSchema } } },
    async (request, reply) => {
      const editor = await lead(request);
      return reply.status(201).send({ created: await createEmptySlots(ctx, editor, request.body) });
    },
  );

  api.post(
    '/v1/problem/create-specific',
    { onRequest: leadFirst, schema: { body: createSpecificSlotsRequestSchema, response: { 201: createdSlotsResponseSchema } } },
    async (request, reply) => {
      const editor = await lead(request);
      return reply.status(201).send({ created: await createSpecificSlots(ctx, editor, request.body) });
    },
  );

  api.get(
    '/v1/problem/:id/detail',
    { onRequest: approvedFirst, schema: { params: problemParamsSchema, response: { 200: problemDetailResponseSchema } } },
    async (request) => {
      const member = await requireApprovedMember(request);
      await requireDetailAccess(ctx, member, request.params.id);
      return { problem: await problemDetail(ctx, request.params.id) };
    },
  );

  api.patch(
    '/v1/problem/:id',
    {
      onRequest: leadFirst,
      bodyLimit: IMAGE_BODY_LIMIT,
      schema: { params: problemParamsSchema, body: updateProblemRequestSchema, response: { 200: problemDetailResponseSchema } },
    },
    async (request) => {
      const editor = await lead(request);
      return { problem: await updateProblem(ctx, editor, request.params.id, request.body) };
    },
  );

  api.put(
    '/v1/problem',
    { onRequest: leadFirst, bodyLimit: IMAGE_BODY_LIMIT, schema: { body: putProblemRequestSchema, response: { 200: problemDetailResponseSchema } } },
    async (request) => {
      const editor = await lead(request);
      return { problem: await putProblem(ctx, editor, request.body) };
    },
  );

  api.get(
    '/v1/problem/:id/versions',
    { onRequest: leadFirst, schema: { params: problemParamsSchema, querystring: versionsQuerySchema, response: { 200: versionsResponseSchema } } },
    async (request) => problemVersions(ctx, request.params.id, request.query),
  );

  api.post(
    '/v1/problem/:id/versions/:versionCode/restore',
    { onRequest: leadFirst, schema: { params: versionParamsSchema, response: { 200: problemDetailResponseSchema } } },
    async (request) => {
      const editor = await lead(request);
      return { problem: await restoreVersion(ctx, editor, request.params.id, request.params.versionCode) };
    },
  );

  api.post(
    '/v1/problem/:id/submit',
    {
      onRequest: approvedFirst,
      bodyLimit: IMAGE_BODY_LIMIT,
      schema: { params: problemParamsSchema, body: submitProblemRequestSchema, response: { 200: problemDetailResponseSchema } },
    },
    async (request) => {
      const member = await requireApprovedMember(request);
      return { problem: await submitSlot(ctx, member, request.params.id, request.body.content) };
    },
  );

  // ---- Set headers (the public read, GET /v1/problem/header, is in ./routes.ts)

  api.post(
    '/v1/problem/header',
    { onRequest: leadFirst, bodyLimit: IMAGE_BODY_LIMIT, schema: { body: createSetHeaderRequestSchema, response: { 201: setHeaderResponseSchema } } },
    async (request, reply) => {
      await lead(request);
      return reply.status(201).send(await createSetHeader(ctx, request.body));
    },
  );

  api.patch(
    '/v1/problem/header/:code',
    {
      onRequest: leadFirst,
      bodyLimit: IMAGE_BODY_LIMIT,
      schema: { params: setHeaderParamsSchema, body: updateSetHeaderRequestSchema, response: { 200: setHeaderResponseSchema } },
    },
    async (request) => {
      await lead(request);
      return editSetHeader(ctx, request.params.code, request.body);
    },
  );

  api.delete(
    '/v1/problem/header/:code',
    { onRequest: leadFirst, schema: { params: setHeaderParamsSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      await lead(request);
      await removeSetHeader(ctx, request.params.code);
      return { ok: true as const };
    },
  );

  // ---- Deletion

  api.delete(
    '/v1/problem/bulk-delete-vacant',
    { onRequest: leadFirst, schema: { body: bulkDeleteVacantRequestSchema, response: { 200: bulkDeleteVacantResponseSchema } } },
    async (request) => {
      const editor = await lead(request);
      return { deleted: await bulkDeleteVacant(ctx, editor, request.body.test_code, request.log) };
    },
  );

  api.delete(
    '/v1/problem',
    { onRequest: leadFirst, schema: { querystring: deleteProblemQuerySchema, response: { 200: deletedProblemResponseSchema } } },
    async (request) => {
      const editor = await lead(request);
      return { ok: true as const, deleted: await deleteProblemByNumber(ctx, editor, request.query, request.log) };
    },
  );

  api.delete(
    '/v1/problem/:id',
    { onRequest: leadFirst, schema: { params: problemParamsSchema, response: { 200: deletedProblemResponseSchema } } },
    async (request) => {
      const editor = await lead(request);
      return { ok: true as const, deleted: await deleteProblemByUid(ctx, editor, request.params.id, request.log) };
    },
  );
}
