import { sql } from 'kysely';
import { MIGRATION_NAMES } from '../db/migrate';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context';
import { messages } from '../messages';

/** A database that accepts connections but does not answer is not ready either. */
const DATABASE_DEADLINE_MS = 3_000;

export type ReadinessCheck = 'draining' | 'database' | 'migrations' | 'storage';

function withinDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** The migrations this code knows that the database has not applied; null when the database cannot be asked. */
async function missingMigrations(ctx: AppContext, log: FastifyBaseLogger): Promise<string[] | null> {
  try {
    await withinDeadline(sql`select 1`.execute(ctx.db), DATABASE_DEADLINE_MS);
  } catch (error) {
    log.warn({ err: error }, 'readiness: database unreachable');
    return null;
  }
  try {
    const { rows } = await withinDeadline(sql<{ name: string }>`select name from kysely_migration`.execute(ctx.db), DATABASE_DEADLINE_MS);
    const applied = new Set(rows.map((row) => row.name));
    return MIGRATION_NAMES.filter((name) => !applied.has(name));
  } catch (error) {
    // A reachable database without the migrator's table has applied none.
    log.warn({ err: error }, 'readiness: migrations not readable');
    return [...MIGRATION_NAMES];
  }
}

/**
 * Whether this process should get requests (docs/decisions/133): not draining, the database
 * answers, every migration this code knows is applied (a database migrated further by a newer
 * process still serves this one during a rolling deploy), and the file store answers.
 * Returns the Korean sentence of each failed check; empty when ready.
 */
export async function readinessFailures(ctx: AppContext, log: FastifyBaseLogger): Promise<Partial<Record<ReadinessCheck, string>>> {
  const [missing, storageOk] = await Promise.all([
    missingMigrations(ctx, log),
    ctx.health.storageReachable(
      () => ctx.storage.check(),
      (error) => log.warn({ err: error }, 'readiness: file store unreachable'),
    ),
  ]);
  const failures: Partial<Record<ReadinessCheck, string>> = {};
  if (ctx.health.draining) failures.draining = messages.serverDraining;
  if (missing === null) failures.database = messages.notReadyDatabase;
  else if (missing.length > 0) {
    log.warn({ missing }, 'readiness: migrations not applied');
    failures.migrations = messages.notReadyMigrations;
  }
  if (!storageOk) failures.storage = messages.notReadyStorage;
  return failures;
}
