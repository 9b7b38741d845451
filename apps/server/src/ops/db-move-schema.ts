import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import type { MovedColumn } from './db-move-values';

// What the move learns from the two catalogs: tables, columns, keys, foreign keys and sequences,
// read at run time, so a table or column a new migration adds is moved without a change here.

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Migration bookkeeping: each side keeps its own (the target's is written by its migrations). */
export function isBookkeeping(table: string): boolean {
  return table.startsWith('kysely_');
}

// ------------------------------------------------------------------ SQLite (the source)

export interface SourceTable {
  columns: string[];
  /** Primary key columns in key order; empty for a table keyed by rowid only. */
  key: string[];
}

export function sqliteTables(sqlite: SQLite.Database): Map<string, SourceTable> {
  const names = sqlite.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").pluck().all() as string[];
  const tables = new Map<string, SourceTable>();
  for (const name of names) {
    const columns = sqlite.prepare(`select name, pk from pragma_table_info(?)`).all(name) as { name: string; pk: number }[];
    tables.set(name, {
      columns: columns.map((c) => c.name),
      key: columns
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name),
    });
  }
  return tables;
}

export function sqliteMigrations(sqlite: SQLite.Database): string[] {
  const exists = sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
  return exists ? (sqlite.prepare('select name from kysely_migration order by name').pluck().all() as string[]) : [];
}

/** AUTOINCREMENT's high-water marks: an id once given out is never given again, even after its row is deleted. */
export function sqliteSequences(sqlite: SQLite.Database): Map<string, bigint> {
  const exists = sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = 'sqlite_sequence'").get();
  if (!exists) return new Map();
  const rows = sqlite.prepare('select name, seq from sqlite_sequence').safeIntegers(true).all() as { name: string; seq: bigint }[];
  return new Map(rows.map((row) => [row.name, row.seq]));
}

// ------------------------------------------------------------------ PostgreSQL (the target)

export interface TargetTable {
  /** Columns the move writes, in the table's order. */
  columns: MovedColumn[];
  /** Columns PostgreSQL computes itself (generated always as … stored): neither written nor compared. */
  generated: string[];
  /** Identity columns generated always need OVERRIDING SYSTEM VALUE to take the source's ids. */
  identityAlways: boolean;
}

export async function postgresTables(client: pg.Client): Promise<Map<string, TargetTable>> {
  const { rows } = await client.query<{ table_name: string; column_name: string; data_type: string; is_generated: string; identity_generation: string | null }>(
    `select c.table_name, c.column_name, c.data_type, c.is_generated, c.identity_generation
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = current_schema()
      order by c.table_name, c.ordinal_position`,
  );
  const tables = new Map<string, TargetTable>();
  for (const row of rows) {
    let table = tables.get(row.table_name);
    if (!table) tables.set(row.table_name, (table = { columns: [], generated: [], identityAlways: false }));
    if (row.is_generated === 'ALWAYS') table.generated.push(row.column_name);
    else table.columns.push({ name: row.column_name, type: row.data_type });
    if (row.identity_generation === 'ALWAYS') table.identityAlways = true;
  }
  return tables;
}

export async function postgresRowCount(client: pg.Client, table: string): Promise<number> {
  const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${quoteIdent(table)}`);
  return Number(rows[0]!.n);
}

/**
 * `tables` ordered so that every table comes after the tables its foreign keys point at (a table
 * pointing at itself is filled in key order, parents first). Foreign keys stay checked during the
 * copy, so this order is what lets them.
 */
export async function foreignKeyOrder(client: pg.Client, tables: readonly string[]): Promise<string[]> {
  const { rows } = await client.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid
       join pg_class p on p.oid = k.confrelid
      where k.contype = 'f' and k.connamespace = current_schema()::regnamespace`,
  );
  const wanted = new Set(tables);
  const parents = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { child, parent } of rows) {
    if (child !== parent && wanted.has(child) && wanted.has(parent)) parents.get(child)!.add(parent);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((table) => !placed.has(table) && [...parents.get(table)!].every((parent) => placed.has(parent)));
    if (ready.length === 0) throw new Error(`foreign keys form a cycle among ${tables.filter((t) => !placed.has(t)).join(', ')}`);
    for (const table of ready) {
      ordered.push(table);
      placed.add(table);
    }
  }
  return ordered;
}

export interface TargetSequence {
  table: string;
  column: string;
  sequence: string;
}

/** Every sequence that feeds a column (serial or identity) of the schema. */
export async function postgresSequences(client: pg.Client): Promise<TargetSequence[]> {
  const { rows } = await client.query<TargetSequence>(
    `select table_name as table, column_name as column, pg_get_serial_sequence(quote_ident(table_schema) || '.' || quote_ident(table_name), column_name) as sequence
       from information_schema.columns
      where table_schema = current_schema()
        and pg_get_serial_sequence(quote_ident(table_schema) || '.' || quote_ident(table_name), column_name) is not null
      order by table_name, column_name`,
  );
  return rows;
}

export interface SecondaryIndex {
  name: string;
  definition: string;
}

/**
 * The indexes of `tables` that no constraint owns or needs (search, listing and partial unique
 * indexes). The move drops them for the copy and creates them again from these definitions: a GIN
 * index built once over 100,000 rows costs a fraction of 100,000 single updates, and a unique one
 * checks every copied row when it is built.
 */
export async function secondaryIndexes(client: pg.Client, tables: readonly string[]): Promise<SecondaryIndex[]> {
  const { rows } = await client.query<SecondaryIndex>(
    `select i.relname as name, pg_get_indexdef(x.indexrelid) as definition
       from pg_index x
       join pg_class i on i.oid = x.indexrelid
       join pg_class t on t.oid = x.indrelid
      where t.relnamespace = current_schema()::regnamespace and t.relname = any($1)
        and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
      order by i.relname`,
    [tables],
  );
  return rows;
}
