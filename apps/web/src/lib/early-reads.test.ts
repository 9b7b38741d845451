import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../testing/fetch-mock';
import { apiRequest } from './api-client';
import { startEarlyRead } from './early-reads';

describe('startEarlyRead', () => {
  it('hands its answer to the first request for the same read (query order aside), once', async () => {
    let served = 0;
    const fetchMock = mockFetch({ 'GET /v1/problem': () => json(200, { n: ++served }) });
    startEarlyRead('/v1/problem', { query: { test_code: 3, page: 1, limit: 20 } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(apiRequest('/v1/problem', { query: { limit: 20, page: 1, test_code: 3 } })).resolves.toEqual({ n: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Taken: the next request goes to the server.
    await expect(apiRequest('/v1/problem', { query: { test_code: 3, page: 1, limit: 20 } })).resolves.toEqual({ n: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is not taken by another read, nor by a write to the same path', async () => {
    const fetchMock = mockFetch({ 'GET /v1/problem': () => json(200, { read: true }), 'POST /v1/problem': () => json(201, { wrote: true }) });
    startEarlyRead('/v1/problem', { query: { test_code: 3, page: 1 } });
    await expect(apiRequest('/v1/problem', { query: { test_code: 3, page: 2 } })).resolves.toEqual({ read: true });
    await expect(apiRequest('/v1/problem', { method: 'POST', body: {} })).resolves.toEqual({ wrote: true });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await apiRequest('/v1/problem', { query: { test_code: 3, page: 1 } });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('passes its failure to the request that takes it', async () => {
    mockFetch({ 'GET /v1/solve/tests/9': () => json(404, { message: '없습니다.', code: 'NOT_FOUND' }) });
    startEarlyRead('/v1/solve/tests/9');
    await expect(apiRequest('/v1/solve/tests/9')).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('drops an answer nobody asked for in time, so a later visit reads afresh', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      let served = 0;
      const fetchMock = mockFetch({ 'GET /v1/test/5': () => json(200, { n: ++served }) });
      startEarlyRead('/v1/test/5');
      vi.setSystemTime(Date.now() + 60_000);
      await expect(apiRequest('/v1/test/5')).resolves.toEqual({ n: 2 });
      expect(fetchMock).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
