import type { Kysely } from 'kysely';

// The plan and the readiness of an exam (decisions 151 and 152) read every problem of its scope
// (often a whole subject) and, for the readiness, every other member's first answer to them.
// - problems_scope_idx: the scope's problems by exam with the columns the read filters on
//   (is_vacant, is_voided) and returns (no, uid), so neither database loads the wide problem rows
//   (PostgreSQL scanned the whole table: seed:large 0.1, one subject, ~55 to ~11 ms; SQLite
//   ~7 to ~2 ms).
// - solve_attempts_problem_first_idx: the first answer of each member to each problem with its
//   verdict columns beside the key, so the class's first-seen count reads the index alone
//   (SQLite, 1,000 problems: ~15 to ~6 ms).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('problems_scope_idx').on('problems').columns(['test_code', 'is_vacant', 'is_voided', 'no', 'uid']).execute();
  await db.schema
    .createIndex('solve_attempts_problem_first_idx')
    .on('solve_attempts')
    .columns(['problem_uid', 'member_code', 'code', 'is_correct', 'judged_by'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('solve_attempts_problem_first_idx').execute();
  await db.schema.dropIndex('problems_scope_idx').execute();
}
