import { sql } from 'kysely';
import type { DbOrTx } from '../core/db';
import type { CardState } from './review-scheduler';
import { visibleProblems } from '../visibility/visible-problems';
import { answerColumn } from '../answers/query-parts';

// SQL of the review deck's cards, a cache of the answers (answers/review-cards-repository.ts).

/**
 * Writes cards; a card built from older answers never replaces one built from newer answers
 * (two reads of the deck may rebuild the same card at once).
 */
export async function upsertCards(db: DbOrTx, memberCode: number, cards: ReadonlyArray<CardState & { problem_uid: number }>) {
  if (cards.length === 0) return;
  await db
    .insertInto('review_cards')
    .values(cards.map((card) => ({ ...card, member_code: memberCode })))
    .onConflict((oc) =>
      oc
        .columns(['member_code', 'problem_uid'])
        .doUpdateSet({
          due: (eb) => eb.ref('excluded.due'),
          stability: (eb) => eb.ref('excluded.stability'),
          difficulty: (eb) => eb.ref('excluded.difficulty'),
          scheduled_days: (eb) => eb.ref('excluded.scheduled_days'),
          reps: (eb) => eb.ref('excluded.reps'),
          lapses: (eb) => eb.ref('excluded.lapses'),
          state: (eb) => eb.ref('excluded.state'),
          last_review: (eb) => eb.ref('excluded.last_review'),
          synced_attempt_code: (eb) => eb.ref('excluded.synced_attempt_code'),
        })
        .where(sql<boolean>`excluded.synced_attempt_code >= review_cards.synced_attempt_code`),
    )
    .execute();
}

/**
 * Due cards of problems that can still be read (vacant slots are not content) and answered: a 문항
 * 무효 problem takes no answer (decision 079), so its card waits, unshown, until a lead undoes the voiding.
 */
function dueCards(db: DbOrTx, memberCode: number, now: string) {
  return db
    .selectFrom('review_cards')
    .innerJoin('problems', 'problems.uid', 'review_cards.problem_uid')
    .where('review_cards.member_code', '=', memberCode)
    .where('review_cards.due', '<=', now)
    .where(visibleProblems())
    .where('problems.is_voided', '=', 0);
}

export async function countDue(db: DbOrTx, memberCode: number, now: string): Promise<number> {
  const row = await dueCards(db, memberCode, now)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The earliest due time after `now` among the member's cards of readable problems: until then the
 * due cards stay the same (index review_cards (member_code, due)). Undefined: none is waiting.
 */
export async function nextDueAfter(db: DbOrTx, memberCode: number, now: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('review_cards')
    .innerJoin('problems', 'problems.uid', 'review_cards.problem_uid')
    .where('review_cards.member_code', '=', memberCode)
    .where('review_cards.due', '>', now)
    .where(visibleProblems())
    .where('problems.is_voided', '=', 0)
    .select((eb) => eb.fn.min<string | null>('review_cards.due').as('due'))
    .executeTakeFirst();
  return row?.due ?? undefined;
}

/**
 * The due cards, most overdue first, with the latest answer: card data only. The problems
 * themselves are read by the web app from GET /v1/problem?uid=N, one shared cache entry per
 * problem for every member (decision 205).
 */
export async function listDue(db: DbOrTx, memberCode: number, now: string, limit: number) {
  return dueCards(db, memberCode, now)
    .select(['review_cards.problem_uid', 'review_cards.due', 'review_cards.reps', 'review_cards.lapses'])
    .select((eb) => [
      answerColumn(db, eb.ref('review_cards.synced_attempt_code'), 'answer').as('last_answer'),
      answerColumn(db, eb.ref('review_cards.synced_attempt_code'), 'is_correct').as('last_is_correct'),
    ])
    .orderBy('review_cards.due')
    .orderBy('review_cards.problem_uid')
    .limit(limit)
    .execute();
}

/** Which of `problemUids` the member last reviewed at or after `since` (ISO). */
export async function listReviewedSince(db: DbOrTx, memberCode: number, problemUids: readonly number[], since: string): Promise<number[]> {
  if (problemUids.length === 0) return [];
  const rows = await db
    .selectFrom('review_cards')
    .select('problem_uid')
    .where('member_code', '=', memberCode)
    .where('problem_uid', 'in', [...problemUids])
    .where('last_review', '>=', since)
    .execute();
  return rows.map((row) => row.problem_uid);
}

/** The member's fitted FSRS parameters (JSON), if the fitting job has fitted them (exam-dates/memory-fit.ts). */
export async function findFittedParams(db: DbOrTx, memberCode: number): Promise<string | undefined> {
  const row = await db.selectFrom('member_fsrs_params').select('params').where('member_code', '=', memberCode).executeTakeFirst();
  return row?.params;
}
