import { sql } from 'kysely';
import type { DbOrTx } from '../core/db';
import { nowIso } from '../core/db';
import { problemColumns, replyCount } from '../problems/repository';
import type { CardState, StoredAnswer } from './review-scheduler';
import { visibleProblems } from '../core/visible-problems';
import { withExamAndSubject } from '../core/problem-joins';
import { hasVerdict } from '../core/awaiting-verdict';

// SQL of the review deck: the cards (a cache of solve_attempts) and the review answers.

/**
 * The problems whose card is missing or older than the member's newest judged answer to them: one
 * pass over the member's answers (index solve_attempts (member_code, problem_uid, code)). An essay
 * answer waiting for the member's verdict schedules nothing until it has one (decision 075).
 */
export async function listStaleProblems(db: DbOrTx, memberCode: number): Promise<number[]> {
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

/** Every judged answer of the member to the given problems (none waiting for their verdict), oldest first. */
export async function listAnswers(db: DbOrTx, memberCode: number, problemUids: readonly number[]) {
  if (problemUids.length === 0) return [];
  const rows = await db
    .selectFrom('solve_attempts')
    .innerJoin('problems', 'problems.uid', 'solve_attempts.problem_uid')
    .select(['solve_attempts.code', 'solve_attempts.problem_uid', 'solve_attempts.is_correct', 'solve_attempts.review_rating', 'solve_attempts.creation_time'])
    .where('solve_attempts.member_code', '=', memberCode)
    .where('solve_attempts.problem_uid', 'in', problemUids)
    .where(hasVerdict('solve_attempts', 'problems'))
    .orderBy('solve_attempts.problem_uid')
    .orderBy('solve_attempts.code')
    .execute();
  return rows.map((row): StoredAnswer & { problem_uid: number } => ({ ...row, is_correct: row.is_correct === 1 }));
}

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

/** The due problems, most overdue first, whole (as the problem viewer shows them), with the latest answer. */
export async function listDue(db: DbOrTx, memberCode: number, now: string, limit: number) {
  const rows = await dueCards(db, memberCode, now)
    .$call(withExamAndSubject)
    .leftJoin('set_headers', 'set_headers.code', 'problems.set_header_code')
    .innerJoin('solve_attempts as last', 'last.code', 'review_cards.synced_attempt_code')
    .select(problemColumns)
    .select((eb) => replyCount(eb))
    .select(['review_cards.due', 'review_cards.reps', 'review_cards.lapses', 'last.answer as last_answer', 'last.is_correct as last_is_correct'])
    .orderBy('review_cards.due')
    .orderBy('review_cards.problem_uid')
    .limit(limit)
    .execute();
  return rows;
}

export async function insertReviewAnswer(
  db: DbOrTx,
  values: { member_code: number; problem_uid: number; answer: string; is_correct: boolean; review_rating: number | null; client_id: string | null },
) {
  return db
    .insertInto('solve_attempts')
    .values({ ...values, is_correct: values.is_correct ? 1 : 0, source: 'review', judged_by: 'machine', creation_time: nowIso() })
    .returning(['code', 'judged_by'])
    .executeTakeFirstOrThrow();
}

/** The member's newest answer to the problem, anywhere. */
export function findLatestAnswer(db: DbOrTx, memberCode: number, problemUid: number) {
  return db
    .selectFrom('solve_attempts')
    .select(['code', 'source', 'is_correct', 'judged_by'])
    .where('member_code', '=', memberCode)
    .where('problem_uid', '=', problemUid)
    .orderBy('code', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function setReviewRating(db: DbOrTx, attemptCode: number, rating: number) {
  await db.updateTable('solve_attempts').set({ review_rating: rating }).where('code', '=', attemptCode).execute();
}

export async function deleteCardsOfProblem(db: DbOrTx, problemUid: number, memberCode?: number) {
  let query = db.deleteFrom('review_cards').where('problem_uid', '=', problemUid);
  if (memberCode !== undefined) query = query.where('member_code', '=', memberCode);
  await query.execute();
}
