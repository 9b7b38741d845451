import { sql, type Kysely } from 'kysely';

// Lineages (issue 28, decisions 129 and 130): which problems are one question across years.
// - lineage_keys: each problem's MinHash band keys; problems sharing a key are compared.
// - lineage_links: one row per linked pair (problem_a < problem_b) with what detection found
//   (relation, similarity, keys_agree) and what a lead decided (decision: 'confirmed' or
//   'rejected', NULL while undecided). Detection writes only its own columns, so a lead's decision
//   survives every later run; a rejected pair is never linked again.
// - problem_lineages: the lineage (the smallest member's uid) each problem is in, counting only
//   links students may see (confirmed, or strong and undecided).
// - lineage_queue: problems to (re)detect. Triggers on problems fill it on every insert, change of
//   the compared fields (stem, options, key, exam) and delete, whichever process, import or script
//   wrote, so no write path has to call detection; a leased worker drains it (jobs/lineage-worker.ts).
//   `version` rises on every enqueue, so a save during a detection queues the problem again.
// This migration queues every existing problem: the whole-bank run of a new install.

const COMPARED_COLUMNS = ['question', 'question_text', 'illustration', 'answer', 'choice_type', 'test_code', 'is_vacant'];

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lineage_keys')
    .addColumn('key', 'integer', (c) => c.notNull())
    .addColumn('problem_uid', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('lineage_keys_pk', ['key', 'problem_uid'])
    .execute();
  await db.schema.createIndex('lineage_keys_problem').on('lineage_keys').column('problem_uid').execute();

  await db.schema
    .createTable('lineage_links')
    .addColumn('problem_a', 'integer', (c) => c.notNull())
    .addColumn('problem_b', 'integer', (c) => c.notNull())
    .addColumn('relation', 'varchar(16)', (c) => c.notNull())
    .addColumn('similarity', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('keys_agree', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('detected', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('decision', 'varchar(16)')
    .addColumn('decided_by', 'integer')
    .addColumn('decided_at', 'varchar(32)')
    .addColumn('update_time', 'varchar(32)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .addPrimaryKeyConstraint('lineage_links_pk', ['problem_a', 'problem_b'])
    .addCheckConstraint('lineage_links_order', sql`problem_a < problem_b`)
    .execute();
  await db.schema.createIndex('lineage_links_b').on('lineage_links').column('problem_b').execute();

  await db.schema
    .createTable('problem_lineages')
    .addColumn('problem_uid', 'integer', (c) => c.primaryKey())
    .addColumn('lineage_code', 'integer', (c) => c.notNull())
    .addColumn('lineage_size', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('problem_lineages_code').on('problem_lineages').column('lineage_code').execute();

  await db.schema
    .createTable('lineage_queue')
    .addColumn('problem_uid', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  if (isPostgres(db)) {
    const enqueue = (rows: string) =>
      `insert into lineage_queue as q (problem_uid, version) select uid, 1 from ${rows} order by 1 ` +
      `on conflict (problem_uid) do update set version = q.version + 1`;
    const changed = `(select n.uid from new_rows n join old_rows o on o.uid = n.uid where (${COMPARED_COLUMNS.map((c) => `o.${c}`).join(', ')}) is distinct from (${COMPARED_COLUMNS.map((c) => `n.${c}`).join(', ')})) p`;
    const events = [
      { operation: 'insert', referencing: 'new table as new_rows', body: enqueue('new_rows') },
      { operation: 'update', referencing: 'old table as old_rows new table as new_rows', body: enqueue(changed) },
      { operation: 'delete', referencing: 'old table as old_rows', body: enqueue('old_rows') },
    ];
    for (const { operation, referencing, body } of events) {
      const fn = `problems_lineage_queue_${operation}`;
      await sql.raw(`create function ${fn}() returns trigger language plpgsql as $$ begin ${body}; return null; end $$`).execute(db);
      await sql.raw(`create trigger ${fn} after ${operation} on problems referencing ${referencing} for each statement execute function ${fn}()`).execute(db);
    }
  } else {
    const enqueue = (row: 'new' | 'old') =>
      `insert into lineage_queue (problem_uid, version) values (${row}.uid, 1) ` + `on conflict (problem_uid) do update set version = version + 1;`;
    const differs = `(${COMPARED_COLUMNS.map((c) => `old.${c}`).join(', ')}) is not (${COMPARED_COLUMNS.map((c) => `new.${c}`).join(', ')})`;
    await sql.raw(`create trigger problems_lineage_queue_insert after insert on problems begin ${enqueue('new')} end`).execute(db);
    await sql.raw(`create trigger problems_lineage_queue_update after update on problems when ${differs} begin ${enqueue('new')} end`).execute(db);
    await sql.raw(`create trigger problems_lineage_queue_delete after delete on problems begin ${enqueue('old')} end`).execute(db);
  }

  await sql`insert into lineage_queue (problem_uid, version) select uid, 1 from problems`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const operation of ['insert', 'update', 'delete']) {
    if (isPostgres(db)) {
      await sql.raw(`drop trigger if exists problems_lineage_queue_${operation} on problems`).execute(db);
      await sql.raw(`drop function if exists problems_lineage_queue_${operation}()`).execute(db);
    } else {
      await sql.raw(`drop trigger if exists problems_lineage_queue_${operation}`).execute(db);
    }
  }
  for (const table of ['lineage_queue', 'problem_lineages', 'lineage_links', 'lineage_keys']) await db.schema.dropTable(table).execute();
}
