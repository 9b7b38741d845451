import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * `db` with its statements counted, for tests of the reads that requests share
 * (../core/batched-reads.ts): Kysely hands a plugin every result, so one result is one statement.
 */
export function countingStatements(db: Kysely<Database>): { db: Kysely<Database>; count: () => number; reset: () => void } {
  let statements = 0;
  const counted = db.withPlugin({
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      statements += 1;
      return args.result;
    },
  });
  return {
    db: counted,
    count: () => statements,
    reset: () => {
      statements = 0;
    },
  };
}
