import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isStoredKey, type FileStore, type StoredFolder, type StoredObject } from '../core/file-store';

// The one-machine default: files under DATA_DIR/<folder>/<name>, as before there was a bucket.
export class DiskStore implements FileStore {
  readonly kind = 'disk' as const;

  constructor(readonly root: string) {}

  /** The absolute path of a key; throws for anything that is not one of our keys. */
  pathOf(key: string): string {
    if (!isStoredKey(key)) throw new Error(`not a stored key: ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, bytes: Buffer, options: { ifAbsent?: boolean } = {}): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    if (options.ifAbsent && (await this.size(key)) !== null) return;
    await writeFile(file, bytes, { mode: 0o640 });
  }

  async open(key: string): Promise<StoredObject | null> {
    const size = await this.size(key);
    if (size === null) return null;
    return { body: createReadStream(this.pathOf(key)), size, etag: undefined, lastModified: undefined };
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch {
      return null;
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? info.size : null;
    } catch {
      return null;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async *list(folder: StoredFolder): AsyncIterable<{ key: string; size: number }> {
    let names: string[];
    try {
      names = await readdir(path.join(this.root, folder));
    } catch {
      return;
    }
    for (const name of names.sort()) {
      const key = `${folder}/${name}`;
      if (!isStoredKey(key)) continue;
      const size = await this.size(key);
      if (size !== null) yield { key, size };
    }
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }

  close(): void {}
}
