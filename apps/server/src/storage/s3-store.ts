import type { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../env';
import { isStoredKey, type FileStore, type StoredFolder, type StoredObject } from '../core/file-store';

function isNotFound(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  const name = (error as { name?: string }).name;
  return status === 404 || name === 'NotFound' || name === 'NoSuchKey';
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
type Sdk = typeof S3Sdk;

export class S3Store implements FileStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  readonly bucket: string;

  static async create(config: S3Config): Promise<S3Store> {
    return new S3Store(config, await import('@aws-sdk/client-s3'));
  }

  private constructor(
    config: S3Config,
    private readonly sdk: Sdk,
  ) {
    this.bucket = config.bucket;
    this.client = new sdk.S3Client({
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      ...(config.credentials ? { credentials: config.credentials } : {}),
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 2,
      requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000 },
    });
  }

  async put(key: string, bytes: Buffer, options: { contentType?: string; ifAbsent?: boolean } = {}): Promise<void> {
    if (options.ifAbsent && (await this.size(key)) !== null) return;
    await this.client.send(
      new this.sdk.PutObjectCommand({ Bucket: this.bucket, Key: checkedKey(key), Body: bytes, ContentType: options.contentType ?? 'application/octet-stream' }),
    );
  }

  async open(key: string): Promise<StoredObject | null> {
    try {
      const result = await this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }));
      if (!result.Body) return null;
      return { body: result.Body as Readable, size: result.ContentLength ?? 0, etag: result.ETag, lastModified: result.LastModified };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      const result = await this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }));
      return result.Body ? Buffer.from(await result.Body.transformToByteArray()) : null;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      const result = await this.client.send(new this.sdk.HeadObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }));
      return result.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }));
  }

  async *list(folder: StoredFolder): AsyncIterable<{ key: string; size: number }> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new this.sdk.ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${folder}/`, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        if (object.Key && isStoredKey(object.Key)) yield { key: object.Key, size: object.Size ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new this.sdk.HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const reason = isNotFound(error) ? 'the bucket does not exist' : error instanceof Error ? error.message || error.name : String(error);
      throw new Error(`S3 bucket ${this.bucket} is not reachable: ${reason}`, { cause: error });
    }
  }

  close(): void {
    this.client.destroy();
  }
}
