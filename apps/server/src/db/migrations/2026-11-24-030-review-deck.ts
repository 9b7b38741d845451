import { sql, type Kysely } from 'kysely';

// The review deck (spaced repetition, ts-fsrs). A card is a cache: it is always rebuilt from the
// member's stored answers at the problem (solve_attempts), so it may be deleted at any time —
// an answer-key re-judging deletes the cards of the re-judged problem and the next read rebuilds
// them. `synced_attempt_code` is the greatest solve_attempts.code a card was built from: a member
// with newer answers than their card gets the card rebuilt before the deck is read.
//
// solve_attempts.review_rating: the member's own rating of an answer (1 다시 … 4 쉬움, the FSRS
// grades), given after the verdict in the review screen; null means "judge by correctness".

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('solve_attempts').addColumn('review_rating', 'integer').execute();
  const real = isPostgres(db) ? sql`double precision` : sql`real`;
  await db.schema
    .createTable('review_cards')
    .addColumn('member_code', 'integer', (c) => c.notNull().references('members.code').onDelete('cascade'))
    .addColumn('problem_uid', 'integer', (c) => c.notNull().references('problems.uid').onDelete('cascade'))
    .addColumn('due', 'text', (c) => c.notNull())
    .addColumn('stability', real, (c) => c.notNull())
    .addColumn('difficulty', real, (c) => c.notNull())
    .addColumn('scheduled_days', 'integer', (c) => c.notNull())
    .addColumn('reps', 'integer', (c) => c.notNull())
    .addColumn('lapses', 'integer', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('last_review', 'text', (c) => c.notNull())
    .addColumn('synced_attempt_code', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('review_cards_pk', ['member_code', 'problem_uid'])
    .execute();
  // The member's due cards, most overdue first.
  await db.schema.createIndex('review_cards_member_due_idx').on('review_cards').columns(['member_code', 'due']).execute();
  // Re-judging one problem deletes its cards for every member.
  await db.schema.createIndex('review_cards_problem_idx').on('review_cards').column('problem_uid').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('review_cards').execute();
  await db.schema.alterTable('solve_attempts').dropColumn('review_rating').execute();
}
