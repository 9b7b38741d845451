import { selfJudgmentResponseSchema } from '@qbank/shared/solve';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

/**
 * The member's own verdict on one of their essay or slide answers (decision 116), whichever screen
 * recorded it (solve mode, a study session, the review deck): one call on the answer's record.
 */
export function useSelfJudgment() {
  return useMutation({
    mutationFn: ({ attemptCode, isCorrect }: { attemptCode: number; isCorrect: boolean }) =>
      apiRequest(`/v1/solve/attempts/${attemptCode}/self-judgment`, {
        method: 'POST',
        body: { is_correct: isCorrect },
        schema: selfJudgmentResponseSchema,
      }),
  });
}
