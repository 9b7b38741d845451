import type { DbOrTx } from '../core/db';
import { nowIso } from '../core/db';
import type { AnswerSource } from '../db/schema';
import { isLatestAnswer } from './latest-answer';
import { hasVerdict } from './verdict-sql';

// SQL of the answer record (solve_attempts): one row per answer a member sent, from solve mode,
// a study session or the review deck. Only answers/ writes it; other features read it here or
// through the query parts in query-parts.ts.

const ANSWER_COLUMNS = [
  'code',
  'run_code',
  'source',
  'session_code',
  'problem_uid',
  'answer',
  'is_correct',
  'judged_by',
  'review_rating',
  'creation_time',
] as const;

function toAnswer<R extends { is_correct: number; judged_by: string }>(row: R) {
  return { ...row, is_correct: row.is_correct === 1, judged_by: row.judged_by === 'self' ? ('self' as const) : ('machine' as const) };
}

/** An answer as the features see it: the verdict a boolean, who gave it. */
export interface StoredAnswer {
  code: number;
  run_code: number | null;
  source: AnswerSource;
  session_code: number | null;
  problem_uid: number;
  answer: string;
  is_correct: boolean;
  judged_by: 'machine' | 'self';
  review_rating: number | null;
  creation_time: string;
}

export interface NewAnswer {
  member_code: number;
  problem_uid: number;
  answer: string;
  is_correct: boolean;
  client_id: string | null;
  source: AnswerSource;
  run_code: number | null;
  session_code: number | null;
  review_rating: number | null;
}

/**
 * Inserts the answer unless the member already has one under its client_id (the unique index of
 * migration 2026-11-25-010): undefined then, and the caller reads the first record. A send racing
 * the same id waits on PostgreSQL for the other's transaction and then does nothing.
 */
export async function insertAnswerOnce(db: DbOrTx, values: NewAnswer): Promise<StoredAnswer | undefined> {
  const row = await db
    .insertInto('solve_attempts')
    .values({ ...values, is_correct: values.is_correct ? 1 : 0, judged_by: 'machine', creation_time: nowIso() })
    .onConflict((oc) => oc.columns(['member_code', 'client_id']).doNothing())
    .returning(ANSWER_COLUMNS)
    .executeTakeFirst();
  return row && toAnswer(row);
}

/** The member's answer recorded earlier under this browser id (decisions 041, 054), wherever it was made. */
export async function findAnswerByClientId(db: DbOrTx, memberCode: number, clientId: string): Promise<StoredAnswer | undefined> {
  const row = await db
    .selectFrom('solve_attempts')
    .select(ANSWER_COLUMNS)
    .where('member_code', '=', memberCode)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return row && toAnswer(row);
}

/** One of the member's own answers (any source) with the type of its problem; undefined for anyone else's. */
export function findOwnAnswer(db: DbOrTx, memberCode: number, answerCode: number) {
  return db
    .selectFrom('solve_attempts')
    .innerJoin('problems', 'problems.uid', 'solve_attempts.problem_uid')
    .select(['solve_attempts.code', 'solve_attempts.problem_uid', 'solve_attempts.source', 'solve_attempts.session_code', 'problems.type as problem_type'])
    .where('solve_attempts.code', '=', answerCode)
    .where('solve_attempts.member_code', '=', memberCode)
    .executeTakeFirst();
}

/** The member's own verdict replaces the machine's: judged_by becomes 'self'. */
export async function setSelfVerdict(db: DbOrTx, answerCode: number, isCorrect: boolean): Promise<StoredAnswer> {
  const row = await db
    .updateTable('solve_attempts')
    .set({ is_correct: isCorrect ? 1 : 0, judged_by: 'self' })
    .where('code', '=', answerCode)
    .returning(ANSWER_COLUMNS)
    .executeTakeFirstOrThrow();
  return toAnswer(row);
}

/** The latest answer to each problem in the solve run (older ones stay in the table as history). */
export async function listLatestRunAnswers(db: DbOrTx, runCode: number): Promise<Array<StoredAnswer & { run_code: number }>> {
  const rows = await db
    .selectFrom('solve_attempts')
    .select(ANSWER_COLUMNS)
    .where('run_code', '=', runCode)
    .where('code', 'in', (eb) =>
      eb
        .selectFrom('solve_attempts as latest')
        .select((inner) => inner.fn.max('latest.code').as('code'))
        .where('latest.run_code', '=', runCode)
        .groupBy('latest.problem_uid'),
    )
    .orderBy('code')
    .$narrowType<{ run_code: number }>()
    .execute();
  return rows.map(toAnswer);
}

/** The latest answer to each problem within the study session. */
export async function listLatestStudySessionAnswers(db: DbOrTx, studySessionCode: number): Promise<StoredAnswer[]> {
  const rows = await db
    .selectFrom('solve_attempts')
    .select(ANSWER_COLUMNS)
    .where('session_code', '=', studySessionCode)
    .where('source', '=', 'session')
    .where((eb) => isLatestAnswer(eb, 'session_code'))
    .orderBy('code')
    .execute();
  return rows.map(toAnswer);
}

/** The member's latest answer text to each of the problems (the row with the greatest code). */
export async function latestAnswerTexts(db: DbOrTx, memberCode: number, problemUids: readonly number[]): Promise<Map<number, string>> {
  if (problemUids.length === 0) return new Map();
  const rows = await db
    .selectFrom('solve_attempts')
    .select(['solve_attempts.problem_uid', 'solve_attempts.answer'])
    .where('solve_attempts.member_code', '=', memberCode)
    .where('solve_attempts.problem_uid', 'in', [...problemUids])
    .where((eb) => isLatestAnswer(eb, 'member_code'))
    .execute();
  return new Map(rows.map((row) => [row.problem_uid, row.answer]));
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

/** The member's FSRS self-rating of a review answer. */
export async function setReviewRating(db: DbOrTx, answerCode: number, rating: number): Promise<void> {
  await db.updateTable('solve_attempts').set({ review_rating: rating }).where('code', '=', answerCode).execute();
}

/** Every judged answer of the member to the given problems (none waiting for their verdict), oldest first. */
export async function listJudgedAnswers(db: DbOrTx, memberCode: number, problemUids: readonly number[]) {
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
  return rows.map((row) => ({ ...row, is_correct: row.is_correct === 1 }));
}

/** Everyone who answered the problem anywhere, self-judged answers included. */
export async function answeringMembers(db: DbOrTx, problemUid: number): Promise<number[]> {
  const rows = await db.selectFrom('solve_attempts').select('member_code').distinct().where('problem_uid', '=', problemUid).execute();
  return rows.map((row) => row.member_code);
}
