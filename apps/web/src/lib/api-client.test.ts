import { okResponseSchema } from '@qbank/shared/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../testing/fetch-mock';
import { apiRequest, ApiRequestError, configureApiClient, errorMessage } from './api-client';

afterEach(() => configureApiClient({}));

describe('apiRequest', () => {
  it('sends JSON with credentials and parses a JSON answer', async () => {
    const fetchMock = mockFetch({ 'POST /v1/echo': () => json(200, { ok: true }) });
    await expect(apiRequest('/v1/echo', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: true });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"a":1}');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('sends no content type and no body for a POST without body', async () => {
    const fetchMock = mockFetch({ 'POST /v1/auth/logout': () => json(200, { ok: true }) });
    await apiRequest('/v1/auth/logout', { method: 'POST' });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBeUndefined();
    expect((init?.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('reads a non-JSON answer as text', async () => {
    mockFetch({ 'GET /healthz': () => new Response('ok', { headers: { 'Content-Type': 'text/plain' } }) });
    await expect(apiRequest('/healthz')).resolves.toBe('ok');
  });

  it('turns an API error into ApiRequestError with message, code and fields', async () => {
    mockFetch({
      'POST /v1/auth/signup': () => json(409, { message: '이미 사용 중인 아이디입니다.', code: 'CONFLICT', fields: { id: '이미 사용 중인 아이디입니다.' } }),
    });
    const error = await apiRequest('/v1/auth/signup', { method: 'POST', body: {}, auth: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 409,
      message: '이미 사용 중인 아이디입니다.',
      code: 'CONFLICT',
      fields: { id: '이미 사용 중인 아이디입니다.' },
    });
  });

  it('uses the status text when the error body is not an API error', async () => {
    mockFetch({ 'GET /v1/x': () => new Response('<html>', { status: 502, statusText: 'Bad Gateway' }) });
    await expect(apiRequest('/v1/x')).rejects.toMatchObject({ status: 502, message: 'Bad Gateway', code: undefined });
  });

  it("shows a server fault's message with its request id, and names the id beside the screen's own text when the 5xx is not the API's", async () => {
    // Decision 133: what the server sends for a 500 (core/error-handler.ts).
    const body = {
      message: '서버 오류가 발생했습니다. 잠시 후 다시 시도하세요. (요청 번호: 9f1c2a7b3d4e5f60)',
      code: 'INTERNAL',
      request_id: '9f1c2a7b3d4e5f60',
    };
    mockFetch({
      'GET /v1/fault': () =>
        new Response(JSON.stringify(body), { status: 500, headers: { 'Content-Type': 'application/json', 'x-request-id': '9f1c2a7b3d4e5f60' } }),
    });
    const fault = await apiRequest('/v1/fault').catch((e: unknown) => e);
    expect(errorMessage(fault, '불러오지 못했습니다.')).toBe(body.message);

    mockFetch({ 'GET /v1/gateway': () => new Response('<html>', { status: 502, statusText: 'Bad Gateway', headers: { 'x-request-id': 'edge-41' } }) });
    const gateway = await apiRequest('/v1/gateway').catch((e: unknown) => e);
    expect(errorMessage(gateway, '불러오지 못했습니다.')).toBe('불러오지 못했습니다. (요청 번호: edge-41)');
  });

  it('on a 401 of an authenticated call clears the session and raises 인증이 필요합니다', async () => {
    const onUnauthorized = vi.fn();
    configureApiClient({ onUnauthorized });
    mockFetch({ 'GET /v1/box': () => json(401, { message: '로그인이 필요합니다.', code: 'UNAUTHENTICATED' }) });
    await expect(apiRequest('/v1/box')).rejects.toMatchObject({ status: 401, message: '인증이 필요합니다' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves the session alone on a 401 of a call made without a session', async () => {
    const onUnauthorized = vi.fn();
    configureApiClient({ onUnauthorized });
    mockFetch({ 'POST /v1/auth/login': () => json(401, { message: '아이디 또는 비밀번호가 올바르지 않습니다.', code: 'INVALID_CREDENTIALS' }) });
    await expect(apiRequest('/v1/auth/login', { method: 'POST', body: {}, auth: false })).rejects.toMatchObject({
      message: '아이디 또는 비밀번호가 올바르지 않습니다.',
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('re-reads the session on 403 NOT_APPROVED', async () => {
    const onNotApproved = vi.fn();
    configureApiClient({ onNotApproved });
    mockFetch({ 'GET /v1/box': () => json(403, { message: '관리자 승인 후 이용할 수 있습니다.', code: 'NOT_APPROVED' }) });
    await expect(apiRequest('/v1/box')).rejects.toMatchObject({ status: 403, code: 'NOT_APPROVED' });
    expect(onNotApproved).toHaveBeenCalledTimes(1);
  });

  it('reports a network failure in Korean', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiRequest('/v1/x')).rejects.toMatchObject({ status: 0, message: '서버에 연결할 수 없습니다. 잠시 후 다시 시도하세요.' });
  });
});

describe('apiRequest with a schema', () => {
  it('returns the parsed value, or reports an answer of the wrong shape', async () => {
    mockFetch({ 'GET /healthz': () => json(200, { ok: true }), 'GET /v1/odd': () => json(200, { ok: 'yes' }) });
    await expect(apiRequest('/healthz', { schema: okResponseSchema })).resolves.toEqual({ ok: true });
    await expect(apiRequest('/v1/odd', { schema: okResponseSchema })).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
      message: '서버 응답을 이해할 수 없습니다.',
    });
  });
});
