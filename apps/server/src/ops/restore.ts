import { copyFileSync, cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import SQLite from 'better-sqlite3';
import { checkSqliteIntegrity, postgresRowCounts, restorePostgres, sqliteSnapshot, type DatabaseSnapshot } from './database-files';
import type { FileStore } from '../core/file-store';
import { copyStoredFiles, listStoredKeys } from '../storage/copy';
import { DiskStore } from '../storage/disk-store';
import { BackupError, FILE_FOLDERS, listFiles, verifyBackup, type BackupManifest } from './manifest';

export interface RestoreTarget {
  databaseUrl: string | undefined;
  dataDir: string;
  /** The S3 bucket that receives the files when S3_* is set; DATA_DIR's folders otherwise. */
  bucket?: FileStore;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where the data that was replaced now lies (DATA_DIR/before-restore-…), or null if there was none. */
  previous: string | null;
}

const SQLITE_FILE = 'qbank.sqlite';

function dataRows(snapshot: DatabaseSnapshot): number {
  // Migration bookkeeping is not data: a freshly migrated database counts as empty.
  return Object.entries(snapshot.tables)
    .filter(([name]) => !name.startsWith('kysely_'))
    .reduce((sum, [, rows]) => sum + rows, 0);
}

async function targetSnapshot(target: RestoreTarget): Promise<DatabaseSnapshot | null> {
  if (target.databaseUrl) return postgresRowCounts(target.databaseUrl);
  const file = path.join(target.dataDir, SQLITE_FILE);
  if (!existsSync(file)) return null;
  const sqlite = new SQLite(file, { fileMustExist: true });
  try {
    return sqliteSnapshot(sqlite);
  } finally {
    sqlite.close();
  }
}

function checkCounts(manifest: BackupManifest, restored: DatabaseSnapshot): void {
  if (!isDeepStrictEqual(restored.tables, manifest.tables)) {
    throw new BackupError(`restored row counts differ from the manifest: ${JSON.stringify(restored.tables)} vs ${JSON.stringify(manifest.tables)}`);
  }
}

/** Copies the backup's SQLite file beside the live one and checks it there before anything moves. */
function stageSqlite(backupDir: string, manifest: BackupManifest, staged: string): void {
  copyFileSync(path.join(backupDir, manifest.database.path), staged);
  const sqlite = new SQLite(staged, { fileMustExist: true });
  try {
    checkSqliteIntegrity(sqlite);
    checkCounts(manifest, sqliteSnapshot(sqlite));
  } finally {
    sqlite.close();
  }
}

/** Moves `name` (if present) from DATA_DIR into the before-restore folder, creating it on first use. */
function moveAside(dataDir: string, name: string, asideDir: string): boolean {
  const from = path.join(dataDir, name);
  if (!existsSync(from)) return false;
  mkdirSync(asideDir, { recursive: true });
  renameSync(from, path.join(asideDir, name));
  return true;
}

/**
 * Restores a backup into DATA_DIR (and DATABASE_URL's database). Refuses a target that holds
 * data unless `force`; then the replaced SQLite file and folders are kept in
 * DATA_DIR/before-restore-<time>/ rather than deleted. Everything is staged beside its final
 * place and checked first, then renamed into place, so a failed restore leaves the target as it
 * was. The server must be stopped while restoring.
 */
export async function restoreBackup(backupDir: string, target: RestoreTarget, options: { force: boolean }): Promise<RestoreResult> {
  const manifest = await verifyBackup(backupDir);
  const dialect = target.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.dialect !== dialect) {
    throw new BackupError(
      `the backup holds a ${manifest.dialect} database but the target is ${dialect} (DATABASE_URL ${target.databaseUrl ? 'is' : 'is not'} set)`,
    );
  }

  const existing = await targetSnapshot(target);
  const existingRows = existing ? dataRows(existing) : 0;
  const existingFiles = target.bucket
    ? (await listStoredKeys(target.bucket)).length
    : FILE_FOLDERS.flatMap((folder) => listFiles(target.dataDir, folder)).length;
  if ((existingRows > 0 || existingFiles > 0) && !options.force) {
    throw new BackupError(
      `the target is not empty (${existingRows} rows, ${existingFiles} files in ${target.dataDir}); pass --force to replace it ` +
        `(the SQLite file and upload folders are kept in DATA_DIR/before-restore-<time>; a PostgreSQL database is replaced, so back it up first)`,
    );
  }

  mkdirSync(target.dataDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[-:.]/g, '');
  const staging = (name: string) => path.join(target.dataDir, `.${name}.restoring-${stamp}`);
  const stagedFolders = target.bucket ? [] : FILE_FOLDERS.filter((folder) => existsSync(path.join(backupDir, folder)));
  try {
    for (const folder of stagedFolders) cpSync(path.join(backupDir, folder), staging(folder), { recursive: true });
    if (dialect === 'sqlite') {
      stageSqlite(backupDir, manifest, staging(SQLITE_FILE));
    } else {
      // One transaction: a failure leaves the database as it was. --clean drops what is there.
      await restorePostgres(target.databaseUrl!, path.join(backupDir, manifest.database.path), {
        clean: existing !== null && Object.keys(existing.tables).length > 0,
      });
      checkCounts(manifest, await postgresRowCounts(target.databaseUrl!));
    }
  } catch (error) {
    for (const name of [SQLITE_FILE, ...FILE_FOLDERS]) rmSync(staging(name), { recursive: true, force: true });
    throw error;
  }
  // Into a bucket the files are written over (same keys, same bytes, each read back and
  // compared); objects the backup does not hold stay, as orphans no row points at.
  if (target.bucket) await copyStoredFiles(new DiskStore(backupDir), target.bucket);

  // Everything is checked; now swap. The old -wal and -shm go with the old file: left behind,
  // SQLite would replay them into the restored database.
  const asideDir = path.join(target.dataDir, `before-restore-${stamp}`);
  let movedAside = false;
  if (dialect === 'sqlite') {
    for (const name of [SQLITE_FILE, `${SQLITE_FILE}-wal`, `${SQLITE_FILE}-shm`]) movedAside = moveAside(target.dataDir, name, asideDir) || movedAside;
    renameSync(staging(SQLITE_FILE), path.join(target.dataDir, SQLITE_FILE));
  }
  for (const folder of target.bucket ? [] : FILE_FOLDERS) {
    movedAside = moveAside(target.dataDir, folder, asideDir) || movedAside;
    if (stagedFolders.includes(folder)) renameSync(staging(folder), path.join(target.dataDir, folder));
  }
  return { manifest, previous: movedAside ? asideDir : null };
}
