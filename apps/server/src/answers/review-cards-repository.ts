import type { DbOrTx } from '../core/db';
import { hasVerdict } from './verdict-sql';

// The review deck's cards (study/review-service.ts) are a cache of the answers: `synced_attempt_code`
// is the greatest answer code a card was built from. The two places where the cache meets the
// answer record live here, below every feature that writes answers or keys.

/**
 * The problems whose card is missing or older than the member's newest judged answer to them: one
 * pass over the member's answers (index solve_attempts (member_code, problem_uid, code)). An essay
 * answer waiting for the member's verdict schedules nothing until it has one (decision 075).
 */
export async function listProblemsWithStaleCards(db: DbOrTx, memberCode: number): Promise<number[]> {
  const rows = await db
    .selectFrom('solve_attempts as a')
    .innerJoin('problems as p', 'p.uid', 'a.problem_uid')
    .leftJoin('review_cards as c', (join) => join.onRef('c.member_code', '=', 'a.member_code').onRef('c.problem_uid', '=', 'a.problem_uid'))
    .select('a.problem_uid')
    .where('a.member_code', '=', memberCode)
    .where(hasVerdict('a', 'p'))
    .where((eb) => eb.or([eb('c.synced_attempt_code', 'is', null), eb('a.code', '>', eb.ref('c.synced_attempt_code'))]))
    .groupBy('a.problem_uid')
    .execute();
  return rows.map((row) => row.problem_uid);
}

/**
 * Drops the cards built on a problem's answers (one member's, or everyone's); the next read of each
 * deck rebuilds them from the stored answers. Re-judging calls it in its transaction.
 */
export async function dropReviewCards(db: DbOrTx, problemUid: number, memberCode?: number): Promise<void> {
  let query = db.deleteFrom('review_cards').where('problem_uid', '=', problemUid);
  if (memberCode !== undefined) query = query.where('member_code', '=', memberCode);
  await query.execute();
}

/** Drops every card of one member (their memory model was fitted anew); the next read rebuilds them. */
export async function dropMemberReviewCards(db: DbOrTx, memberCode: number): Promise<void> {
  await db.deleteFrom('review_cards').where('member_code', '=', memberCode).execute();
}
