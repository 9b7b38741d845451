import type { ReviewAnswerResponse } from '@qbank/shared/review';
import type { Attempt } from '@qbank/shared/solve';
import type { SessionAnswer } from '@qbank/shared/study';
import { apiRequest } from '../lib/api-client';
import { answerStore, type AnswerKind, type QueuedAnswer } from '../lib/offline-data';
import { createAnswerQueue } from './answer-queue';

// The one answer queue of the app (part of every screen: the shell counts it; solve mode, study
// sessions and the review deck fill it). It owns the three answer calls, so answers kept from any
// of them are sent from the start of the app, whichever screen is open (decisions 041, 054).
// 오프라인 저장's reads are in offline/save-api.ts, loaded only by the screens that keep something.
// The shell counts waiting answers on every screen; each response schema is loaded only to send one.

/** What each kind of answer's endpoint answers with: its record, with the server's verdict. */
export interface RecordOf {
  solve: Attempt;
  session: SessionAnswer;
  review: ReviewAnswerResponse;
}
export type SentRecord = { [K in AnswerKind]: { kind: K; record: RecordOf[K] } }[AnswerKind];

async function sendAnswer(answer: QueuedAnswer): Promise<SentRecord> {
  const { client_id, problem_uid } = answer;
  switch (answer.kind) {
    case 'session': {
      const body = { problem_uid, answer: answer.answer, client_id, answered_at: answer.answered_at };
      const data = await apiRequest(`/v1/study/sessions/${answer.session_code}/answers`, {
        method: 'POST',
        body,
        schema: () => import('@qbank/shared/study').then((m) => m.sessionAnswerResponseSchema),
      });
      return { kind: 'session', record: data.answer };
    }
    case 'review': {
      const body = { answer: answer.answer, client_id, ...(answer.rating ? { rating: answer.rating } : {}) };
      return {
        kind: 'review',
        record: await apiRequest(`/v1/study/review/${problem_uid}`, {
          method: 'POST',
          body,
          schema: () => import('@qbank/shared/review').then((m) => m.reviewAnswerResponseSchema),
        }),
      };
    }
    default: {
      const data = await apiRequest('/v1/solve/attempts', {
        method: 'POST',
        body: { problem_uid, answer: answer.answer, client_id },
        schema: () => import('@qbank/shared/solve').then((m) => m.attemptResponseSchema),
      });
      return { kind: 'solve', record: data.attempt };
    }
  }
}

export const answerQueue = createAnswerQueue(answerStore, sendAnswer);
export type AnswerQueueEvent = Parameters<Parameters<typeof answerQueue.subscribe>[0]>[0];
