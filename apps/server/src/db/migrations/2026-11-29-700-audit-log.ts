import { sql, type Kysely } from 'kysely';

// The audit log of administrative acts (decision 161). Append-only in the database itself, so no
// code path of the app, present or future, can rewrite history: an UPDATE is always refused, a
// DELETE only of an entry older than the retention period in audit_settings (what the purge job
// removes), TRUNCATE (PostgreSQL) never. The period cannot go below 30 days (a check), so making
// recent entries purgeable takes DDL, not a setting. Until a superadmin sets the period there is no
// settings row and the default applies (here and in audit/repository.ts): a row the migration
// wrote would count as the target's own data to the SQLite → PostgreSQL move (decision 131), which
// would then not copy a changed period. actor_code has no foreign key: an entry
// outlives the member it names (the label keeps "name (id)" as it was).

/** AUDIT_RETENTION_DEFAULT_DAYS of @qbank/shared/audit, as it was when this migration was written. */
const DEFAULT_RETENTION_DAYS = 730;
const RETENTION = `coalesce((select retention_days from audit_settings where name = 'audit'), ${DEFAULT_RETENTION_DAYS})`;
const REFUSED = 'audit_log is append-only: entries are never changed, and only the retention purge removes old ones';

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('audit_settings')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('retention_days', 'integer', (c) => c.notNull().check(sql`retention_days between 30 and 3650`))
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('code', postgres ? 'bigserial' : 'integer', (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_code', 'integer')
    .addColumn('actor_label', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text')
    .addColumn('target_label', 'text')
    .addColumn('changes', 'text', (c) => c.notNull().defaultTo('{}'))
    // 'admin': every admin reads it; 'superadmin': acts on admins, which only the superadmin may do.
    .addColumn('scope', 'text', (c) => c.notNull().check(sql`scope in ('admin', 'superadmin')`))
    .addColumn('request_id', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').columns(['at', 'code']).execute();
  await db.schema.createIndex('audit_log_action_at_idx').on('audit_log').columns(['action', 'at']).execute();
  await db.schema.createIndex('audit_log_actor_at_idx').on('audit_log').columns(['actor_code', 'at']).execute();

  if (postgres) {
    await sql
      .raw(
        `create function audit_log_append_only() returns trigger language plpgsql as $$ begin
           if tg_op = 'DELETE' and old.at < to_char((now() at time zone 'utc') - make_interval(days => ${RETENTION}), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') then
             return old;
           end if;
           raise exception '${REFUSED}' using errcode = 'P0001';
         end $$`,
      )
      .execute(db);
    await sql
      .raw('create trigger audit_log_append_only before update or delete on audit_log for each row execute function audit_log_append_only()')
      .execute(db);
    await sql.raw('create trigger audit_log_no_truncate before truncate on audit_log for each statement execute function audit_log_append_only()').execute(db);
  } else {
    await sql.raw(`create trigger audit_log_no_update before update on audit_log begin select raise(abort, '${REFUSED}'); end`).execute(db);
    await sql
      .raw(
        `create trigger audit_log_no_delete before delete on audit_log ` +
          `when old.at >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || ${RETENTION} || ' days') ` +
          `begin select raise(abort, '${REFUSED}'); end`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('drop table if exists audit_log').execute(db);
    await sql.raw('drop function if exists audit_log_append_only()').execute(db);
  } else {
    await db.schema.dropTable('audit_log').ifExists().execute();
  }
  await db.schema.dropTable('audit_settings').ifExists().execute();
}
