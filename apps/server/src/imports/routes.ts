import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IMPORT_FILE_MAX_BYTES,
  importPreviewResponseSchema,
  importQuerySchema,
  importRequestSchema,
  importResponseSchema,
  importTemplateQuerySchema,
} from '@qbank/shared/imports';
import { validationMessages } from '@qbank/shared/messages';
import { testParamsSchema } from '@qbank/shared/exams';
import { guard, signedInMember } from '../core/auth-guards';
import { validationError } from '../errors';
import { attachmentDisposition } from '../export/file-name';
import { PICTURE_BODY } from '../authoring/routes';
import { wholeUploadedFile } from '../uploads/multipart-file';
import { importMessages as m } from './messages';
import { fileTooLarge, parseImportFile, previewImport, runImport } from './service';
import { importTemplate } from './template';

const TEMPLATE_TYPES = { xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', csv: 'text/csv; charset=utf-8' } as const;

/** The one uploaded file of a multipart request, whole (10 MB at most: 413 past that, never a cut file). */
function uploadedFile(request: FastifyRequest) {
  return wholeUploadedFile(request, {
    missing: () => validationError(m.fileRequired),
    broken: () => validationError(m.formBroken),
    tooLarge: fileTooLarge,
  });
}

/** The JSON body is checked in the handler (the route also takes multipart): our Korean message, never zod's. */
function koreanIssue(issue: { code: string; message: string } | undefined): string {
  if (issue?.code === 'unrecognized_keys') return validationMessages.unknownField;
  return issue && /[\uac00-\ud7a3]/.test(issue.message) ? issue.message : validationMessages.invalidInput;
}

// Bulk import of an exam's problems (issue 16). Multipart is accepted by these routes only:
// @fastify/multipart is registered inside this plugin, so every other route keeps refusing it.
export async function importRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  await app.register(multipart, { limits: { fileSize: IMPORT_FILE_MAX_BYTES, files: 1, fields: 4, parts: 5 } });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/v1/test/:id/import',
    {
      onRequest: guard('lead'),
      ...PICTURE_BODY,
      schema: { params: testParamsSchema, querystring: importQuerySchema, response: { 200: importPreviewResponseSchema, 201: importResponseSchema } },
    },
    async (request, reply) => {
      const editor = signedInMember(request);
      const testCode = request.params.id;
      if (request.isMultipart()) {
        const { fileName, bytes } = await uploadedFile(request);
        if (request.query.dry_run === '1') return reply.status(200).send(await previewImport(ctx, testCode, fileName, bytes));
        const { exam } = await parseImportFile(fileName, bytes);
        if (exam.problems.length === 0) throw validationError(m.noProblemsFound);
        const body = importRequestSchema.safeParse({
          problems: exam.problems.map(({ warnings: _, source_type: _type, ...problem }) => problem),
          set_headers: exam.set_headers,
        });
        if (!body.success) throw validationError(koreanIssue(body.error.issues[0]));
        return reply.status(201).send(await runImport(ctx, editor, testCode, body.data));
      }
      if (request.query.dry_run === '1') throw validationError(m.fileRequired);
      const parsed = importRequestSchema.safeParse(request.body);
      if (!parsed.success) throw validationError(koreanIssue(parsed.error.issues[0]));
      return reply.status(201).send(await runImport(ctx, editor, testCode, parsed.data));
    },
  );

  api.get('/v1/test/import-template', { onRequest: guard('lead'), schema: { querystring: importTemplateQuerySchema } }, async (request, reply) => {
    const format = request.query.format;
    const fileName = `문제_가져오기_양식.${format}`;
    return reply
      .header('Content-Type', TEMPLATE_TYPES[format])
      .header('Content-Disposition', attachmentDisposition(fileName, `import-template.${format}`))
      .header('Cache-Control', 'no-store')
      .send(await importTemplate(format));
  });
}
