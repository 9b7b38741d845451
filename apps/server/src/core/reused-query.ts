import { sql, type Compilable, type CompiledQuery, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from './dialect';
import { prepareOnPostgres } from './prepared-statements';

// Kysely builds a query's operation tree and compiles it to SQL anew on every call: for the
// guard's member lookup that was a tenth of a signed-in read's CPU under load (freeze, visitNode,
// cloneWithSelections in the profile of the due count, docs/performance.md). The statements every
// request runs (the guard's member row, the response cache's content version) are built and
// compiled once per database and run again with new values, on PostgreSQL as named prepared
// statements (./prepared-statements.ts); the SQLite driver keeps the compiled statement by its SQL
// text (fair-sqlite.ts).

/**
 * A query compiled once per database by `build` (with placeholder values), run with `parameters`
 * in the order the compiled SQL takes them. The count must match the compiled query's, or it throws
 * (a programming error, found by the first test that runs it).
 */
export function reusedQuery<Row, Database>(
  build: (db: Kysely<Database>) => Compilable<Row>,
): (db: Kysely<Database>, parameters: readonly unknown[]) => Promise<Row[]> {
  const compiled = new WeakMap<Kysely<Database>, CompiledQuery<Row>>();
  return async (db, parameters) => {
    let query = compiled.get(db);
    if (!query) {
      query = build(db).compile();
      compiled.set(db, query);
      prepareOnPostgres(query.sql);
    }
    if (query.parameters.length !== parameters.length) {
      throw new Error(`reusedQuery: ${parameters.length} values for ${query.parameters.length} parameters in ${query.sql}`);
    }
    const result = await db.executeQuery<Row>({ ...query, parameters });
    return result.rows;
  };
}

/** `column in (the keys)`, the keys going as one value of the statement (`reusedQueryByKeys`). */
export type KeysCondition = (column: string) => RawBuilder<SqlBool>;

// One compiled statement whatever the number of keys: they go as one value, an array on
// PostgreSQL and a JSON array on SQLite (the placeholders here are replaced).
const keysIn: Record<Dialect, KeysCondition> = {
  postgres: (column) => sql<SqlBool>`${sql.ref(column)} = any(${[0]}::integer[])`,
  sqlite: (column) => sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${'[]'}))`,
};
const keysValue: Record<Dialect, (keys: readonly number[]) => unknown> = {
  postgres: (keys) => keys,
  sqlite: (keys) => JSON.stringify(keys),
};

/**
 * reusedQuery over a list of integer keys, compiled once per database for each dialect's form of
 * `keysIn`: the keys must be the compiled statement's first value, `others` the rest in order.
 */
export function reusedQueryByKeys<Row, Database>(
  build: (db: Kysely<Database>, keysIn: KeysCondition) => Compilable<Row>,
): (db: Kysely<Database>, dialect: Dialect, keys: readonly number[], others?: readonly unknown[]) => Promise<Row[]> {
  const queries: Record<Dialect, (db: Kysely<Database>, parameters: readonly unknown[]) => Promise<Row[]>> = {
    postgres: reusedQuery((db: Kysely<Database>) => build(db, keysIn.postgres)),
    sqlite: reusedQuery((db: Kysely<Database>) => build(db, keysIn.sqlite)),
  };
  return (db, dialect, keys, others = []) => queries[dialect](db, [keysValue[dialect](keys), ...others]);
}
