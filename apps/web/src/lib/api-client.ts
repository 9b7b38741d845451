import { ERROR_CODES } from '@qbank/shared/error-codes';
import type { ApiError } from '@qbank/shared/errors';
import type { z } from 'zod';
import { commonMessages as messages } from '../common/messages';

// The one fetch wrapper of the web app. The API is same-origin; the session rides on the
// server's HttpOnly `token` cookie (credentials: 'include'), so no header is built here and
// JavaScript never sees the token.

export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly fields: Record<string, string> | undefined;
  readonly body: unknown;
  /** On a 5xx: the server's id of the request (x-request-id, decision 133), for a report. */
  readonly requestId: string | undefined;

  constructor(init: { status: number; message: string; code?: string; fields?: Record<string, string>; requestId?: string; body?: unknown }) {
    super(init.message);
    this.name = 'ApiRequestError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields;
    this.requestId = init.requestId;
    this.body = init.body;
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

/**
 * The text to show for a failed call: the server's own Korean message (every API error
 * carries a `code`; a 5xx one already names the request), or the screen's fallback when the
 * answer was not an API error at all, naming the request when a server fault has an id.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!isApiRequestError(error)) return fallback;
  if (error.code) return error.message;
  return error.requestId ? messages.errors.withRequestId(fallback, error.requestId) : fallback;
}

interface ApiClientHooks {
  /** A 401 on an authenticated call: the session is gone (expired, revoked, logged out elsewhere). */
  onUnauthorized?: () => void;
  /** A 403 NOT_APPROVED: the member's approval was withdrawn or is still pending. */
  onNotApproved?: () => void;
  /** Where requests go instead of the browser's fetch: the server's own routes when it draws a page (app/server-paint.tsx). */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
}

let hooks: ApiClientHooks = {};

/** Wired once by the providers: what the session does when the API says it is gone. */
export function configureApiClient(next: ApiClientHooks): void {
  hooks = next;
}

export type SchemaLoader<T> = () => Promise<z.ZodType<T>>;

/**
 * The API's error body (decision 121, `apiErrorSchema` in @qbank/shared/errors), read without zod:
 * every request's error path runs through here, and the first screen carries no zod (decision 050).
 */
export function readApiError(data: unknown): ApiError | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { message, code, fields } = data as Record<string, unknown>;
  if (typeof message !== 'string' || typeof code !== 'string') return undefined;
  if (fields === undefined) return { message, code };
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return undefined;
  if (!Object.values(fields).every((value) => typeof value === 'string')) return undefined;
  return { message, code, fields: fields as Record<string, string> };
}

export interface ApiRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON with `Content-Type: application/json`; without a body no content type is sent. */
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  /**
   * `false` for calls that work without a session (login, signup, me): their 401 is an
   * answer for the caller, not a lost session. Default `true`.
   */
  auth?: boolean;
  /**
   * Validates the successful response; a mismatch is reported as an error, not passed on. Either
   * the schema or a loader of it: `() => import('@qbank/shared/x').then((m) => m.schema)` keeps the
   * schema (and zod) out of the first screen's JS; it is fetched beside the request (decision 050).
   */
  schema?: z.ZodType<T> | SchemaLoader<T>;
  signal?: AbortSignal;
}

/** The URL apiRequest asks for: the same path and query, in the same order (offline saving caches these). */
export function withQuery(path: string, query: ApiRequestOptions<unknown>['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  const text = await response.text();
  if (/[/+]json\b/i.test(type)) {
    if (!text) return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** Hands a GET the answer of a read started before its screen asked (lib/early-reads.ts), if any. */
type EarlyReadTaker = (path: string, query: ApiRequestOptions<unknown>['query']) => Promise<unknown> | undefined;
let takeEarlyRead: EarlyReadTaker | null = null;

/** Set by lib/early-reads.ts when it first loads; the first screen's JS carries only this hook. */
export function configureEarlyReads(taker: EarlyReadTaker): void {
  takeEarlyRead = taker;
}

export async function apiRequest<T = unknown>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, query, auth = true, schema, signal } = options;
  const early = method === 'GET' ? takeEarlyRead?.(path, query) : undefined;
  if (early) return early as Promise<T>;
  // A schema loader starts now, so its chunk arrives while the request is on the wire.
  const schemaReady = typeof schema === 'function' ? schema() : schema;
  // Awaited below or never; a loader that fails before then must not be an unhandled rejection.
  if (schemaReady instanceof Promise) schemaReady.catch(() => undefined);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, headers, credentials: 'include' };
  if (signal) init.signal = signal;
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await (hooks.fetch ?? fetch)(withQuery(path, query), init);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiRequestError({ status: 0, message: messages.errors.network, code: 'NETWORK', body: error });
  }

  const data = await readBody(response);

  if (!response.ok) {
    const apiError = readApiError(data);
    if (response.status === 401 && auth) {
      hooks.onUnauthorized?.();
      throw new ApiRequestError({
        status: 401,
        message: messages.errors.unauthenticated,
        code: apiError?.code ?? ERROR_CODES.unauthenticated,
        body: data,
      });
    }
    if (response.status === 403 && apiError?.code === ERROR_CODES.notApproved) hooks.onNotApproved?.();
    throw new ApiRequestError({
      status: response.status,
      message: apiError?.message || response.statusText || messages.errors.requestFailed(response.status),
      ...(apiError?.code ? { code: apiError.code } : {}),
      ...(apiError?.fields ? { fields: apiError.fields } : {}),
      ...(response.status >= 500 && response.headers.get('x-request-id') ? { requestId: response.headers.get('x-request-id')! } : {}),
      body: data,
    });
  }

  if (!schemaReady) return data as T;
  const result = (await schemaReady).safeParse(data);
  if (!result.success) {
    throw new ApiRequestError({ status: response.status, message: messages.errors.badResponse, code: 'BAD_RESPONSE', body: data });
  }
  return result.data;
}
