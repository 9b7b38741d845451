import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { writeAttachment } from '../boards/attachments';
import { setPasswordCost } from '../core/password';
import { DiskStore } from '../storage/disk-store';
import { openDatabase, type Db, type Dialect } from '../core/db';
import { migrateToLatest } from '../db/migrate';
import { seedDemoData } from '../seed/demo-data';
import { createMember, openTestDatabase, testDialects } from '../testing/harness';
import { createProblem, createSubject, createTest } from '../testing/factories';
import { freshPostgresDatabase as freshPostgresDatabaseOn } from '../testing/postgres-database';
import { createBackup } from './backup';
import { FILE_FOLDERS, listFiles, MANIFEST_FILE } from './manifest';
import { restoreBackup } from './restore';

// Backup and restore on each dialect: a database with the demo data (pictures in uploads/) and a
// board attachment, backed up while the application's connection is open and has just written,
// restored into a fresh target and compared table by table, file by file.

const postgresUrl = process.env.TEST_DATABASE_URL;

interface Place {
  dataDir: string;
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

interface Source extends Place {
  db: Db;
}

/**
 * pg_dump copies a whole database, so on PostgreSQL each side gets a database of its own
 * (the harness's per-test schemas share one database with the other test files).
 */
const freshPostgresDatabase = () => freshPostgresDatabaseOn(postgresUrl!, 'qbank_bk');

/** The database to back up: migrated, with an open application connection. */
async function openSource(dialect: Dialect): Promise<Source> {
  if (dialect === 'sqlite') {
    const database = await openTestDatabase('sqlite');
    return { ...database, databaseUrl: undefined };
  }
  setPasswordCost('low');
  const database = await freshPostgresDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'qbank-pg-backup-'));
  const { db } = openDatabase({ databaseUrl: database.url, dataDir });
  await migrateToLatest(db);
  return {
    db,
    dataDir,
    databaseUrl: database.url,
    async close() {
      await db.destroy();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh, empty place to restore into: a new DATA_DIR (and a new PostgreSQL database). */
async function openTarget(dialect: Dialect): Promise<Place> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'qbank-restore-'));
  const database = dialect === 'postgres' ? await freshPostgresDatabase() : undefined;
  return {
    dataDir,
    databaseUrl: database?.url,
    async close() {
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Reads the target through the application's own database setup, then closes it again. */
async function withDb<T>(place: Place, read: (db: Db) => Promise<T>): Promise<T> {
  const { db } = openDatabase({ databaseUrl: place.databaseUrl, dataDir: place.dataDir });
  try {
    return await read(db);
  } finally {
    await db.destroy();
  }
}

/** Every table's rows, each row as JSON, sorted: equal when the data is equal. */
async function tableContents(db: Db, dialect: Dialect): Promise<Record<string, string[]>> {
  const tables = (await db.introspection.getTables({ withInternalKyselyTables: true }))
    .filter((table) => !table.isView && (dialect === 'sqlite' || table.schema === 'public'))
    .map((table) => table.name)
    .sort();
  const contents: Record<string, string[]> = {};
  for (const name of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    contents[name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return contents;
}

function fileContents(dataDir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const relative of FILE_FOLDERS.flatMap((folder) => listFiles(dataDir, folder))) {
    files[relative] = readFileSync(path.join(dataDir, relative)).toString('base64');
  }
  return files;
}

async function fill(place: Source): Promise<void> {
  await seedDemoData(place.db, { storage: new DiskStore(place.dataDir) });
  const subject = await createSubject(place.db, { subject_name: '백업 검증 과목' });
  const test = await createTest(place.db, { subject_code: subject });
  for (let no = 1; no <= 30; no += 1) await createProblem(place.db, { test_code: test, no, question: `<p>백업 ${no}번 — 한글 “따옴표”와 '작은따옴표'</p>` });
  await createMember(place.db);
  await writeAttachment(new DiskStore(place.dataDir), Buffer.from('강의 자료 첨부파일 내용'));
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp(dialect: Dialect) {
  const source = await openSource(dialect);
  cleanups.push(() => source.close());
  await fill(source);
  const backups = mkdtempSync(path.join(tmpdir(), 'qbank-backups-'));
  cleanups.push(async () => rmSync(backups, { recursive: true, force: true }));
  return { source, backups };
}

// Each test seeds the demo data and runs pg_dump / pg_restore (or copies SQLite) several times: ~2 s
// alone, but 16 s on CI's two cores beside e2e, so the server's 30 s default is too close. A
// timeout would also drop the target database under a restore still running (an unhandled error).
const BACKUP_TEST_TIMEOUT_MS = 120_000;

describe.each(testDialects)('backup and restore (%s)', (dialect) => {
  it(
    'round-trips every table and file, backed up while the app connection is open',
    async () => {
      const { source, backups } = await setUp(dialect);
      // A write just before the backup, on the still-open connection (in SQLite it sits in the WAL).
      await createMember(source.db, { id: 'written-just-before' });

      const { dir, manifest } = await createBackup({ databaseUrl: source.databaseUrl, dataDir: source.dataDir }, backups);
      expect(manifest.dialect).toBe(dialect);
      const newest = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(source.db);
      expect(manifest.migration).toBe(newest.rows[0]?.name);
      expect(manifest.migration).toMatch(/^\d{4}-\d{2}-\d{2}-\d{3}-/);
      expect(manifest.tables.members).toBeGreaterThan(5);
      expect(manifest.files.some((file) => file.path.startsWith('uploads/'))).toBe(true);
      expect(manifest.files.some((file) => file.path.startsWith('attachments/'))).toBe(true);
      // No .partial directory is left behind.
      expect(readdirSync(backups)).toEqual([path.basename(dir)]);

      const target = await openTarget(dialect);
      cleanups.push(() => target.close());
      const result = await restoreBackup(dir, { databaseUrl: target.databaseUrl, dataDir: target.dataDir }, { force: false });
      expect(result.previous).toBeNull();

      const expected = await tableContents(source.db, dialect);
      const actual = await withDb(target, (db) => tableContents(db, dialect));
      expect(Object.keys(actual)).toEqual(Object.keys(expected));
      for (const table of Object.keys(expected)) expect(actual[table], table).toEqual(expected[table]);
      expect(actual.members?.some((row) => row.includes('written-just-before'))).toBe(true);
      expect(fileContents(target.dataDir)).toEqual(fileContents(source.dataDir));
    },
    BACKUP_TEST_TIMEOUT_MS,
  );

  it(
    'refuses a damaged or incomplete backup and a non-empty target without --force',
    async () => {
      const { source, backups } = await setUp(dialect);
      const { dir, manifest } = await createBackup({ databaseUrl: source.databaseUrl, dataDir: source.dataDir }, backups);
      const target = await openTarget(dialect);
      cleanups.push(() => target.close());
      const restore = (force = false) => restoreBackup(dir, { databaseUrl: target.databaseUrl, dataDir: target.dataDir }, { force });
      const targetIsEmpty = async () =>
        readdirSync(target.dataDir).length === 0 &&
        (dialect === 'sqlite' || Object.keys(await withDb(target, (db) => tableContents(db, dialect))).length === 0);

      const databaseFile = path.join(dir, manifest.database.path);
      const original = readFileSync(databaseFile);
      const damaged = Buffer.from(original);
      const middle = Math.floor(damaged.length / 2);
      damaged.writeUInt8(damaged.readUInt8(middle) ^ 0xff, middle);
      writeFileSync(databaseFile, damaged);
      await expect(restore()).rejects.toThrow(`backup is damaged: ${manifest.database.path} does not match its checksum`);
      writeFileSync(databaseFile, original);

      const picture = manifest.files.find((file) => file.path.startsWith('uploads/'))!;
      const pictureBytes = readFileSync(path.join(dir, picture.path));
      unlinkSync(path.join(dir, picture.path));
      await expect(restore()).rejects.toThrow(`backup is incomplete: ${picture.path} is missing`);
      writeFileSync(path.join(dir, picture.path), pictureBytes);

      const manifestText = readFileSync(path.join(dir, MANIFEST_FILE), 'utf8');
      writeFileSync(path.join(dir, MANIFEST_FILE), manifestText.replace('"qbank-backup"', '"something-else"'));
      await expect(restore()).rejects.toThrow('is not a valid qbank manifest');
      unlinkSync(path.join(dir, MANIFEST_FILE));
      await expect(restore()).rejects.toThrow('not a qbank backup');
      writeFileSync(path.join(dir, MANIFEST_FILE), manifestText);
      expect(await targetIsEmpty()).toBe(true);

      // Now it restores; a second restore onto the same data needs --force and keeps what it replaces.
      await restore();
      await expect(restore()).rejects.toThrow('the target is not empty');
      const forced = await restore(true);
      expect(forced.previous).not.toBeNull();
      expect(existsSync(path.join(forced.previous!, 'uploads'))).toBe(true);
      if (dialect === 'sqlite') expect(existsSync(path.join(forced.previous!, 'qbank.sqlite'))).toBe(true);
      expect(fileContents(target.dataDir)).toEqual(fileContents(source.dataDir));
    },
    BACKUP_TEST_TIMEOUT_MS,
  );
});
