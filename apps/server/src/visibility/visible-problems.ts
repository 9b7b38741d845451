import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * problems.is_vacant as stored. The API knows 1 (empty) and 0 (filled); a written problem whose
 * submission a lead returned (수정 요청) is stored as 2 until a lead approves its resubmission
 * (decision 077): filled, but not shown to readers. Every reader tests `is_vacant = 0`, so the
 * hold needs no other column, index or search row.
 */
export const VACANCY = { written: 0, vacant: 1, withheld: 2 } as const;

/** is_vacant of a stored value, as responses carry it: a withheld problem is filled. */
export function specVacancy(stored: number): 0 | 1 {
  return stored === VACANCY.vacant ? 1 : 0;
}

/**
 * Decision 014 (visibility): a vacant slot (a number a lead made, not yet filled in by its assignee)
 * is not a problem to its readers, nor is a returned submission under revision (decision 077).
 * Every read for students (lists, counts, search, boxes, notes, exports, study, statistics,
 * disputes) applies this one condition; only the lead screens and the assignee's own slot read
 * other rows. `table` is the name or alias the query gives `problems`.
 * The 0 is a literal, not a bound parameter: a partial index whose predicate names the condition
 * (problems_answerable_idx, migration 2026-11-25-060) is used only when the query spells it out.
 */
export function visibleProblems(table = 'problems'): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(`${table}.is_vacant`)} = ${sql.lit(0)}`;
}
