import { sql, type Kysely } from 'kysely';

// The study builder's live count and draw (issue 13) test `trim(answer) <> ''` on every written
// problem of the scope: on 100,000 problems that read every wide row (0.5-0.9 s for the whole bank,
// measured at bench scale 1). A partial index holding just the answerable problems lets both
// databases count and draw from the index. Queries must spell its condition as literal SQL
// (visibleProblems() and study/repository HAS_ANSWER): a bound parameter in its place does not
// let the planner use it.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index problems_answerable_idx on problems (test_code, is_vacant, uid) where is_vacant = 0 and trim(answer) <> ''`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('problems_answerable_idx').execute();
}
