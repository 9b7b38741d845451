import { cpSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FileStore } from '../core/file-store';
import { copyStoredFiles } from '../storage/copy';
import { DiskStore } from '../storage/disk-store';
import { backupPostgres, backupSqlite, type DatabaseSnapshot } from './database-files';
import { describeFile, FILE_FOLDERS, listFiles, MANIFEST_FILE, POSTGRES_BACKUP_FILE, SQLITE_BACKUP_FILE, type BackupManifest } from './manifest';

export interface BackupSource {
  /** postgres://… when the server runs on PostgreSQL; otherwise DATA_DIR/qbank.sqlite is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** The S3 bucket holding the files when S3_* is set; DATA_DIR's folders otherwise. */
  bucket?: FileStore;
}

/** A name that sorts by time and is safe on every file system: qbank-20261122-013000. */
function backupName(now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');
  return `qbank-${stamp}`;
}

/**
 * Writes a backup into a new directory below `outDir` and returns its path and manifest. The
 * work happens in a hidden `.partial` directory that is renamed at the end, so a backup that
 * stopped half-way is never mistaken for a complete one.
 */
export async function createBackup(source: BackupSource, outDir: string, now = new Date()): Promise<{ dir: string; manifest: BackupManifest }> {
  const finalDir = path.resolve(outDir, backupName(now));
  if (existsSync(finalDir)) throw new Error(`${finalDir} already exists`);
  const workDir = path.resolve(outDir, `.${backupName(now)}.partial`);
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  try {
    const dialect = source.databaseUrl ? 'postgres' : 'sqlite';
    const databaseFile = dialect === 'postgres' ? POSTGRES_BACKUP_FILE : SQLITE_BACKUP_FILE;
    // Database first, files second: a file written in between is only an orphan in the copy,
    // while the reverse order could leave rows pointing at pictures the backup lacks.
    const snapshot: DatabaseSnapshot = source.databaseUrl
      ? await backupPostgres(source.databaseUrl, path.join(workDir, databaseFile))
      : await backupSqlite(path.join(source.dataDir, 'qbank.sqlite'), path.join(workDir, databaseFile));

    if (source.bucket) {
      // The bucket's keys are the disk layout, so the backup looks the same either way.
      await copyStoredFiles(source.bucket, new DiskStore(workDir));
    } else {
      for (const folder of FILE_FOLDERS) {
        const from = path.join(source.dataDir, folder);
        if (existsSync(from)) cpSync(from, path.join(workDir, folder), { recursive: true });
      }
    }
    const files = [];
    for (const relative of FILE_FOLDERS.flatMap((folder) => listFiles(workDir, folder))) {
      files.push(await describeFile(workDir, relative));
    }

    const manifest: BackupManifest = {
      format: 'qbank-backup',
      version: 1,
      dialect,
      created_at: now.toISOString(),
      migration: snapshot.migration,
      tables: snapshot.tables,
      database: await describeFile(workDir, databaseFile),
      files,
    };
    writeFileSync(path.join(workDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    renameSync(workDir, finalDir);
    return { dir: finalDir, manifest };
  } catch (error) {
    rmSync(workDir, { recursive: true, force: true });
    throw error;
  }
}
