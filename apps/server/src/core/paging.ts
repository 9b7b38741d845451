import type { SelectQueryBuilder } from 'kysely';
import type { DbOrTx } from './db';

/** A page of a listing as the API takes it: pages count from 1. */
export interface Paging {
  page: number;
  limit: number;
}

/** LIMIT and OFFSET of one page, for `.$call(onePage(paging))` at the end of a listing query. */
export function onePage(paging: Paging) {
  return <DB, TB extends keyof DB, O>(qb: SelectQueryBuilder<DB, TB, O>) => qb.limit(paging.limit).offset((paging.page - 1) * paging.limit);
}

/**
 * How many rows a listing gives, counted around it as a subquery: a grouped listing (one row a
 * group) cannot be counted by swapping its columns for count(*), which would count each group.
 */
export async function countGroups<DB, TB extends keyof DB, O>(db: DbOrTx, listing: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  const row = await db
    .selectFrom(listing.as('g'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
