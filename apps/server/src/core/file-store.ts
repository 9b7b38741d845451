import type { Readable } from 'node:stream';

// Every uploaded file (problem and post pictures, board attachments) lives behind this one
// interface, on disk under DATA_DIR (the default) or in an S3-compatible bucket (S3_*). A key is
// `<folder>/<name>`, the same relative path on disk, in the bucket and in a backup, so moving
// between the two is a copy of keys.

export const STORED_FOLDERS = ['uploads', 'attachments'] as const;
export type StoredFolder = (typeof STORED_FOLDERS)[number];

const KEY = /^(uploads|attachments)\/[A-Za-z0-9][A-Za-z0-9_.-]{0,250}$/;

/** A key this server may write or read: one of our folders, one plain name, no `..`. */
export function isStoredKey(key: string): boolean {
  return KEY.test(key) && !key.includes('..');
}

export function storedKey(folder: StoredFolder, name: string): string {
  const key = `${folder}/${name}`;
  if (!isStoredKey(key)) throw new Error(`not a stored file name: ${name}`);
  return key;
}

/**
 * The store failed or did not answer within its deadline (an S3 bucket that is down or stuck).
 * The message says why, for logs and the CLIs; a request gets a Korean 503 from the error handler.
 */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}

export interface StoredObject {
  body: Readable;
  size: number;
  /** Strong validator for conditional requests, when the store has one. */
  etag: string | undefined;
  lastModified: Date | undefined;
}

export interface FileStore {
  readonly kind: 'disk' | 's3';
  /** Writes the bytes; with `ifAbsent` an existing key is left as it is (content-addressed names). */
  put(key: string, bytes: Buffer, options?: { contentType?: string; ifAbsent?: boolean }): Promise<void>;
  /** A stream of the file, or null when it does not exist. */
  open(key: string): Promise<StoredObject | null>;
  read(key: string): Promise<Buffer | null>;
  /** Size in bytes, or null when the file does not exist. */
  size(key: string): Promise<number | null>;
  /** Removes the file; one already gone is fine. */
  remove(key: string): Promise<void>;
  /** Every file of a folder with its size. */
  list(folder: StoredFolder): AsyncIterable<{ key: string; size: number }>;
  /** Throws when the store cannot be reached or used (checked once at start). */
  check(): Promise<void>;
  close(): void;
}
