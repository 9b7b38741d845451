import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { configFromEnv, parseEnv, type Config } from '../env';
import { createMember, openTestDatabase, TEST_PASSWORD, testDialects, type TestDatabase } from '../testing/harness';
import { redisAvailable, startTestRedis, type TestRedis } from '../testing/redis-server';

// Two apps on one database and one Redis stand in for two processes (the two-process test in
// scale/ runs real ones). The Redis is the test's own, on a port of the scale range.
const REDIS_PORT = 3183;
const DEAD_PORT = 3188;
const LOCKED = '로그인 시도가 너무 많습니다';

describe.skipIf(!redisAvailable).each(testDialects)('limits shared through Redis on %s', (dialect) => {
  let redis: TestRedis;
  let database: TestDatabase;
  let apps: FastifyInstance[];
  let config: Config;

  const login = (app: FastifyInstance, id: string, password: string) => app.inject({ method: 'POST', url: '/v1/auth/login', payload: { id, password } });
  const signup = (app: FastifyInstance) => {
    const id = `u${randomBytes(5).toString('hex')}`;
    return app.inject({ method: 'POST', url: '/v1/auth/signup', payload: { name: '신입생', id, password: 'long-enough-pw', nickname: id, school_no: id } });
  };

  beforeAll(async () => {
    redis = await startTestRedis(REDIS_PORT);
    database = await openTestDatabase(dialect);
  });
  afterAll(async () => {
    await redis?.stop();
    await database?.close();
  });
  beforeEach(async () => {
    const client = new Redis(redis.url);
    await client.flushall();
    client.disconnect();
    config = configFromEnv(
      parseEnv({
        DATA_DIR: database.dataDir,
        LOG_LEVEL: 'silent',
        JWT_SECRET: 'shared-secret-of-both-processes-0123456789',
        REDIS_URL: redis.url,
        SIGNUP_PER_IP_PER_HOUR: '4',
        ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
      }),
    );
    apps = [];
    for (let i = 0; i < 2; i += 1) {
      const app = await buildApp({ config, db: database.db, dialect });
      await app.ready();
      apps.push(app);
    }
  });
  afterEach(async () => {
    for (const app of apps) await app.close();
  });

  it('locks an id on both processes after 5 wrong passwords spread over them', async () => {
    const member = await createMember(database.db);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(apps[attempt % 2]!, member.id, 'wrong-password')).statusCode).toBe(401);
    }
    for (const app of apps) {
      const locked = await login(app, member.id, TEST_PASSWORD);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message).toContain(LOCKED);
    }
  });

  it('counts a route limit (sign-ups per address, configured to 4) across processes', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await signup(apps[i % 2]!)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
  });

  it('keeps serving when Redis goes away, falls back to per-process limits, and shares again when it is back', async () => {
    const member = await createMember(database.db);
    await redis.stop();
    const statuses: number[] = [];
    // Wrong passwords on A only: with the count back in the process, A locks after 5.
    for (let attempt = 0; attempt < 6; attempt += 1) statuses.push((await login(apps[0]!, member.id, 'wrong-password')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // B counted none of them: per process, as before there was a Redis — and never a 5xx.
    expect((await login(apps[1]!, member.id, TEST_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 5; i += 1) expect((await signup(apps[1]!)).statusCode).toBeLessThan(500);
    expect((await signup(apps[1]!)).statusCode).toBe(429);

    await redis.start();
    // ioredis reconnects in the background (at most 2 s between attempts).
    for (let i = 0; i < 60 && !apps.every((app) => app.ctx.redis?.usable()); i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    const other = await createMember(database.db);
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await login(apps[attempt % 2]!, other.id, 'wrong-password')).statusCode).toBe(401);
    expect((await login(apps[0]!, other.id, TEST_PASSWORD)).statusCode).toBe(429);
  });

  it('refuses to start when REDIS_URL does not answer', async () => {
    const dead = { ...config, redisUrl: `redis://127.0.0.1:${DEAD_PORT}` };
    await expect(buildApp({ config: dead, db: database.db, dialect })).rejects.toThrow(/Redis at redis:\/\/127\.0\.0\.1:3188\/? is not reachable/);
  });
});
