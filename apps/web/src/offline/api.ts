import { apiRequest } from '../lib/api-client';
import { answerStore } from '../lib/offline-data';
import { createAnswerQueue } from './answer-queue';

// The one answer queue of the app (part of every screen: the shell counts it, solve mode fills it).
// 오프라인 저장's reads are in save-api.ts, loaded only by the exam's page.

export const answerQueue = createAnswerQueue(answerStore, (answer) =>
  apiRequest('/v1/solve/attempts', {
    method: 'POST',
    body: { problem_uid: answer.problem_uid, answer: answer.answer, client_id: answer.client_id },
    // The shell counts waiting answers on every screen; the schema is loaded only to send one.
    schema: () => import('@qbank/shared/solve').then((m) => m.attemptResponseSchema),
  }).then((data) => data.attempt),
);
