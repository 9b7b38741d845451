import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { visibleProblems } from './visible-problems';

/** From this many appearances a problem recurs: it has a 출제 N회 badge (decision 132). */
export const RECURRING_FROM = 2;

/**
 * How many times a reader sees the question of the problem `uid` (a column reference) asked: the
 * readable problems of its lineage, itself included; 0 when it is in none. problem_lineages holds
 * only lineages drawn over the links students may see (confirmed, or detected strong and not
 * rejected; decision 130), and a member no reader sees (an emptied slot, a returned submission) is
 * not counted, as the 출제 N회 badge counts (lineage/repository.ts lineageCounts). A correlated
 * count over the lineage's index (problem_lineages_code): a list ranks its few hundred problems.
 */
export function lineageAppearances(uid: string): RawBuilder<number> {
  return sql<number>`(select count(*) from problem_lineages as own_lineage
    inner join problem_lineages as lineage_member on lineage_member.lineage_code = own_lineage.lineage_code
    inner join problems as seen_member on seen_member.uid = lineage_member.problem_uid
    where own_lineage.problem_uid = ${sql.ref(uid)} and ${visibleProblems('seen_member')})`;
}

/** Whether the problem `uid` was asked at least twice, as readers see its lineage. */
export function recursForReaders(uid: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${lineageAppearances(uid)} >= ${sql.lit(RECURRING_FROM)}`;
}
