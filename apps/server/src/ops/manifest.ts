import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { STORED_FOLDERS } from '../core/file-store';

// A backup is a directory: the database (an SQLite file or a pg_dump archive), copies of the
// file folders under DATA_DIR, and manifest.json, which lists everything with a SHA-256 so a
// damaged or incomplete backup is refused before anything is overwritten.

export const MANIFEST_FILE = 'manifest.json';
export const SQLITE_BACKUP_FILE = 'qbank.sqlite';
export const POSTGRES_BACKUP_FILE = 'database.dump';
/**
 * Folders under DATA_DIR that hold user files: problem and post pictures (uploads/) and board
 * attachments (attachments/). The JWT secret and the dev mail outbox are left out on purpose.
 */
export const FILE_FOLDERS = STORED_FOLDERS;

const fileEntrySchema = z.object({ path: z.string().min(1), size: z.number().int().min(0), sha256: z.string().length(64) });

const manifestSchema = z.object({
  format: z.literal('qbank-backup'),
  version: z.literal(1),
  dialect: z.enum(['sqlite', 'postgres']),
  created_at: z.string(),
  /** The newest migration applied to the backed-up database. */
  migration: z.string().nullable(),
  /** Rows per table at the moment of the backup (the same snapshot as the database file). */
  tables: z.record(z.string(), z.number().int().min(0)),
  database: fileEntrySchema,
  files: z.array(fileEntrySchema),
});
export type BackupManifest = z.infer<typeof manifestSchema>;
export type FileEntry = z.infer<typeof fileEntrySchema>;

export class BackupError extends Error {}

async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

export async function describeFile(root: string, relative: string): Promise<FileEntry> {
  const file = path.join(root, relative);
  return { path: relative, size: statSync(file).size, sha256: await sha256File(file) };
}

/** Every regular file below `dir`, as paths relative to `root` with forward slashes. */
export function listFiles(root: string, dir: string): string[] {
  const start = path.join(root, dir);
  if (!existsSync(start)) return [];
  return readdirSync(start, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** Reads the manifest and checks every file it lists; throws BackupError on the first problem. */
export async function verifyBackup(backupDir: string): Promise<BackupManifest> {
  const manifestFile = path.join(backupDir, MANIFEST_FILE);
  if (!existsSync(manifestFile)) throw new BackupError(`not a qbank backup: ${manifestFile} is missing`);
  let manifest: BackupManifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(readFileSync(manifestFile, 'utf8')));
  } catch (error) {
    throw new BackupError(`${manifestFile} is not a valid qbank manifest: ${error instanceof Error ? error.message : String(error)}`);
  }
  for (const entry of [manifest.database, ...manifest.files]) {
    const file = path.join(backupDir, entry.path);
    if (path.relative(backupDir, file).startsWith('..')) throw new BackupError(`manifest lists a path outside the backup: ${entry.path}`);
    if (!existsSync(file)) throw new BackupError(`backup is incomplete: ${entry.path} is missing`);
    if (statSync(file).size !== entry.size || (await sha256File(file)) !== entry.sha256) {
      throw new BackupError(`backup is damaged: ${entry.path} does not match its checksum`);
    }
  }
  return manifest;
}
