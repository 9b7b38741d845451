import type { SelectQueryBuilder } from 'kysely';

/** A page of a listing as the API takes it: pages count from 1. */
export interface Paging {
  page: number;
  limit: number;
}

/** LIMIT and OFFSET of one page, for `.$call(onePage(paging))` at the end of a listing query. */
export function onePage(paging: Paging) {
  return <DB, TB extends keyof DB, O>(qb: SelectQueryBuilder<DB, TB, O>) => qb.limit(paging.limit).offset((paging.page - 1) * paging.limit);
}
