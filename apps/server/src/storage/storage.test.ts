import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { storedKey, type FileStore } from '../core/file-store';
import { configFromEnv, parseEnv } from '../env';
import { createBackup } from '../ops/backup';
import { restoreBackup } from '../ops/restore';
import { createMember, createTestContext, loginCookie, openTestDatabase, testDialects, type TestContext } from '../testing/harness';
import { createBoard, createProblem, createSubject, createTest } from '../testing/factories';
import { startTestBucket, type TestBucket } from '../testing/s3-bucket';
import { copyStoredFiles, listStoredKeys } from './copy';
import { DiskStore } from './disk-store';
import { S3Store } from './s3-store';

// Ports of the scale range: 3181 for this file's bucket, 3188 is never listened on.
const BUCKET_PORT = 3181;
const DEAD_PORT = 3188;

const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const PNG = Buffer.from(PNG_BASE64, 'base64');
const PNG_DATA_URL = `data:image/png;base64,${PNG_BASE64}`;
const dataUrl = (bytes: Buffer | string) => `data:application/octet-stream;base64,${Buffer.from(bytes).toString('base64')}`;

let bucket: TestBucket;
beforeAll(async () => {
  bucket = await startTestBucket(BUCKET_PORT);
});
afterAll(async () => bucket?.stop());

const filesUnder = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir, { recursive: true }).map(String) : []);

describe.each(['disk', 's3'] as const)('the %s file store', (kind) => {
  let store: FileStore;
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'qbank-store-'));
    store = kind === 'disk' ? new DiskStore(root) : await S3Store.create(bucket.config);
  });
  afterAll(() => {
    store.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('writes, reads, streams, sizes, lists and removes files by key', async () => {
    const key = storedKey('attachments', randomBytes(16).toString('hex'));
    expect(await store.size(key)).toBeNull();
    expect(await store.open(key)).toBeNull();
    await store.put(key, Buffer.from('강의 자료'));
    expect((await store.read(key))?.toString()).toBe('강의 자료');
    expect(await store.size(key)).toBe(Buffer.byteLength('강의 자료'));
    const opened = await store.open(key);
    const chunks: Buffer[] = [];
    for await (const chunk of opened!.body) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks).toString()).toBe('강의 자료');
    expect((await listStoredKeys(store)).includes(key)).toBe(true);

    await store.put(key, Buffer.from('다른 내용'), { ifAbsent: true });
    expect((await store.read(key))?.toString()).toBe('강의 자료');
    await store.remove(key);
    await store.remove(key);
    expect(await store.read(key)).toBeNull();
  });

  it('refuses keys outside its folders', async () => {
    await expect(store.put('../escape', Buffer.from('x'))).rejects.toThrow();
    await expect(store.put('uploads/../../x', Buffer.from('x'))).rejects.toThrow();
    expect(() => storedKey('uploads', 'a/b.png')).toThrow();
  });
});

describe('starting against a bucket', () => {
  it('refuses to start when the bucket cannot be reached or does not exist', async () => {
    const database = await openTestDatabase('sqlite');
    try {
      for (const env of [
        { ...bucket.env, S3_ENDPOINT: `http://127.0.0.1:${DEAD_PORT}` },
        { ...bucket.env, S3_BUCKET: 'no-such-bucket' },
      ]) {
        const config = configFromEnv(parseEnv({ DATA_DIR: database.dataDir, LOG_LEVEL: 'silent', JWT_SECRET: 'x'.repeat(32), ...env }));
        await expect(buildApp({ config, db: database.db, dialect: 'sqlite' })).rejects.toThrow(/S3 bucket .* is not reachable/);
      }
    } finally {
      await database.close();
    }
  });
});

describe.each(testDialects)('uploads in the bucket on %s', (dialect) => {
  let t: TestContext;
  let lead: string;
  let student: string;
  let board: number;
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, ...(cookie ? { headers: { cookie } } : {}), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestContext(dialect, { env: bucket.env });
    lead = await loginCookie(t.app, (await createMember(t.db, { role: 'lead' })).id);
    student = await loginCookie(t.app, (await createMember(t.db)).id);
    board = await createBoard(t.db);
  });
  afterAll(async () => t?.close());

  it('stores problem pictures in the bucket, never in DATA_DIR, and serves them with the same headers', async () => {
    const subject = await createSubject(t.db, { subject_name: '심장내과학' });
    const exam = await createTest(t.db, { subject_code: subject });
    const uid = await createProblem(t.db, { test_code: exam, no: 1 });
    const saved = await call('PATCH', `/v1/problem/${uid}`, lead, { question_pic: PNG_DATA_URL, question: `<p>그림<img src="${PNG_DATA_URL}"></p>` });
    expect(saved.statusCode).toBe(200);
    const picture = saved.json().problem.question_pic_path as string;
    expect(picture).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);
    expect(filesUnder(t.config.uploadsDir)).toEqual([]);
    expect(await t.app.ctx.storage.read(picture.slice(1))).toEqual(PNG);

    const served = await t.app.inject({ method: 'GET', url: picture });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(PNG);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
      'content-length': String(PNG.length),
    });
    const etag = served.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await t.app.inject({ method: 'GET', url: picture, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    expect((await t.app.inject({ method: 'HEAD', url: picture })).statusCode).toBe(200);
    // A picture kept by path must exist in the bucket, exactly as on disk.
    expect((await call('PATCH', `/v1/problem/${uid}`, lead, { answer_pic: picture })).json().problem.answer_pic_path).toBe(picture);
    const missing = `/uploads/${'0'.repeat(64)}.png`;
    expect((await t.app.inject({ method: 'GET', url: missing })).json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await t.app.inject({ method: 'GET', url: '/uploads/..%2Fsecret.png' })).statusCode).toBe(404);
  });

  it('keeps board attachments private in the bucket and removes them with the post', async () => {
    const created = await call('POST', `/boards/${board}/contents`, student, {
      title: '강의 자료',
      content: `<p>본문<img src="${PNG_DATA_URL}"></p>`,
      attachment: { filename: '심장 강의.pdf', data_url: dataUrl('%PDF-1.4 강의') },
    });
    expect(created.statusCode).toBe(201);
    const code = created.json().content.code as number;
    const row = await t.db.selectFrom('board_contents').select('attached_path').where('code', '=', code).executeTakeFirstOrThrow();
    expect(filesUnder(path.join(t.config.dataDir, 'attachments'))).toEqual([]);
    expect(filesUnder(t.config.uploadsDir)).toEqual([]);
    expect((await t.app.ctx.storage.read(`attachments/${row.attached_path}`))?.toString()).toBe('%PDF-1.4 강의');

    const url = `/boards/${board}/contents/${code}/attachment`;
    expect((await call('GET', url)).statusCode).toBe(401);
    const download = await call('GET', url, lead);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('%PDF-1.4 강의');
    expect(download.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''");
    // The attachment is not reachable through the public picture route.
    expect((await call('GET', `/uploads/${row.attached_path}`)).statusCode).toBe(404);

    expect((await call('DELETE', `/boards/${board}/contents/${code}`, student)).statusCode).toBe(200);
    expect(await t.app.ctx.storage.size(`attachments/${row.attached_path}`)).toBeNull();
  });
});

describe('moving and backing up the bucket', () => {
  it('moves a disk store into a bucket losing nothing, and runs again without copying twice', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'qbank-move-'));
    const disk = new DiskStore(root);
    const target = await S3Store.create(bucket.config);
    try {
      const written = new Map<string, Buffer>();
      for (let i = 0; i < 25; i += 1) {
        const bytes = randomBytes(100 + i * 37);
        const key = i % 2 === 0 ? storedKey('uploads', `${randomBytes(8).toString('hex')}.png`) : storedKey('attachments', randomBytes(16).toString('hex'));
        await disk.put(key, bytes);
        written.set(key, bytes);
      }
      const before = new Set(await listStoredKeys(target));
      const first = await copyStoredFiles(disk, target);
      expect(first.copied).toBe(25);
      for (const [key, bytes] of written) expect(await target.read(key), key).toEqual(bytes);
      expect((await listStoredKeys(target)).filter((key) => !before.has(key)).sort()).toEqual([...written.keys()].sort());
      const again = await copyStoredFiles(disk, target);
      expect(again).toMatchObject({ copied: 0, unchanged: 25 });
      expect(await listStoredKeys(disk)).toHaveLength(25);
    } finally {
      target.close();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('backs up the bucket with the database and restores it into an empty bucket', async () => {
    const source = await openTestDatabase('sqlite');
    const second = await startTestBucket(BUCKET_PORT + 1);
    const from = await S3Store.create(bucket.config);
    const to = await S3Store.create(second.config);
    const out = mkdtempSync(path.join(tmpdir(), 'qbank-backup-'));
    const restoreDir = mkdtempSync(path.join(tmpdir(), 'qbank-restore-'));
    try {
      const key = storedKey('attachments', randomBytes(16).toString('hex'));
      await from.put(key, Buffer.from('백업할 첨부'));
      const bucketKeys = await listStoredKeys(from);
      const { dir, manifest } = await createBackup({ databaseUrl: undefined, dataDir: source.dataDir, bucket: from }, out);
      expect(manifest.files.map((file) => file.path).sort()).toEqual(bucketKeys);
      expect(filesUnder(path.join(source.dataDir, 'attachments'))).toEqual([]);

      await restoreBackup(dir, { databaseUrl: undefined, dataDir: restoreDir, bucket: to }, { force: false });
      expect(await listStoredKeys(to)).toEqual(bucketKeys);
      expect((await to.read(key))?.toString()).toBe('백업할 첨부');
      expect(filesUnder(path.join(restoreDir, 'attachments'))).toEqual([]);
      // A bucket that holds files is not overwritten without --force.
      await expect(
        restoreBackup(dir, { databaseUrl: undefined, dataDir: mkdtempSync(path.join(tmpdir(), 'qbank-restore-')), bucket: to }, { force: false }),
      ).rejects.toThrow(/not empty/);
    } finally {
      from.close();
      to.close();
      await second.stop();
      await source.close();
      rmSync(out, { recursive: true, force: true });
      rmSync(restoreDir, { recursive: true, force: true });
    }
  });
});
