import { isCorrectAnswer } from '@qbank/shared/answers';
import type { Db, DbOrTx } from '../core/db';
import { AppError } from '../errors';
import { findAnswerByClientId, insertAnswerOnce, type NewAnswer, type StoredAnswer } from './repository';

// Recording an answer, for every way of answering (solve mode, a study session, the review deck;
// docs/architecture.md "The write path"). The server judges with the shared rule, so a record
// cannot be forged by the client.

/** The problem as judging needs it: its type and official answer. */
export interface ProblemKey {
  uid: number;
  type: number;
  answer: string;
}

/** The shared rule (@qbank/shared/answers): the verdict of an answer against the problem's key. */
export function judge(answer: string, problem: ProblemKey): boolean {
  return isCorrectAnswer(answer, problem.answer, problem.type);
}

/** Where an answer was made: a solve run, a study session, or the review deck with its self-rating. */
export type AnswerPlace =
  { source: 'solve'; run_code: number } | { source: 'session'; session_code: number } | { source: 'review'; review_rating: number | null };

export interface AnswerToRecord<P extends ProblemKey, T> {
  memberCode: number;
  /** The browser's id for the answer (decision 041); null when sent without one. */
  clientId: string | null;
  answer: string;
  /** The caller's checks (the problem may be answered here, now); throws an AppError to refuse. */
  admit: () => Promise<P>;
  /** Inside the write's transaction, before the insert: more checks, and where the answer goes. */
  place: (trx: DbOrTx, problem: P) => Promise<AnswerPlace>;
  /** Inside the same transaction, after the insert (the review card). */
  follow?: (trx: DbOrTx, recorded: StoredAnswer) => Promise<T>;
}

export type RecordedAnswer<T> = { replayed: false; answer: StoredAnswer; followed: T | undefined } | { replayed: true; answer: StoredAnswer };

/** The insert met the member's earlier answer under the same client_id: the transaction is undone. */
class AlreadyRecorded extends Error {}

/**
 * Records an answer once per client_id (decisions 041, 054, 134). The insert is `on conflict do
 * nothing` on the unique (member_code, client_id): a second send of the same answer (the offline
 * queue replaying after a lost reply, two tabs flushing at once) adds nothing and gets the first
 * record back, `replayed`. A second send the caller refuses (its session has since finished, the
 * problem was voided, in tutor mode the first send answered the problem) is a replay too when the
 * id already names a record. The caller checks that the first record is the same answer (an id
 * names one answer: another problem or answer under it is a client's mistake, 409).
 */
export async function recordAnswer<P extends ProblemKey, T = undefined>(db: Db, write: AnswerToRecord<P, T>): Promise<RecordedAnswer<T>> {
  try {
    const problem = await write.admit();
    const isCorrect = judge(write.answer, problem);
    return await db.transaction().execute(async (trx) => {
      const place = await write.place(trx, problem);
      const values: NewAnswer = {
        member_code: write.memberCode,
        problem_uid: problem.uid,
        answer: write.answer,
        is_correct: isCorrect,
        client_id: write.clientId,
        source: place.source,
        run_code: place.source === 'solve' ? place.run_code : null,
        session_code: place.source === 'session' ? place.session_code : null,
        review_rating: place.source === 'review' ? place.review_rating : null,
      };
      const recorded = await insertAnswerOnce(trx, values);
      // Nothing of this send may stay (a solve run it opened): throwing undoes the transaction.
      if (!recorded) throw new AlreadyRecorded();
      return { replayed: false as const, answer: recorded, followed: await write.follow?.(trx, recorded) };
    });
  } catch (error) {
    if (write.clientId === null || !(error instanceof AlreadyRecorded || error instanceof AppError)) throw error;
    const earlier = await findAnswerByClientId(db, write.memberCode, write.clientId);
    if (earlier) return { replayed: true, answer: earlier };
    if (error instanceof AlreadyRecorded)
      throw new Error(`client_id ${write.clientId} of member ${write.memberCode} met a record that is gone`, { cause: error });
    throw error;
  }
}
