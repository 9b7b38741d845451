import type { Config } from '../env';
import { DiskStore } from './disk-store';
import type { FileStore } from '../core/file-store';
import { S3Store } from './s3-store';

/** The store the configuration asks for: the bucket when S3_* is set, DATA_DIR otherwise. */
export function createFileStore(config: Pick<Config, 's3' | 'dataDir'>): FileStore {
  return config.s3 ? new S3Store(config.s3) : new DiskStore(config.dataDir);
}
