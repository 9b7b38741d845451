import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * Decision 014 (visibility): a vacant slot (a number a lead made, not yet filled in by its assignee)
 * is not a problem to its readers. Every read for students (lists, counts, search, boxes, notes,
 * exports, study, statistics, disputes) applies this one condition; only the lead screens and the
 * assignee's own slot read vacant rows. `table` is the name or alias the query gives `problems`.
 * The 0 is a literal, not a bound parameter: a partial index whose predicate names the condition
 * (problems_answerable_idx, migration 2026-11-25-060) is used only when the query spells it out.
 */
export function visibleProblems(table = 'problems'): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(`${table}.is_vacant`)} = ${sql.lit(0)}`;
}
