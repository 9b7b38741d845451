import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ApiError } from '@qbank/shared/errors';
import { validationMessages } from '@qbank/shared/messages';
import { AppError } from '../errors';
import { StoreUnavailableError } from './file-store';
import { messages } from '../messages';

const HANGUL = /[\uac00-\ud7a3]/;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The 413 of an upload route, naming its own limit (a picture's, an attachment's) instead of the generic one. */
    tooLargeMessage?: string;
  }
}

// Messages written in our schemas are Korean; anything else (a library default) is replaced,
// so a person never reads an English validator message.
function koreanOr(message: string, fallback: string): string {
  return HANGUL.test(message) ? message : fallback;
}

function validationBody(error: { validation: Array<{ keyword: string; instancePath: string; message?: string; params: Record<string, unknown> }> }): ApiError {
  const fields: Record<string, string> = {};
  for (const issue of error.validation) {
    if (issue.keyword === 'unrecognized_keys') {
      for (const key of (issue.params.keys as string[] | undefined) ?? []) fields[key] ??= validationMessages.unknownField;
      continue;
    }
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    fields[field] ??= koreanOr(issue.message ?? '', validationMessages.invalidInput);
  }
  const message = Object.values(fields)[0] ?? validationMessages.invalidInput;
  return { message, code: ERROR_CODES.validation, fields };
}

// Fastify's own 4xx errors (bad JSON, wrong content type, body too large, rate limit) in our format.
function frameworkError(error: FastifyError, request: FastifyRequest): { status: number; body: ApiError } | null {
  const status = error.statusCode ?? 500;
  // A body over the route's limit is refused whole by Fastify's reader, never parsed cut.
  const tooLarge = { status: 413, body: { message: request.routeOptions.config.tooLargeMessage ?? messages.payloadTooLarge, code: ERROR_CODES.tooLarge } };
  if (status >= 500) return null;
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 415, body: { message: messages.unsupportedMediaType, code: ERROR_CODES.unsupportedMediaType } };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return tooLarge;
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, body: { message: messages.invalidJson, code: ERROR_CODES.validation } };
  }
  if (status === 413) return tooLarge;
  if (status === 415) return { status, body: { message: messages.unsupportedMediaType, code: ERROR_CODES.unsupportedMediaType } };
  if (status === 429) return { status, body: { message: koreanOr(error.message, messages.rateLimited), code: ERROR_CODES.rateLimited } };
  if (status === 404) return { status, body: { message: messages.notFound, code: ERROR_CODES.notFound } };
  if (error.name === 'SyntaxError' || status === 400) {
    return { status: 400, body: { message: koreanOr(error.message, messages.invalidInput), code: ERROR_CODES.validation } };
  }
  return { status, body: { message: koreanOr(error.message, messages.forbidden), code: ERROR_CODES.forbidden } };
}

/**
 * The router's own refusals (a path with broken %-escapes, a path parameter over 100 characters)
 * happen before any route or error handler runs; Fastify's `frameworkErrors` option sends them
 * here, so they too answer in our format instead of Fastify's English `{error, code, statusCode}`.
 */
export function routerErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(400).send({ message: messages.invalidInput, code: ERROR_CODES.validation });
    return;
  }
  request.log.error({ err: error }, 'router error');
  void reply.status(500).send({ message: messages.internal, code: ERROR_CODES.internal });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ApiError = { message: error.message, code: error.code };
      if (error.fields) body.fields = error.fields;
      return reply.status(error.statusCode).send(body);
    }
    if (error instanceof StoreUnavailableError) {
      request.log.error({ err: error }, 'file store unavailable');
      return reply.status(503).send({ message: messages.storageUnavailable, code: ERROR_CODES.storageUnavailable });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(validationBody(error));
    }
    // PostgreSQL refuses NUL and invalid characters in text (SQLite stores them): bad input, not a fault.
    const pgCode = (error as { code?: unknown }).code;
    if (pgCode === '22021' || pgCode === '22P05') {
      return reply.status(400).send({ message: validationMessages.invalidInput, code: ERROR_CODES.validation });
    }
    const known = frameworkError(error, request);
    if (known) return reply.status(known.status).send(known.body);
    // Never a stack trace to the client: log it, answer with a plain sentence.
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: messages.internal, code: ERROR_CODES.internal });
  });
}
