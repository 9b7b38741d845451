import { z } from 'zod';
import { validationMessages as m } from './messages';
import { idParam } from './paging';

export const attemptRequestSchema = z.strictObject({
  problem_uid: idParam,
  answer: z.string({ error: m.answerRequired }).trim().min(1, m.answerRequired).max(500, m.answerTooLong),
});
export type AttemptRequest = z.infer<typeof attemptRequestSchema>;

export const attemptSchema = z.object({
  code: z.number().int(),
  run_code: z.number().int(),
  problem_uid: z.number().int(),
  answer: z.string(),
  /** Decided by the server with the shared answer rule. */
  is_correct: z.boolean(),
  creation_time: z.string(),
});
export type Attempt = z.infer<typeof attemptSchema>;
export const attemptResponseSchema = z.object({ attempt: attemptSchema });

export const solveTestParamsSchema = z.strictObject({ testCode: idParam });

/** The member's current run of an exam: the latest answer to each problem in it. */
export const solveProgressResponseSchema = z.object({
  run: z.object({ code: z.number().int(), test_code: z.number().int(), creation_time: z.string() }).nullable(),
  attempts: z.array(attemptSchema),
});
export type SolveProgress = z.infer<typeof solveProgressResponseSchema>;
