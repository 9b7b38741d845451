import { sql, type Kysely } from 'kysely';

// The member's activity version (decision 061): one number per member that changes whenever
// anything the member's own aggregate reads derive from changes — their answers (solve mode,
// sessions, reviews, re-judged by an answer-key change or a dispute ruling, deleted with a
// problem), their review cards, notes and boxes. The per-member response cache compares it (with
// the content version of migration 070) on every request, so every process sees a write at
// once, whoever made it. As with the content version, the database bumps it in triggers so that
// no write path has to remember to; a table that a cached per-member read starts to read must be
// added here (in a new migration).
//
// The version lives on the member row, which the route guard reads on every request anyway.

/** Each table, and how its rows name the members they belong to (`rows`: a transition table or NEW/OLD). */
const OWNED_TABLES: Record<string, { postgres: (rows: string) => string; sqlite: (row: 'new' | 'old') => string }> = {
  solve_attempts: byMemberColumn(),
  review_cards: byMemberColumn(),
  problem_notes: byMemberColumn(),
  boxes: byMemberColumn(),
  // A box's problems belong to the box's owner. When the box itself is deleted its rows are gone
  // first or after; either way the delete of the box bumps the owner.
  box_problems: {
    postgres: (rows) => `select b.member_code from ${rows} r join boxes b on b.code = r.box_code`,
    sqlite: (row) => `(select member_code from boxes where code = ${row}.box_code)`,
  },
};

function byMemberColumn() {
  return { postgres: (rows: string) => `select member_code from ${rows}`, sqlite: (row: 'new' | 'old') => `${row}.member_code` };
}

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

// PostgreSQL: statement-level triggers with transition tables, so a re-judging that updates
// thousands of answers bumps each member once. A trigger with transition tables takes one event,
// so each table gets one per operation. The rows are locked in member order first (no deadlock
// between two statements bumping the same members), with FOR NO KEY UPDATE: it does not wait on
// the KEY SHARE lock the foreign-key check of a concurrent insert of the same member holds.
const POSTGRES_EVENTS = [
  { operation: 'insert', referencing: 'new table as new_rows', sources: ['new_rows'] },
  { operation: 'update', referencing: 'old table as old_rows new table as new_rows', sources: ['old_rows', 'new_rows'] },
  { operation: 'delete', referencing: 'old table as old_rows', sources: ['old_rows'] },
] as const;

async function createPostgresTriggers(db: Kysely<any>, table: string, owners: (rows: string) => string): Promise<void> {
  for (const { operation, referencing, sources } of POSTGRES_EVENTS) {
    const members = sources.map(owners).join(' union ');
    const fn = `${table}_member_activity_${operation}`;
    await sql
      .raw(
        `create function ${fn}() returns trigger language plpgsql as $$ begin ` +
          `perform 1 from members where code in (${members}) order by code for no key update; ` +
          `update members set activity_version = activity_version + 1 where code in (${members}); ` +
          `return null; end $$`,
      )
      .execute(db);
    await sql.raw(`create trigger ${fn} after ${operation} on ${table} referencing ${referencing} for each statement execute function ${fn}()`).execute(db);
  }
  await sql
    .raw(`create trigger ${table}_member_activity_truncate after truncate on ${table} for each statement execute function bump_every_member_activity()`)
    .execute(db);
}

async function createSqliteTriggers(db: Kysely<any>, table: string, owner: (row: 'new' | 'old') => string): Promise<void> {
  const bump = (...rows: Array<'new' | 'old'>) => `update members set activity_version = activity_version + 1 where code in (${rows.map(owner).join(', ')});`;
  const bodies = { insert: bump('new'), update: bump('old', 'new'), delete: bump('old') };
  for (const [operation, body] of Object.entries(bodies)) {
    await sql.raw(`create trigger ${table}_member_activity_${operation} after ${operation} on ${table} begin ${body} end`).execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('members')
    .addColumn('activity_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  if (isPostgres(db)) {
    await sql
      .raw(
        `create function bump_every_member_activity() returns trigger language plpgsql as $$ begin update members set activity_version = activity_version + 1; return null; end $$`,
      )
      .execute(db);
  }
  for (const [table, owners] of Object.entries(OWNED_TABLES)) {
    if (isPostgres(db)) await createPostgresTriggers(db, table, owners.postgres);
    else await createSqliteTriggers(db, table, owners.sqlite);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of Object.keys(OWNED_TABLES)) {
    for (const operation of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger if exists ${table}_member_activity_${operation}${isPostgres(db) ? ` on ${table}` : ''}`).execute(db);
      if (isPostgres(db)) await sql.raw(`drop function if exists ${table}_member_activity_${operation}()`).execute(db);
    }
    if (isPostgres(db)) await sql.raw(`drop trigger if exists ${table}_member_activity_truncate on ${table}`).execute(db);
  }
  if (isPostgres(db)) await sql.raw('drop function if exists bump_every_member_activity()').execute(db);
  await db.schema.alterTable('members').dropColumn('activity_version').execute();
}
