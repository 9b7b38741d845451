import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../env';

export interface TestBucket {
  /** The S3_* settings of the bucket, as a server process would get them. */
  env: Record<string, string>;
  config: S3Config;
  stop(): Promise<void>;
}

// An S3-compatible server (s3rver, from npm) on a port of the scale range, holding one fresh
// bucket; its files live in a temp folder that is removed on stop. Each test file takes its own
// port so files can run side by side.
export async function startTestBucket(port: number): Promise<TestBucket> {
  const directory = mkdtempSync(path.join(tmpdir(), 'qbank-s3rver-'));
  const bucket = `qbank-${randomBytes(4).toString('hex')}`;
  const server = new S3rver({ port, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  await server.run();
  const env = {
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: '1',
  };
  return {
    env,
    config: {
      endpoint: env.S3_ENDPOINT,
      bucket,
      region: env.S3_REGION,
      credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
      forcePathStyle: true,
      timeoutMs: 10_000,
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
