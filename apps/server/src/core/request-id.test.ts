import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@qbank/shared/errors';
import { messages } from '../messages';
import { createTestContext, testDialects, type TestContext } from '../testing/harness';

// Every answer names its request and every log line of it does too, so a member's report of a
// server error ("요청 번호: …") leads to its log lines (docs/decisions/133).

const lines: Array<Record<string, unknown>> = [];
const logStream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
const GENERATED = /^[0-9a-f]{16}$/;

describe.each(testDialects)('request ids on %s', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(dialect, {
      env: { LOG_LEVEL: 'info' },
      logStream,
      register: (app) => {
        app.get('/v1/test-only/fails', async (request) => {
          request.log.info('about to fail');
          throw new Error('a fault of the server');
        });
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps a sane client id and replaces one that is too long or has unsafe characters', async () => {
    const kept = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'proxy-7f3a.b_9:1' } });
    expect(kept.headers['x-request-id']).toBe('proxy-7f3a.b_9:1');
    for (const insane of ['a'.repeat(65), 'id with spaces', 'id"}\n{"level":60', '']) {
      const replaced = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': insane } });
      expect(replaced.headers['x-request-id'], insane).toMatch(GENERATED);
    }
    const fresh = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(fresh.headers['x-request-id']).toMatch(GENERATED);
  });

  it('is on every kind of answer: a 404, a refusal, a validation error', async () => {
    for (const [method, url] of [
      ['GET', '/v1/no-such-route'],
      ['GET', '/v1/auth/me'],
      ['POST', '/v1/auth/login'],
    ] as const) {
      const response = await t.app.inject({ method, url, payload: method === 'POST' ? { id: 1 } : undefined });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.headers['x-request-id'], url).toMatch(GENERATED);
    }
  });

  it('names the request in a 5xx body and its Korean message, and in every log line of that request', async () => {
    lines.length = 0;
    const response = await t.app.inject({ method: 'GET', url: '/v1/test-only/fails', headers: { 'x-request-id': 'report-42' } });
    expect(response.statusCode).toBe(500);
    expect(response.headers['x-request-id']).toBe('report-42');
    expect(response.json()).toEqual({ message: messages.withRequestId(messages.internal, 'report-42'), code: ERROR_CODES.internal, request_id: 'report-42' });
    expect(response.json().message).toContain('(요청 번호: report-42)');
    const own = lines.filter((line) => line.msg === 'about to fail' || line.msg === 'unhandled error');
    expect(own).toHaveLength(2);
    for (const line of own) expect(line.reqId).toBe('report-42');
  });
});
