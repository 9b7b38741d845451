import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
  void reply.status(500).send(serverFault(request, messages.internal, ERROR_CODES.internal));
}

/** A 5xx body: the sentence names the request id, so a member's report leads to its log lines (decision 133). */
function serverFault(request: FastifyRequest, message: string, code: string): ApiError {
  return { message: messages.withRequestId(message, request.id), code, request_id: request.id };
}

/**
 * What the HTTP parser refuses before Fastify sees a request: a malformed request line or header,
 * headers over Node's size limit, headers that take longer than Node's headersTimeout. Fastify's
 * default answers these with an English `{error, message, statusCode}`; here they get our format.
 * The connection cannot be trusted after a parse error, so it ends with the answer.
 */
export function clientErrorHandler(error: ConnectionError, socket: Socket): void {
  // A reset connection has no one left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, body]: [number, ApiError] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, { message: messages.requestTimeout, code: ERROR_CODES.requestTimeout }]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, { message: messages.headersTooLarge, code: ERROR_CODES.tooLarge }]
        : [400, { message: messages.malformedRequest, code: ERROR_CODES.validation }];
  if (socket.writable) socket.write(rawResponse(status, body));
  socket.destroy(error);
}

function rawResponse(status: number, body: ApiError): string {
  const json = JSON.stringify(body);
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(json)}`,
    'Connection: close',
  ];
  return `${head.join('\r\n')}\r\n\r\n${json}`;
}

export function registerErrorHandling(app: FastifyInstance): void {
  // Node answers an Expect header other than 100-continue with an empty 417 unless asked to.
  app.server.on('checkExpectation', (_request, response) => {
    const json = JSON.stringify({ message: messages.expectationFailed, code: ERROR_CODES.validation } satisfies ApiError);
    response.writeHead(417, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json), connection: 'close' }).end(json);
  });
  // HTTP/1.1 requires Host; Node's own check (turned off in app.ts) would answer with an empty 400.
  app.addHook('onRequest', async (request, reply) => {
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
      return reply.status(400).send({ message: messages.malformedRequest, code: ERROR_CODES.validation });
    }
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) return reply.status(error.statusCode).send(serverFault(request, error.message, error.code));
      const body: ApiError = { message: error.message, code: error.code };
      if (error.fields) body.fields = error.fields;
      return reply.status(error.statusCode).send(body);
    }
    if (error instanceof StoreUnavailableError) {
      request.log.error({ err: error }, 'file store unavailable');
      return reply.status(503).send(serverFault(request, messages.storageUnavailable, ERROR_CODES.storageUnavailable));
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
    return reply.status(500).send(serverFault(request, messages.internal, ERROR_CODES.internal));
  });
}
