import type { Kysely } from 'kysely';

// The lead's 출제 이력 관리 screen (decision 203):
// - job_runs: when a job last ran to the end (the lineage queue: when its last drain emptied it), so
//   the screen can say when the whole-bank run last finished.
// - lineage_links_undecided: the queue of undecided suggestions reads links by decision, most
//   similar first.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('job_runs')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('finished_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lineage_links_undecided').on('lineage_links').columns(['decision', 'similarity']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('lineage_links_undecided').execute();
  await db.schema.dropTable('job_runs').execute();
}
