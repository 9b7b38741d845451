import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@qbank/shared/errors';
import { messages } from '../messages';
import { createMember, createTestContext, loginCookie, testDialects, type TestContext } from '../testing/harness';
import { createBoard, createProblem, createSubject, createTest } from '../testing/factories';
import { startTestBucket, type TestBucket } from '../testing/s3-bucket';
import { startSwitchableProxy, type SwitchableProxy } from '../testing/switchable-proxy';

// A bucket that stops answering (or goes away) must cost a request a Korean 503 naming the file
// store, never an open-ended wait, and the app must use the bucket again once it is back, without
// a restart. The bucket sits behind a proxy that the test makes hang, refuse, or forward.
// Port 4132 (this file's s3rver) is of the ops-errors range; the proxy takes any free port.
const BUCKET_PORT = 4132;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** A different valid picture each time (a PNG with extra bytes after its end), so each upload is a new object. */
let pictures = 0;
const newPictureUrl = () => `data:image/png;base64,${Buffer.concat([PNG, Buffer.from(`picture ${(pictures += 1)}`)]).toString('base64')}`;

/** The 503 of a store outage, naming its request (decision 133). */
const storageFault = (requestId: unknown) => ({
  message: messages.withRequestId(messages.storageUnavailable, String(requestId)),
  code: ERROR_CODES.storageUnavailable,
  request_id: String(requestId),
});

let bucket: TestBucket;
let proxy: SwitchableProxy;
beforeAll(async () => {
  bucket = await startTestBucket(BUCKET_PORT);
  proxy = await startSwitchableProxy(BUCKET_PORT);
});
afterAll(async () => {
  await proxy?.stop();
  await bucket?.stop();
});

describe.each(testDialects)('a stuck or dead bucket on %s', (dialect) => {
  let t: TestContext;
  let lead: string;
  let uid: number;
  let student: string;
  let board: number;

  beforeAll(async () => {
    proxy.setMode('forward');
    // A short deadline keeps the test quick (the default is in env.ts), yet long enough for the
    // in-process s3rver to answer on a loaded machine (1 s failed the start's check at load 21, and 2 s is within reach of CI's loaded runs).
    t = await createTestContext(dialect, { env: { ...bucket.env, S3_ENDPOINT: proxy.url, S3_TIMEOUT_MS: '5000' } });
    lead = await loginCookie(t.app, (await createMember(t.db, { role: 'lead' })).id);
    uid = await createProblem(t.db, { test_code: await createTest(t.db, { subject_code: await createSubject(t.db) }), no: 1 });
    student = await loginCookie(t.app, (await createMember(t.db)).id);
    board = await createBoard(t.db);
  });
  afterAll(async () => {
    proxy.setMode('forward');
    await t?.close();
  });

  const upload = () => t.app.inject({ method: 'PATCH', url: `/v1/problem/${uid}`, headers: { cookie: lead }, payload: { question_pic: newPictureUrl() } });
  const storedPicture = async () =>
    (await t.db.selectFrom('problems').select('question_pic_path').where('uid', '=', uid).executeTakeFirstOrThrow()).question_pic_path;

  it('answers uploads and picture reads with a Korean 503 while the bucket hangs or is down, then works again on its own', async () => {
    const first = await upload();
    expect(first.statusCode).toBe(200);
    const picture = first.json().problem.question_pic_path as string;
    expect((await t.app.inject({ method: 'GET', url: picture })).statusCode).toBe(200);

    for (const mode of ['hang', 'refuse'] as const) {
      proxy.setMode(mode);
      // Side by side, so a stuck bucket costs the test one deadline, not two.
      const [refused, read] = await Promise.all([upload(), t.app.inject({ method: 'GET', url: picture })]);
      expect(refused.statusCode, mode).toBe(503);
      expect(refused.json(), mode).toEqual(storageFault(refused.headers['x-request-id']));
      // Nothing half-saved: the problem still shows the picture it had.
      expect(await storedPicture(), mode).toBe(picture);
      expect(read.statusCode, mode).toBe(503);
      expect(read.json(), mode).toEqual(storageFault(read.headers['x-request-id']));
    }

    proxy.setMode('forward');
    const again = await upload();
    expect(again.statusCode).toBe(200);
    const next = again.json().problem.question_pic_path as string;
    expect(next).not.toBe(picture);
    expect(await storedPicture()).toBe(next);
    const served = await t.app.inject({ method: 'GET', url: next });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('turns /readyz 503 naming the file store while the bucket hangs or is down, and 200 once it is back', async () => {
    // Every poll asks the bucket here; the cache is covered by core/readiness.test.ts.
    t.app.ctx.health.storageCacheMs = 0;
    try {
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      for (const mode of ['hang', 'refuse'] as const) {
        proxy.setMode(mode);
        const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
        expect(ready.statusCode, mode).toBe(503);
        expect(ready.json(), mode).toEqual({ message: messages.notReadyStorage, code: ERROR_CODES.unavailable, fields: { storage: messages.notReadyStorage } });
        // Alive all the same: the process answers.
        expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode, mode).toBe(200);
      }
      proxy.setMode('forward');
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    } finally {
      proxy.setMode('forward');
      t.app.ctx.health.storageCacheMs = 5_000;
    }
  });

  it('answers an attachment download with the 503 while the bucket hangs, and deletes its post all the same', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `/boards/${board}/contents`,
      headers: { cookie: student },
      payload: {
        title: '강의 자료',
        content: '<p>본문</p>',
        attachment: { filename: '강의.pdf', data_url: `data:application/pdf;base64,${Buffer.from('%PDF-1.4 강의').toString('base64')}` },
      },
    });
    expect(created.statusCode).toBe(201);
    const code = created.json().content.code as number;
    const url = `/boards/${board}/contents/${code}`;

    proxy.setMode('hang');
    const download = await t.app.inject({ method: 'GET', url: `${url}/attachment`, headers: { cookie: student } });
    expect(download.statusCode).toBe(503);
    expect(download.json()).toEqual(storageFault(download.headers['x-request-id']));
    // The row goes first; the file the bucket could not remove stays behind unreferenced.
    expect((await t.app.inject({ method: 'DELETE', url, headers: { cookie: student } })).statusCode).toBe(200);
    expect(await t.db.selectFrom('board_contents').select('code').where('code', '=', code).executeTakeFirst()).toBeUndefined();
    proxy.setMode('forward');
  });
});
