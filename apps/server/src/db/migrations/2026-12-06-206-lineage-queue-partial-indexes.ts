import { sql, type Kysely } from 'kysely';

// The lead's 출제 이력 관리 queues at 100,000 problems (1.4 million links, decision 206): an index
// over every undecided link made the planners walk the million strong links to find the few
// hundred thousand suggestions, and the key-conflict reads scanned every link for the handful keyed
// apart. Partial indexes hold exactly those rows (and the few problems readers do not see); the
// queries state the same predicates with literal values (lineage/lead-queue-repository.ts), which
// both planners need to use them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('lineage_links_undecided').execute();
  await db.schema
    .createIndex('lineage_links_suggestions')
    .on('lineage_links')
    .columns(['similarity desc', 'problem_a', 'problem_b'])
    .where(sql.ref('decision'), 'is', null)
    .where((eb) => eb.or([eb(sql.ref('detected'), '=', sql.lit(0)), eb(sql.ref('similarity'), '<', sql.lit(0.9))]))
    .execute();
  await db.schema
    .createIndex('lineage_links_same_keyed_apart')
    .on('lineage_links')
    .columns(['problem_a', 'problem_b'])
    .where(sql.ref('relation'), '=', sql.lit('same'))
    .where(sql.ref('keys_agree'), '=', sql.lit(0))
    .execute();
  // The few problems readers do not see (vacant or withheld slots): the queues test each end
  // against these instead of joining the 100,000 they do see.
  await db.schema.createIndex('problems_unreadable').on('problems').column('uid').where(sql.ref('is_vacant'), '<>', sql.lit(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('problems_unreadable').execute();
  await db.schema.dropIndex('lineage_links_same_keyed_apart').execute();
  await db.schema.dropIndex('lineage_links_suggestions').execute();
  await db.schema.createIndex('lineage_links_undecided').on('lineage_links').columns(['decision', 'similarity']).execute();
}
