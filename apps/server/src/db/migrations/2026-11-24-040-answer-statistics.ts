import type { Kysely } from 'kysely';

// Statistics (issue 14). A member's activity by day and their study streak group that member's
// answers by creation time: (member_code, creation_time, is_correct) answers them from the index
// alone, without visiting the table. The class and exam figures use the indexes of migration
// 2026-11-24-001 ((problem_uid, member_code, code) and (member_code, problem_uid, code)).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('solve_attempts_member_time_idx').on('solve_attempts').columns(['member_code', 'creation_time', 'is_correct']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('solve_attempts_member_time_idx').execute();
}
