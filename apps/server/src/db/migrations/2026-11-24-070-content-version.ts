import { sql, type Kysely } from 'kysely';

// Several processes on one database. First, the content version: one number that changes whenever anything the public lists show changes: exams, subjects,
// classes, problems and their links, set headers, reply counts. Response caches compare it per
// request, so every process sees a write at once, whichever process (or import script, or
// another branch's new write path) made it. The database bumps it in triggers, so no write path
// has to remember to. A table that a cached list starts to read must be added here (in a new
// migration calling contentVersionTriggers).

export const CONTENT_TABLES = [
  'subjects',
  'subject_grades',
  'tests',
  'test_grades',
  'classes',
  'problems',
  'problem_classes',
  'set_headers',
  'problem_replies',
] as const;

/**
 * PostgreSQL spreads the bumps over this many rows, one per transaction (its id modulo the count),
 * so concurrent writers (50 people commenting at once) do not queue on one row lock, and one
 * transaction never locks two of them (no deadlock between two bumping transactions). The
 * version is the sum of the rows, which every committed write raises. SQLite has one writer at a
 * time and uses one row.
 */
export const POSTGRES_VERSION_SLOTS = 16;

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

/** Creates the bump triggers on `tables` (statement-level on PostgreSQL, row-level on SQLite). */
export async function contentVersionTriggers(db: Kysely<any>, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    if (isPostgres(db)) {
      await sql
        .raw(
          `create trigger ${table}_content_version after insert or update or delete or truncate on ${table} ` +
            `for each statement execute function bump_content_version()`,
        )
        .execute(db);
    } else {
      for (const operation of ['insert', 'update', 'delete']) {
        await sql
          .raw(
            `create trigger ${table}_content_version_${operation} after ${operation} on ${table} ` +
              `begin update content_versions set version = version + 1 where name = 'content-0'; end`,
          )
          .execute(db);
      }
    }
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('content_versions')
    .addColumn('name', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  const slots = isPostgres(db) ? POSTGRES_VERSION_SLOTS : 1;
  await db
    .insertInto('content_versions')
    .values(Array.from({ length: slots }, (_, slot) => ({ name: `content-${slot}`, version: 0 })))
    .execute();
  if (isPostgres(db)) {
    await sql
      .raw(
        `create function bump_content_version() returns trigger language plpgsql as $$ begin ` +
          `update content_versions set version = version + 1 where name = 'content-' || (txid_current() % ${POSTGRES_VERSION_SLOTS}); ` +
          `return null; end $$`,
      )
      .execute(db);
  }
  await contentVersionTriggers(db, CONTENT_TABLES);

  // Work that must happen once across processes (a scheduled clean-up, a queued mail) takes a
  // lease here first: the row names the job, who holds it and until when (ms since the epoch).
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('owner', 'varchar(128)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of CONTENT_TABLES) {
    if (isPostgres(db)) {
      await sql.raw(`drop trigger if exists ${table}_content_version on ${table}`).execute(db);
    } else {
      for (const operation of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists ${table}_content_version_${operation}`).execute(db);
    }
  }
  if (isPostgres(db)) await sql.raw('drop function if exists bump_content_version()').execute(db);
  await db.schema.dropTable('job_leases').execute();
  await db.schema.dropTable('content_versions').execute();
}
