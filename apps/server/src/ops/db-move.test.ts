import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../core/db';
import { setPasswordCost } from '../core/password';
import { migrateToLatest } from '../db/migrate';
import { DEMO_PASSWORD, seedDemoData } from '../seed/demo-data';
import { LARGE_PASSWORD, seedLargeData } from '../seed/large/large-data';
import { loadKorMedQuestions, SAMPLE_QUESTIONS_FILE } from '../seed/large/problem-text';
import { DiskStore } from '../storage/disk-store';
import { testDialects } from '../testing/harness';
import { freshPostgresDatabase, type FreshPostgresDatabase } from '../testing/postgres-database';
import { removeServerBundle, signInOverHttp, startServerProcess, type ServerProcess } from '../testing/server-process';
import { postgresRowCounts, sqliteSnapshot } from './database-files';
import { moveDatabase, type MoveReport } from './db-move';
import { recordAudit } from '../audit/service';

// The move of the embedded SQLite database into PostgreSQL (npm run db:move, decision 131): the
// demo data and a generated set moved and compared, then served by the real server on the
// target (a member signs in, a picture is served, a new comment gets a fresh id); the refusals
// (a server still running on the SQLite file, a target that holds data); and a move that fails
// half-way, which leaves the target empty and succeeds once the cause is gone. It needs both
// databases, so it runs only with TEST_DATABASE_URL.

const postgresUrl = process.env.TEST_DATABASE_URL;
// The task's own port range, so a run beside other work does not collide.
const SQLITE_SERVER_PORT = 4190;
const POSTGRES_SERVER_PORT = 4191;

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(removeServerBundle);

/** A stopped server's DATA_DIR: a migrated SQLite database filled by `fill`, pictures in uploads/. */
async function sqliteDataDir(fill: (db: Db, storage: DiskStore) => Promise<unknown>): Promise<string> {
  setPasswordCost('low');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'qbank-move-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const { db } = openDatabase({ dataDir });
  try {
    await migrateToLatest(db);
    await fill(db, new DiskStore(dataDir));
  } finally {
    await db.destroy();
  }
  return dataDir;
}

async function emptyTarget(): Promise<FreshPostgresDatabase> {
  const target = await freshPostgresDatabase(postgresUrl!, 'qbank_mv');
  cleanups.push(() => target.drop());
  return target;
}

async function targetTableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>("select count(*) as n from information_schema.tables where table_schema = 'public'");
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

function sqliteRows(dataDir: string, query: string): unknown[] {
  const sqlite = new SQLite(path.join(dataDir, 'qbank.sqlite'), { readonly: true });
  try {
    return sqlite.prepare(query).all();
  } finally {
    sqlite.close();
  }
}

/** Row counts of every copied table, read by the backup's counter on both sides (not by the move's own code). */
async function expectSameCounts(dataDir: string, targetUrl: string, report: MoveReport): Promise<void> {
  const sqlite = new SQLite(path.join(dataDir, 'qbank.sqlite'), { readonly: true });
  const source = sqliteSnapshot(sqlite).tables;
  sqlite.close();
  const target = (await postgresRowCounts(targetUrl)).tables;
  for (const table of report.tables) {
    expect(target[table.name], table.name).toBe(source[table.name]);
    expect(table.targetChecksum, table.name).toBe(table.sourceChecksum);
  }
}

async function startServer(dataDir: string, port: number, databaseUrl?: string): Promise<ServerProcess> {
  const { DATABASE_URL: _unset, ...inherited } = process.env;
  const server = await startServerProcess(
    {
      ...inherited,
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      JWT_SECRET: 'db-move-test-secret-db-move-test-secret-0123',
      PASSWORD_HASH_COST: 'low',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    },
    { port },
  );
  cleanups.push(async () => {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await server.exited;
  });
  return server;
}

/** The real server on the moved database: a member signs in, a picture is served, a new comment gets a fresh id. */
async function expectServed(dataDir: string, targetUrl: string, member: string, password: string): Promise<void> {
  const [picture] = sqliteRows(dataDir, 'select question_pic_path as path, uid from problems where question_pic_path is not null order by uid limit 1') as {
    path: string;
    uid: number;
  }[];
  const server = await startServer(dataDir, POSTGRES_SERVER_PORT, targetUrl);
  const token = await signInOverHttp(server, member, password);
  const image = await fetch(`${server.baseUrl}${picture!.path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(image.status).toBe(200);
  expect(Buffer.from(await image.arrayBuffer())).toEqual(readFileSync(path.join(dataDir, picture!.path)));
  // The sequences were set past the copied ids: a new row does not collide with a moved one.
  const reply = await fetch(`${server.baseUrl}/v1/problem/${picture!.uid}/reply`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ reply_text: '옮긴 뒤 첫 댓글' }),
  });
  expect(reply.status).toBe(201);
  const [highest] = sqliteRows(dataDir, 'select coalesce(max(reply_code), 0) as n from problem_replies') as { n: number }[];
  expect(((await reply.json()) as { reply: { reply_code: number } }).reply.reply_code).toBeGreaterThan(highest!.n);
}

/** What the demo seed does not write: audit entries (decision 161) and members' look settings. */
async function addAuditAndSettings(db: Db): Promise<void> {
  const members = await db.selectFrom('members').select(['code', 'id', 'name', 'authority']).orderBy('code').limit(2).execute();
  for (const member of members) {
    await db.insertInto('member_settings').values({ member_code: member.code, theme: 'dark', type_size: 'large' }).execute();
    await recordAudit(db, {
      actor: member,
      action: 'member.update',
      target: { kind: 'member', id: member.id, label: member.name },
      before: { nickname: '옛 별명' },
      after: { nickname: '새 별명' },
    });
  }
  await recordAudit(db, { actor: null, action: 'auth.lockout', target: { kind: 'login', id: 'nobody', label: 'nobody' }, after: { locked_minutes: 15 } });
}

describe.skipIf(!testDialects.includes('postgres'))('db:move from SQLite to PostgreSQL', () => {
  it('refuses while the server runs on the SQLite file, moves the demo data once it is stopped, refuses a second move, and the server on PostgreSQL serves it', async () => {
    const dataDir = await sqliteDataDir(async (db, storage) => {
      await seedDemoData(db, { storage });
      await addAuditAndSettings(db);
    });
    const target = await emptyTarget();

    const running = await startServer(dataDir, SQLITE_SERVER_PORT);
    await expect(moveDatabase({ dataDir, targetUrl: target.url })).rejects.toThrow(/in use by another process: stop the qbank server/);
    expect(await targetTableCount(target.url)).toBe(0);
    running.child.kill('SIGTERM');
    expect((await running.exited).code).toBe(0);

    const report = await moveDatabase({ dataDir, targetUrl: target.url });
    await expectSameCounts(dataDir, target.url, report);
    const moved = Object.fromEntries(report.tables.map((t) => [t.name, t.targetRows]));
    for (const table of ['members', 'problems', 'solve_attempts', 'problem_notes', 'problem_disputes', 'problem_replies', 'study_sessions', 'board_contents']) {
      expect(moved[table], table).toBeGreaterThan(0);
    }
    // The audit log and the members' settings go too, row for row (the log's triggers refuse
    // updates and deletes, not the move's inserts).
    for (const [table, rows] of [
      ['audit_log', 3],
      ['member_settings', 2],
    ] as const) {
      const [source] = sqliteRows(dataDir, `select count(*) as n from ${table}`) as { n: number }[];
      expect(source!.n, table).toBe(rows);
      expect(moved[table], table).toBe(rows);
    }
    expect(report.sourceOnly).toContain('problems_fts');
    expect(report.targetOwn.map((t) => t.name)).toEqual(['content_versions', 'lineage_versions']);
    expect(report.generated).toEqual(expect.arrayContaining(['problems.choseong_text', 'problem_search.choseong_key']));

    await expect(moveDatabase({ dataDir, targetUrl: target.url })).rejects.toThrow(
      /the target database is not empty: assignments \(3 rows\), audit_log \(3 rows\), board_contents/,
    );
    await expectServed(dataDir, target.url, 'demo-student', DEMO_PASSWORD);
  }, 180_000);

  it('moves a generated set in small batches, and a member signs in on the target', async () => {
    const questions = loadKorMedQuestions(SAMPLE_QUESTIONS_FILE);
    let student = '';
    const dataDir = await sqliteDataDir(async (db, storage) => {
      student = (await seedLargeData(db, 'sqlite', { scale: 0.005, storage, questions })).accounts.student;
    });
    const target = await emptyTarget();
    const report = await moveDatabase({ dataDir, targetUrl: target.url, batchRows: 7 });
    await expectSameCounts(dataDir, target.url, report);
    const moved = Object.fromEntries(report.tables.map((t) => [t.name, t.targetRows]));
    expect(moved.problems).toBe(500);
    expect(moved.solve_attempts).toBeGreaterThan(1000);
    await expectServed(dataDir, target.url, student, LARGE_PASSWORD);
  }, 180_000);

  it('leaves the target empty when the copy fails half-way, and the same move succeeds once the cause is gone', async () => {
    const dataDir = await sqliteDataDir((db, storage) => seedDemoData(db, { storage }));
    // A row SQLite took with its foreign keys off, which PostgreSQL refuses part-way through the copy.
    const sqlite = new SQLite(path.join(dataDir, 'qbank.sqlite'));
    sqlite.pragma('foreign_keys = OFF');
    sqlite.prepare('insert into subject_grades (subject_code, grade) values (999999, 1)').run();
    sqlite.close();
    const target = await emptyTarget();

    await expect(moveDatabase({ dataDir, targetUrl: target.url })).rejects.toThrow(/foreign key/);
    expect(await targetTableCount(target.url)).toBe(0);

    const fix = new SQLite(path.join(dataDir, 'qbank.sqlite'));
    fix.prepare('delete from subject_grades where subject_code = 999999').run();
    fix.close();
    const report = await moveDatabase({ dataDir, targetUrl: target.url });
    await expectSameCounts(dataDir, target.url, report);
  }, 120_000);
});
