import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runIfLeased } from '../jobs/scheduler';
import { createSubject, createTest } from '../testing/factories';
import { createTestContext, testDialects, type TestContext } from '../testing/harness';
import { redisAvailable, startTestRedis, type TestRedis } from '../testing/redis-server';
import { bearerMatches } from './routes';

// Decision 160: GET /metrics is off without METRICS_TOKEN, answers only that bearer token, and
// carries the labelled series the dashboard (docs/ops/) reads.

const TOKEN = 'metrics-token-for-the-test-0123456789';

/** The value of one series line (`name{labels} value`), or undefined when absent. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[3] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[4]);
  }
  return undefined;
}

describe('the bearer check', () => {
  it('accepts exactly the token', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
    expect(bearerMatches(TOKEN, TOKEN)).toBe(false);
    expect(bearerMatches('Bearer ', TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
  });
});

describe.each(testDialects)('GET /metrics on %s', (dialect) => {
  let on: TestContext;
  let off: TestContext;
  const scrape = async () => {
    const response = await on.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    on = await createTestContext(dialect, { env: { METRICS_TOKEN: TOKEN } });
    off = await createTestContext(dialect);
  });
  afterAll(async () => {
    await on?.close();
    await off?.close();
  });

  it('is a JSON 404 when METRICS_TOKEN is unset', async () => {
    const response = await off.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });

  it('answers 401 without the token or with another one, in the app’s error format', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-wrong-token-wrong', `Basic ${TOKEN}`]) {
      const response = await on.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.json().message).toBe('지표를 보려면 METRICS_TOKEN 값을 Bearer 토큰으로 보내야 합니다.');
    }
  });

  it('gives request durations by route pattern and status, in flight, cache hits and misses', async () => {
    const subject = await createSubject(on.db);
    const exam = await createTest(on.db, { subject_code: subject });
    const before = await scrape();
    const hitsBefore = valueOf(before, 'qbank_response_cache_requests_total', { cache: 'content', result: 'hit' }) ?? 0;
    const missesBefore = valueOf(before, 'qbank_response_cache_requests_total', { cache: 'content', result: 'miss' }) ?? 0;
    for (let i = 0; i < 3; i += 1) expect((await on.app.inject({ url: `/v1/test/${exam}` })).statusCode).toBe(200);
    expect((await on.app.inject({ url: '/v1/no-such-route/1' })).statusCode).toBe(404);
    const text = await scrape();
    expect(text).toContain('# TYPE qbank_http_request_duration_seconds histogram');
    const labels = { method: 'GET', route: '/v1/test/:id', status: '200' };
    expect(valueOf(text, 'qbank_http_request_duration_seconds_count', labels)).toBeGreaterThanOrEqual(3);
    expect(valueOf(text, 'qbank_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBeGreaterThanOrEqual(3);
    expect(valueOf(text, 'qbank_http_request_duration_seconds_count', { method: 'GET', route: 'not_found', status: '404' })).toBeGreaterThanOrEqual(1);
    // The pattern, never the raw URL: labels stay bounded whatever clients ask for.
    expect(text).not.toContain(`/v1/test/${exam}"`);
    expect(text).not.toContain('no-such-route');
    expect(valueOf(text, 'qbank_response_cache_requests_total', { cache: 'content', result: 'miss' })).toBe(missesBefore + 1);
    expect(valueOf(text, 'qbank_response_cache_requests_total', { cache: 'content', result: 'hit' })).toBe(hitsBefore + 2);
    // The scrape itself is in flight while it is answered.
    expect(valueOf(text, 'qbank_http_requests_in_flight')).toBeGreaterThanOrEqual(1);
  });

  it('gives process memory, event-loop lag, Redis fallback, the pool (PostgreSQL), jobs and upload bytes', async () => {
    const { db } = on;
    // Job counts are the process's, shared by both dialects' apps in this test process.
    const ok = `metrics-test-ok-${dialect}`;
    const failing = `metrics-test-failing-${dialect}`;
    await runIfLeased(db, { name: ok, periodMs: 60_000, run: async () => 'done' }, 'owner', on.app.log);
    await expect(runIfLeased(db, { name: failing, periodMs: 60_000, run: async () => Promise.reject(new Error('boom')) }, 'owner', on.app.log)).rejects.toThrow(
      'boom',
    );
    await on.app.ctx.storage.put('uploads/metrics-test.png', Buffer.alloc(1234));
    const text = await scrape();
    expect(valueOf(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(valueOf(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(valueOf(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'qbank_redis_fallback')).toBe(0);
    expect(valueOf(text, 'qbank_redis_configured')).toBe(0);
    expect(valueOf(text, 'qbank_draining')).toBe(0);
    expect(valueOf(text, 'qbank_job_runs_total', { job: ok, outcome: 'ok' })).toBe(1);
    expect(valueOf(text, 'qbank_job_runs_total', { job: failing, outcome: 'failed' })).toBe(1);
    expect(valueOf(text, 'qbank_upload_bytes_total', { folder: 'uploads' })).toBeGreaterThanOrEqual(1234);
    if (dialect === 'postgres') {
      expect(valueOf(text, 'qbank_db_pool_connections', { state: 'max' })).toBe(10);
      expect(valueOf(text, 'qbank_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
      expect(valueOf(text, 'qbank_db_pool_waiting')).toBe(0);
    } else {
      expect(text).not.toContain('qbank_db_pool_connections');
    }
  });
});

// A Redis of this file's own on a port of the scale range (3189; the others are taken by
// limits/, ops/ and storage/ tests), so stopping it leaves the machine's shared 6379 alone.
const REDIS_PORT = 3189;

describe.skipIf(!redisAvailable).each(testDialects)('qbank_redis_fallback on %s', (dialect) => {
  let redis: TestRedis;
  let t: TestContext;

  beforeAll(async () => {
    redis = await startTestRedis(REDIS_PORT);
    t = await createTestContext(dialect, { env: { METRICS_TOKEN: TOKEN, REDIS_URL: redis.url } });
  });
  afterAll(async () => {
    await t?.close();
    await redis?.stop();
  });

  const scrape = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    return response.body;
  };
  const until = async (done: () => boolean) => {
    // ioredis notices a closed socket at once and reconnects in the background (at most 2 s apart).
    for (let i = 0; i < 60 && !done(); i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
  };

  it('is 1 while the configured Redis does not answer, and 0 again once it is back', async () => {
    let text = await scrape();
    expect(valueOf(text, 'qbank_redis_configured')).toBe(1);
    expect(valueOf(text, 'qbank_redis_fallback')).toBe(0);

    await redis.stop();
    await until(() => t.app.ctx.redis?.client.status !== 'ready');
    text = await scrape();
    expect(valueOf(text, 'qbank_redis_fallback')).toBe(1);
    expect(valueOf(text, 'qbank_redis_configured')).toBe(1);

    await redis.start();
    await until(() => t.app.ctx.redis?.client.status === 'ready');
    expect(valueOf(await scrape(), 'qbank_redis_fallback')).toBe(0);
  });
});
