import { createHash } from 'node:crypto';
import { STORED_FOLDERS, type FileStore } from '../core/file-store';

export interface CopyResult {
  /** Files written to the target. */
  copied: number;
  /** Files the target already held with the same bytes. */
  unchanged: number;
  bytes: number;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Copies every stored file (uploads/, attachments/) from one store to another and reads each
 * back to compare its SHA-256, so a copy that reports success has lost nothing. Files already
 * in the target with the same bytes are left alone, which makes an interrupted copy safe to
 * run again. Nothing is removed from either store.
 */
export async function copyStoredFiles(from: FileStore, to: FileStore, onFile?: (key: string) => void): Promise<CopyResult> {
  const result: CopyResult = { copied: 0, unchanged: 0, bytes: 0 };
  for (const folder of STORED_FOLDERS) {
    for await (const { key } of from.list(folder)) {
      const bytes = await from.read(key);
      if (!bytes) continue; // removed between the listing and the read: nothing to keep
      const digest = sha256(bytes);
      const existing = await to.read(key);
      if (existing && sha256(existing) === digest) {
        result.unchanged += 1;
        continue;
      }
      await to.put(key, bytes);
      const written = await to.read(key);
      if (!written || sha256(written) !== digest) throw new Error(`${key} did not arrive intact in the target store`);
      result.copied += 1;
      result.bytes += bytes.length;
      onFile?.(key);
    }
  }
  return result;
}

/** Every key of the store's folders, sorted. */
export async function listStoredKeys(store: FileStore): Promise<string[]> {
  const keys: string[] = [];
  for (const folder of STORED_FOLDERS) for await (const { key } of store.list(folder)) keys.push(key);
  return keys.sort();
}
