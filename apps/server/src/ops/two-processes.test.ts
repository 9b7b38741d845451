import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Store } from '../storage/s3-store';
import { createMember, openTestDatabase, TEST_PASSWORD, type TestDatabase } from '../testing/harness';
import { createProblem, createSubject, createTest } from '../testing/factories';
import { redisAvailable, startTestRedis, type TestRedis } from '../testing/redis-server';
import { startTestBucket, type TestBucket } from '../testing/s3-bucket';
import { FILE_FOLDERS, listFiles } from './manifest';
import { removeServerBundle, signInOverHttp, startServerProcess, type ServerProcess } from '../testing/server-process';

// Issue 18's "behave as one site": two real server processes (the bundled main.ts) with
// separate data folders on one PostgreSQL schema, one Redis and one s3rver bucket — every
// part of its own, on ports of the scale range (3184 Redis, 3185 bucket, 3186/3187 servers).
// PostgreSQL only: several processes on one embedded SQLite file is not a supported setup.
const REDIS_PORT = 3184;
const BUCKET_PORT = 3185;
const PORTS = [3186, 3187] as const;

const postgres = Boolean(process.env.TEST_DATABASE_URL);
if (!postgres) console.warn('TEST_DATABASE_URL is not set: the two-process test is skipped (it needs PostgreSQL)');

const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const PNG = Buffer.from(PNG_BASE64, 'base64');
const run = promisify(execFile);

describe.skipIf(!postgres || !redisAvailable)('two processes on one PostgreSQL, Redis and bucket', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let bucket: TestBucket;
  let dataDirB: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let lead: string;
  let exam: number;
  let uid: number;

  const env = (dataDir: string): NodeJS.ProcessEnv => ({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: database.databaseUrl,
    REDIS_URL: redis.url,
    ...bucket.env,
    JWT_SECRET: 'one-secret-for-every-process-0123456789abcdef',
    PASSWORD_HASH_COST: 'low',
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  });
  const call = async (server: ServerProcess, method: string, url: string, token?: string, body?: unknown) => {
    const response = await fetch(`${server.baseUrl}${url}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
  };
  const json = (response: { bytes: Buffer }) => JSON.parse(response.bytes.toString('utf8'));
  const login = (server: ServerProcess, id: string, password: string) => call(server, 'POST', '/v1/auth/login', undefined, { id, password });
  const storedFiles = (dataDir: string) => FILE_FOLDERS.flatMap((folder) => listFiles(dataDir, folder));

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    redis = await startTestRedis(REDIS_PORT);
    bucket = await startTestBucket(BUCKET_PORT);
    dataDirB = mkdtempSync(path.join(tmpdir(), 'qbank-process-b-'));
    [a, b] = await Promise.all([startServerProcess(env(database.dataDir), { port: PORTS[0] }), startServerProcess(env(dataDirB), { port: PORTS[1] })]);
    const leadMember = await createMember(database.db, { role: 'lead' });
    lead = await signInOverHttp(a, leadMember.id, TEST_PASSWORD);
    const subject = await createSubject(database.db, { subject_name: '심장내과학' });
    exam = await createTest(database.db, { subject_code: subject, test_name: '중간고사' });
    uid = await createProblem(database.db, { test_code: exam, no: 1, question: '<p>원래 문제</p>' });
  }, 120_000);
  afterAll(async () => {
    for (const server of [a, b]) {
      if (server && server.child.exitCode === null) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
    }
    removeServerBundle();
    await redis?.stop();
    await bucket?.stop();
    await database?.close();
    if (dataDirB) rmSync(dataDirB, { recursive: true, force: true });
  });

  it('accepts a token from A on B', async () => {
    const me = await call(b, 'GET', '/v1/auth/me', lead);
    expect(me.status).toBe(200);
    expect(json(me).user.role).toBe('lead');
  });

  it('serves from B a picture uploaded through A, with neither data folder holding it', async () => {
    const saved = await call(a, 'PATCH', `/v1/problem/${uid}`, lead, { question_pic: `data:image/png;base64,${PNG_BASE64}` });
    expect(saved.status).toBe(200);
    const picture = json(saved).problem.question_pic_path as string;
    const served = await call(b, 'GET', picture);
    expect(served.status).toBe(200);
    expect(served.bytes).toEqual(PNG);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(storedFiles(database.dataDir)).toEqual([]);
    expect(storedFiles(dataDirB)).toEqual([]);
  });

  it('locks an id on both processes after 6 wrong logins split over A and B', async () => {
    const member = await createMember(database.db);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) statuses.push((await login(attempt % 2 === 0 ? a : b, member.id, 'wrong-password')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await login(a, member.id, TEST_PASSWORD)).status).toBe(429);
    expect((await login(b, member.id, TEST_PASSWORD)).status).toBe(429);
  });

  it('serves an edit made on A from B at once', async () => {
    const page = `/v1/problem?test_code=${exam}`;
    const listTitle = async () => json(await call(b, 'GET', '/v1/test/tests', lead)).tests.find((t: { test_code: number }) => t.test_code === exam).test_name;
    expect(json(await call(b, 'GET', page, lead)).problem[0].question).toBe('<p>원래 문제</p>');
    expect(await listTitle()).toBe('중간고사');
    expect((await call(a, 'PATCH', `/v1/problem/${uid}`, lead, { question: '<p>A에서 고친 문제</p>' })).status).toBe(200);
    expect(json(await call(b, 'GET', page, lead)).problem[0].question).toBe('<p>A에서 고친 문제</p>');
    const subject = json(await call(b, 'GET', `/v1/test/${exam}`)).test_info.subject_code as number;
    expect((await call(a, 'PUT', `/v1/test/${exam}`, lead, { test_name: '기말고사', subject_code: subject, year: 2025 })).status).toBe(200);
    expect(await listTitle()).toBe('기말고사');
  });

  it('keeps answering without a 5xx when Redis stops mid-run, warning once per process', async () => {
    const member = await createMember(database.db);
    await redis.stop();
    const statuses: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      for (const server of [a, b]) {
        statuses.push((await login(server, member.id, 'wrong-password')).status);
        statuses.push((await call(server, 'GET', '/v1/auth/me', lead)).status);
        statuses.push((await call(server, 'GET', `/v1/problem?test_code=${exam}`, lead)).status);
        statuses.push(
          (
            await call(server, 'POST', '/v1/auth/signup', undefined, {
              name: '신입',
              id: `n${randomBytes(4).toString('hex')}`,
              password: 'long-enough-pw',
              nickname: 'n',
              school_no: randomBytes(4).toString('hex'),
            })
          ).status,
        );
      }
    }
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 401)).toHaveLength(8);
    // Each process counted its own 4 failures: below the lock, so the right password still works.
    expect((await login(a, member.id, TEST_PASSWORD)).status).toBe(200);
    for (const server of [a, b]) expect(server.output().split('Redis is unreachable').length - 1, server.output()).toBe(1);
    await redis.start();
  }, 90_000);

  it('moves a disk store into the bucket with npm run storage:move, losing nothing', async () => {
    const oldDataDir = mkdtempSync(path.join(tmpdir(), 'qbank-old-disk-'));
    try {
      const files = new Map<string, Buffer>();
      for (let i = 0; i < 12; i += 1) {
        const folder = i % 3 === 0 ? 'attachments' : 'uploads';
        const name = folder === 'uploads' ? `${randomBytes(32).toString('hex')}.png` : randomBytes(16).toString('hex');
        const bytes = folder === 'uploads' ? Buffer.concat([PNG, randomBytes(i * 50)]) : randomBytes(1000 + i);
        mkdirSync(path.join(oldDataDir, folder), { recursive: true });
        writeFileSync(path.join(oldDataDir, folder, name), bytes);
        files.set(`${folder}/${name}`, bytes);
      }
      const { stdout } = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/storage/move-cli.ts'], {
        cwd: path.resolve(import.meta.dirname, '../../../..'),
        env: { ...process.env, DATA_DIR: oldDataDir, ...bucket.env, JWT_SECRET: 'x'.repeat(32) },
      });
      expect(stdout).toContain('copied     12 files');
      const store = await S3Store.create(bucket.config);
      try {
        for (const [key, bytes] of files) expect(await store.read(key), key).toEqual(bytes);
      } finally {
        store.close();
      }
      // Both processes serve a moved picture.
      const picture = [...files.keys()].find((key) => key.startsWith('uploads/'))!;
      for (const server of [a, b]) expect((await call(server, 'GET', `/${picture}`)).bytes).toEqual(files.get(picture));
    } finally {
      rmSync(oldDataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
