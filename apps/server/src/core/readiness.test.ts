import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERROR_CODES } from '@qbank/shared/errors';
import { buildApp } from '../app';
import { MIGRATION_NAMES } from '../db/migrate';
import { messages } from '../messages';
import { createTestContext, testDialects, type TestContext } from '../testing/harness';
import { openDatabase } from './db';

// Alive and ready are different questions (docs/decisions/133): /healthz answers while the process
// can answer at all; /readyz tells a proxy whether to send requests here, and which check failed.

describe.each(testDialects)('/healthz and /readyz on %s', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(dialect);
  });
  afterAll(async () => {
    t.app.ctx.health.draining = false;
    await t?.close();
  });
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('are both 200 on a healthy process', async () => {
    expect((await get('/healthz')).json()).toEqual({ ok: true });
    const ready = await get('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ok: true });
  });

  it('turns /readyz 503 while draining, naming the check, and keeps /healthz 200', async () => {
    t.app.ctx.health.draining = true;
    try {
      const ready = await get('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ message: messages.serverDraining, code: ERROR_CODES.unavailable, fields: { draining: messages.serverDraining } });
      expect((await get('/healthz')).statusCode).toBe(200);
    } finally {
      t.app.ctx.health.draining = false;
    }
  });

  it('turns /readyz 503 when a migration this code knows is not applied', async () => {
    const last = MIGRATION_NAMES.at(-1)!;
    const row = await t.db
      .selectFrom('kysely_migration' as never)
      .selectAll()
      .where('name' as never, '=', last as never)
      .executeTakeFirstOrThrow();
    await t.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', last as never)
      .execute();
    try {
      const ready = await get('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        message: messages.notReadyMigrations,
        code: ERROR_CODES.unavailable,
        fields: { migrations: messages.notReadyMigrations },
      });
    } finally {
      await t.db
        .insertInto('kysely_migration' as never)
        .values(row as never)
        .execute();
    }
    expect((await get('/readyz')).statusCode).toBe(200);
  });

  it('asks the file store at most once per cache period, however often it is polled', async () => {
    const check = vi.spyOn(t.app.ctx.storage, 'check');
    t.app.ctx.health.storageCacheMs = 60 * 60_000;
    try {
      // The first poll may reuse a check made by an earlier test; none of the later ones asks again.
      await get('/readyz');
      const before = check.mock.calls.length;
      await Promise.all(Array.from({ length: 5 }, () => get('/readyz')));
      expect(check.mock.calls.length).toBe(before);
    } finally {
      check.mockRestore();
      t.app.ctx.health.storageCacheMs = 5_000;
    }
  });

  it('turns /readyz 503 when the database cannot be reached (a closed pool; on PostgreSQL also a wrong address)', async () => {
    const closed = openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir }).db;
    // Used once first: Kysely's destroy() of a handle that never connected closes nothing.
    await sql`select 1`.execute(closed);
    await closed.destroy();
    // Port 4211 is of this worktree's range and nothing listens there.
    const wrong = dialect === 'postgres' ? [openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:4211/test', dataDir: t.config.dataDir }).db] : [];
    for (const db of [closed, ...wrong]) {
      const app = await buildApp({ config: t.config, db, dialect });
      try {
        const ready = await app.inject({ method: 'GET', url: '/readyz' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toEqual({ message: messages.notReadyDatabase, code: ERROR_CODES.unavailable, fields: { database: messages.notReadyDatabase } });
        expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      } finally {
        await app.close();
      }
    }
    await wrong[0]?.destroy();
  });
});
