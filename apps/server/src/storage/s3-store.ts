import type { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../env';
import { isStoredKey, StoreUnavailableError, type FileStore, type StoredFolder, type StoredObject } from '../core/file-store';

function isNotFound(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  const name = (error as { name?: string }).name;
  return status === 404 || name === 'NotFound' || name === 'NoSuchKey';
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

function checkedKey(key: string): string {
  if (!isStoredKey(key)) throw new Error(`not a stored key: ${key}`);
  return key;
}

// Files in an S3-compatible bucket (AWS, MinIO, Ceph, R2…) so that every process serves every
// upload. The keys are the disk layout's relative paths. Checksums are only sent when the
// operation requires them: several S3-compatible stores refuse the SDK's default trailers.
// The SDK is loaded only when a bucket is configured: importing it takes most of a second, which
// the one-machine start (no bucket) should not pay.
//
// Every call has a deadline (S3_TIMEOUT_MS, docs/decisions/073): a bucket that accepts connections
// but never answers must cost a request a 503, not an open-ended wait. The SDK's requestTimeout
// alone only logs a warning unless throwOnRequestTimeout is set, and each retry gets its own, so
// the whole call, retries included, is also aborted when the deadline passes. A failure other than
// "no such object" becomes a StoreUnavailableError. Nothing is kept broken: the next call tries
// again on a fresh connection, so the store is used again as soon as it answers.
type Sdk = typeof S3Sdk;

export class S3Store implements FileStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  readonly bucket: string;
  private readonly timeoutMs: number;

  static async create(config: S3Config): Promise<S3Store> {
    return new S3Store(config, await import('@aws-sdk/client-s3'));
  }

  private constructor(
    config: S3Config,
    private readonly sdk: Sdk,
  ) {
    this.bucket = config.bucket;
    this.timeoutMs = config.timeoutMs;
    this.client = new sdk.S3Client({
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      ...(config.credentials ? { credentials: config.credentials } : {}),
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 2,
      requestHandler: {
        connectionTimeout: Math.min(3_000, config.timeoutMs),
        requestTimeout: config.timeoutMs,
        throwOnRequestTimeout: true,
        // An answer whose body stops arriving (a stream to the client, a download) is cut too.
        socketTimeout: config.timeoutMs,
      },
    });
  }

  /** One SDK call under the deadline, which ends when the answer's headers have arrived. */
  private async call<T>(operation: string, send: (abortSignal: AbortSignal) => Promise<T>): Promise<T> {
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), this.timeoutMs);
    try {
      return await send(deadline.signal);
    } catch (error) {
      if (isNotFound(error)) throw error;
      const reason = deadline.signal.aborted ? `no answer within ${this.timeoutMs} ms` : reasonOf(error);
      throw new StoreUnavailableError(`S3 ${operation} on bucket ${this.bucket} failed: ${reason}`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  private async getObject(key: string) {
    try {
      return await this.call('GetObject', (abortSignal) =>
        this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }), { abortSignal }),
      );
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async put(key: string, bytes: Buffer, options: { contentType?: string; ifAbsent?: boolean } = {}): Promise<void> {
    if (options.ifAbsent && (await this.size(key)) !== null) return;
    const command = new this.sdk.PutObjectCommand({
      Bucket: this.bucket,
      Key: checkedKey(key),
      Body: bytes,
      ContentType: options.contentType ?? 'application/octet-stream',
    });
    await this.call('PutObject', (abortSignal) => this.client.send(command, { abortSignal }));
  }

  async open(key: string): Promise<StoredObject | null> {
    const result = await this.getObject(key);
    if (!result?.Body) return null;
    return { body: result.Body as Readable, size: result.ContentLength ?? 0, etag: result.ETag, lastModified: result.LastModified };
  }

  async read(key: string): Promise<Buffer | null> {
    const result = await this.getObject(key);
    if (!result?.Body) return null;
    try {
      return Buffer.from(await result.Body.transformToByteArray());
    } catch (error) {
      throw new StoreUnavailableError(`S3 GetObject on bucket ${this.bucket} failed while reading: ${reasonOf(error)}`, { cause: error });
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      const command = new this.sdk.HeadObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) });
      const result = await this.call('HeadObject', (abortSignal) => this.client.send(command, { abortSignal }));
      return result.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    const command = new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) });
    await this.call('DeleteObject', (abortSignal) => this.client.send(command, { abortSignal }));
  }

  async *list(folder: StoredFolder): AsyncIterable<{ key: string; size: number }> {
    let token: string | undefined;
    do {
      const command = new this.sdk.ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${folder}/`, ContinuationToken: token });
      const page = await this.call('ListObjectsV2', (abortSignal) => this.client.send(command, { abortSignal }));
      for (const object of page.Contents ?? []) {
        if (object.Key && isStoredKey(object.Key)) yield { key: object.Key, size: object.Size ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async check(): Promise<void> {
    try {
      await this.call('HeadBucket', (abortSignal) => this.client.send(new this.sdk.HeadBucketCommand({ Bucket: this.bucket }), { abortSignal }));
    } catch (error) {
      const reason = isNotFound(error) ? 'the bucket does not exist' : reasonOf(error);
      throw new Error(`S3 bucket ${this.bucket} is not reachable: ${reason}`, { cause: error });
    }
  }

  close(): void {
    this.client.destroy();
  }
}
