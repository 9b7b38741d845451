import type { DbOrTx } from '../core/db';
import { findFittedParams } from './review-repository';
import { DEFAULT_WEIGHTS, type Weights } from './review-scheduler';

/**
 * The member's FSRS weights: fitted by the background job (exam-dates/memory-fit.ts, decision
 * 153), or the defaults. The review deck's cards, the plan and the readiness all schedule with them.
 */
export async function weightsOf(db: DbOrTx, memberCode: number): Promise<{ weights: Weights; fitted: boolean }> {
  const params = await findFittedParams(db, memberCode);
  if (params === undefined) return { weights: DEFAULT_WEIGHTS, fitted: false };
  const parsed = JSON.parse(params) as unknown;
  return Array.isArray(parsed) && parsed.every((value) => typeof value === 'number')
    ? { weights: parsed, fitted: true }
    : { weights: DEFAULT_WEIGHTS, fitted: false };
}
