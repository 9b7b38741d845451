import type { Config } from '../env';
import { DiskStore } from './disk-store';
import type { FileStore } from '../core/file-store';
import { S3Store } from './s3-store';

/** The store the configuration asks for: the bucket when S3_* is set, DATA_DIR otherwise. */
export async function createFileStore(config: Pick<Config, 's3' | 'dataDir'>): Promise<FileStore> {
  return config.s3 ? S3Store.create(config.s3) : new DiskStore(config.dataDir);
}
