import DataLoader from 'dataloader';
import type { Compilable, Kysely } from 'kysely';
import type { Database, MemberRow } from '../db/schema';
import { contentVersionSum, lineageVersionSum } from '../read-caches/data-versions';
import type { Dialect } from './dialect';
import { reusedQuery, reusedQueryByKeys, type KeysCondition } from './reused-query';

// Decision 212. Every signed-in request reads its member row, and every cached public read the
// content version, before anything else: under 100 connections these one-row statements, not
// the reads' own work, were most of a cached read's cost (on PostgreSQL a round trip to another
// process each; on SQLite Kysely's and the connection lock's promise turns). The requests whose
// sockets were read in one poll phase of the event loop share one statement, sent at the loop's
// check phase (setImmediate): their members in one statement, the versions once for all of them.
// Each request's read is still sent after it arrived and before its data, so a demoted or
// logged-out member loses access at once and a stored body is never older than its version, as
// with one statement a request. No DataLoader cache: a row is never kept for a later request.

/** A member row with the versions read in the same statement. */
export type MemberWithVersions = MemberRow & { content_version: number | string | null; lineage_version: number | string | null };

/** The most members one statement reads; a busier poll phase sends several. */
const MAX_BATCH = 128;

/** DataLoader's options for a read shared by the requests of one poll phase, never cached. */
const LOADER_OPTIONS = { cache: false, maxBatchSize: MAX_BATCH, batchScheduleFn: (send: () => void) => setImmediate(send) } as const;

const membersWithVersions = (db: Kysely<Database>, codesIn: KeysCondition) =>
  db
    .selectFrom('members')
    .selectAll()
    .select([contentVersionSum.as('content_version'), lineageVersionSum.as('lineage_version')])
    .where(codesIn('code'));
const contentVersion = reusedQuery((db: Kysely<Database>) => db.selectNoFrom(contentVersionSum.as('version')));

/**
 * A read the requests of one poll phase share, one DataLoader per database: `batch` answers the
 * keys in order (a key asked twice comes twice). For the statements every request of a kind runs
 * first, such as a version its cached answer is checked against.
 */
export function perPollPhase<K, V>(batch: (db: Kysely<Database>, keys: readonly K[]) => Promise<V[]>): (db: Kysely<Database>, key: K) => Promise<V> {
  const loaders = new WeakMap<Kysely<Database>, DataLoader<K, V>>();
  return (db, key) => {
    let loader = loaders.get(db);
    if (!loader) {
      loader = new DataLoader((keys) => batch(db, keys), LOADER_OPTIONS);
      loaders.set(db, loader);
    }
    return loader.load(key);
  };
}

/**
 * perPollPhase for a read of rows by key: `read` gets each asked key once, and each request gets
 * the value of its key's row, or `missing` when there is none.
 */
export function perPollPhaseByKey<K, R, V>(
  read: (db: Kysely<Database>, keys: K[]) => Promise<R[]>,
  keyOf: (row: R) => K,
  valueOf: (row: R) => V,
  missing: V,
): (db: Kysely<Database>, key: K) => Promise<V> {
  return perPollPhase(async (db, keys: readonly K[]) => {
    const byKey = new Map((await read(db, [...new Set(keys)])).map((row) => [keyOf(row), valueOf(row)]));
    return keys.map((key) => (byKey.has(key) ? byKey.get(key)! : missing));
  });
}

/**
 * perPollPhaseByKey over integer keys with the statement built and compiled once per database
 * (Kysely builds anew on every call: its operation tree was a tenth of a cached read's CPU at 10
 * connections). `build` makes the statement with `keysIn(column)` as its only value.
 */
export function perPollPhaseByIntegerKey<R, V>(
  build: (db: Kysely<Database>, keysIn: KeysCondition) => Compilable<R>,
  keyOf: (row: R) => number,
  valueOf: (row: R) => V,
  missing: V,
): (db: Kysely<Database>, dialect: Dialect, key: number) => Promise<V> {
  const statement = reusedQueryByKeys(build);
  const loadOf = (dialect: Dialect) => perPollPhaseByKey((db, keys: number[]) => statement(db, dialect, keys), keyOf, valueOf, missing);
  const loads: Record<Dialect, (db: Kysely<Database>, key: number) => Promise<V>> = { postgres: loadOf('postgres'), sqlite: loadOf('sqlite') };
  return (db, dialect, key) => loads[dialect](db, key);
}

const memberLoad = perPollPhaseByIntegerKey(
  membersWithVersions,
  (row) => row.code,
  (row): MemberWithVersions | null => row,
  null,
);

const versionLoad = perPollPhase(async (db, keys: readonly 0[]) => {
  const [row] = await contentVersion(db, []);
  return keys.map(() => row?.version ?? null);
});

/** The member with this code and the versions, read with the other requests of this poll phase. */
export function loadMemberWithVersions(db: Kysely<Database>, dialect: Dialect, code: number): Promise<MemberWithVersions | null> {
  return memberLoad(db, dialect, code);
}

/** The content version's sum, read once for the requests of this poll phase. */
export function loadContentVersion(db: Kysely<Database>): Promise<number | string | null> {
  return versionLoad(db, 0);
}
