import { sql, type Kysely } from 'kysely';
import { POSTGRES_VERSION_SLOTS } from './2026-11-24-070-content-version';

// Decision 211: the lineage version, raised by every committed write that changes a row the
// 출제 이력 reads use, as the content version (migration 070) is by the content tables. The
// lineage reads cache behind both (read-caches/lineage-version.ts); the content version stays
// untouched by the detection worker, which writes these tables all the time. A table a cached
// lineage read starts to read must be added here (in a new migration).
//
// A write that changes nothing but update_time — detection upserting a link or a lineage it
// finds again as it was, a whole-bank run over an unchanged bank — raises nothing, so the caches
// outlive a re-run. lineage_keys and lineage_queue are detection's own: no cached read uses them.

/** Each table with the columns whose change raises the version (all but the write's own time). */
export const LINEAGE_TABLES = {
  lineage_links: ['problem_a', 'problem_b', 'relation', 'similarity', 'keys_agree', 'detected', 'decision', 'decided_by', 'decided_at', 'started_from'],
  problem_lineages: ['problem_uid', 'lineage_code', 'lineage_size'],
} as const;

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

const BUMP_POSTGRES = `update lineage_versions set version = version + 1 where name = 'lineage-' || (txid_current() % ${POSTGRES_VERSION_SLOTS})`;

async function postgresTriggers(db: Kysely<any>): Promise<void> {
  // Statement-level, as the content version's, with the statement's rows (transition tables, one
  // event per trigger): an upsert that inserted or changed nothing bumps nothing.
  await sql.raw(`create function lineage_version_bump() returns trigger language plpgsql as $$ begin ${BUMP_POSTGRES}; return null; end $$`).execute(db);
  await sql
    .raw(
      `create function lineage_version_inserted() returns trigger language plpgsql as $$ begin ` +
        `if exists (select 1 from new_rows) then ${BUMP_POSTGRES}; end if; return null; end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function lineage_version_deleted() returns trigger language plpgsql as $$ begin ` +
        `if exists (select 1 from old_rows) then ${BUMP_POSTGRES}; end if; return null; end $$`,
    )
    .execute(db);
  for (const [table, columns] of Object.entries(LINEAGE_TABLES)) {
    const list = columns.join(', ');
    await sql
      .raw(
        `create function ${table}_lineage_version_updated() returns trigger language plpgsql as $$ begin ` +
          `if exists (select ${list} from new_rows except select ${list} from old_rows) then ${BUMP_POSTGRES}; end if; return null; end $$`,
      )
      .execute(db);
    const triggers = [
      `create trigger ${table}_lineage_version_insert after insert on ${table} referencing new table as new_rows for each statement execute function lineage_version_inserted()`,
      `create trigger ${table}_lineage_version_update after update on ${table} referencing old table as old_rows new table as new_rows for each statement execute function ${table}_lineage_version_updated()`,
      `create trigger ${table}_lineage_version_delete after delete on ${table} referencing old table as old_rows for each statement execute function lineage_version_deleted()`,
      `create trigger ${table}_lineage_version_truncate after truncate on ${table} for each statement execute function lineage_version_bump()`,
    ];
    for (const trigger of triggers) await sql.raw(trigger).execute(db);
  }
}

async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  // Row-level (SQLite has no other); one writer at a time, one version row.
  const bump = `begin update lineage_versions set version = version + 1 where name = 'lineage-0'; end`;
  for (const [table, columns] of Object.entries(LINEAGE_TABLES)) {
    const changed = columns.map((column) => `old.${column} is not new.${column}`).join(' or ');
    await sql.raw(`create trigger ${table}_lineage_version_insert after insert on ${table} ${bump}`).execute(db);
    await sql.raw(`create trigger ${table}_lineage_version_update after update on ${table} when ${changed} ${bump}`).execute(db);
    await sql.raw(`create trigger ${table}_lineage_version_delete after delete on ${table} ${bump}`).execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lineage_versions')
    .addColumn('name', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  const slots = isPostgres(db) ? POSTGRES_VERSION_SLOTS : 1;
  await db
    .insertInto('lineage_versions')
    .values(Array.from({ length: slots }, (_, slot) => ({ name: `lineage-${slot}`, version: 0 })))
    .execute();
  if (isPostgres(db)) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of Object.keys(LINEAGE_TABLES)) {
    for (const operation of ['insert', 'update', 'delete', 'truncate'])
      await sql.raw(`drop trigger if exists ${table}_lineage_version_${operation}${isPostgres(db) ? ` on ${table}` : ''}`).execute(db);
  }
  if (isPostgres(db)) {
    for (const table of Object.keys(LINEAGE_TABLES)) await sql.raw(`drop function if exists ${table}_lineage_version_updated()`).execute(db);
    for (const name of ['bump', 'inserted', 'deleted']) await sql.raw(`drop function if exists lineage_version_${name}()`).execute(db);
  }
  await db.schema.dropTable('lineage_versions').execute();
}
