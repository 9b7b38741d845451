import { sql, type Kysely } from 'kysely';

// The review deck's cards are scheduled with the member's fitted FSRS weights from now on
// (decision 200), as the plan and the readiness already were. Cards of members fitted before were
// built with the defaults: they are dropped, and each deck's next read rebuilds them from the
// answers (the cards are a cache of the answers; dropping them raises the members' activity
// versions, so no cached deck outlives them).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`delete from review_cards where member_code in (select member_code from member_fsrs_params)`.execute(db);
}

// Nothing to undo: the older code rebuilds the cards it misses with the defaults.
export async function down(): Promise<void> {}
