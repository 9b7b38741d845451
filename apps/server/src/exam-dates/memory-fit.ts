import { computeParameters, FSRSBinding, FSRSBindingItem, FSRSBindingReview } from '@open-spaced-repetition/binding';
import type { Db } from '../core/db';
import { nowIso } from '../core/db';
import { reviewHistory, type StoredAnswer } from '../study/review-scheduler';
import { listMemberHistory, listMembersWithAnswers } from '../answers/readiness-repository';
import { daysBetween, koreanDay } from './memory';
import { dropMemberReviewCards } from '../answers/review-cards-repository';
import { findFsrsParams, upsertFsrsParams } from './repository';

// The member's own FSRS parameters (decision 153), fitted by the FSRS project's optimizer
// (@open-spaced-repetition/binding) in a leased background job, never on a request. The history
// is the deck's own (study/review-scheduler.ts: one review per Korean day, a self-rating wins),
// turned into the optimizer's items: one per review after the first, with every review before it.

/**
 * fsrs-rs trains on items with at least one long-term review and falls back to its defaults below
 * a minimum of such items; we fit only from that minimum on (Anki's "8 reviews" floor).
 */
export const MIN_TRAINING_ITEMS = 8;
/** Members whose item count grew by less than this since their last fit are not fitted again. */
const REFIT_GROWTH = 20;
/** An upper bound on the optimizer's run per member (milliseconds). */
const FIT_TIMEOUT_MS = 2000;

/** The optimizer's items of a member's answers, grouped by problem. */
export function trainingItems(answers: ReadonlyArray<StoredAnswer & { problem_uid: number }>): FSRSBindingItem[] {
  const byProblem = new Map<number, StoredAnswer[]>();
  for (const answer of answers) {
    const list = byProblem.get(answer.problem_uid) ?? [];
    list.push(answer);
    byProblem.set(answer.problem_uid, list);
  }
  const items: FSRSBindingItem[] = [];
  for (const list of byProblem.values()) {
    const history = reviewHistory(list);
    const reviews: FSRSBindingReview[] = [];
    let previous: string | undefined;
    for (const entry of history) {
      const day = koreanDay(entry.review as Date);
      reviews.push(new FSRSBindingReview(entry.rating, previous === undefined ? 0 : daysBetween(previous, day)));
      previous = day;
      if (reviews.length > 1) items.push(new FSRSBindingItem([...reviews]));
    }
  }
  return items;
}

export interface FitReport {
  params: number[];
  items: number;
  log_loss_fitted: number;
  log_loss_default: number;
  rmse_fitted: number;
  rmse_default: number;
}

/** Fits and evaluates against the defaults over the same history; null below the minimum. */
export async function fitMember(answers: ReadonlyArray<StoredAnswer & { problem_uid: number }>): Promise<FitReport | null> {
  const items = trainingItems(answers);
  const longTerm = items.filter((item) => item.includeLongTermReviews());
  if (longTerm.length < MIN_TRAINING_ITEMS) return null;
  const params = await computeParameters(items, { enableShortTerm: false, timeout: FIT_TIMEOUT_MS });
  let fitted: ReturnType<FSRSBinding['evaluate']>;
  let defaults: ReturnType<FSRSBinding['evaluate']>;
  try {
    fitted = new FSRSBinding(params).evaluate(items);
    defaults = new FSRSBinding().evaluate(items);
  } catch (error) {
    // The optimizer fits from fewer items than its evaluation accepts (about 20): until the member's
    // history is long enough to say how well the fit predicts it, the defaults stay.
    if (error instanceof Error && error.message.includes('NotEnoughData')) return null;
    throw error;
  }
  return {
    params,
    items: longTerm.length,
    log_loss_fitted: fitted.logLoss,
    log_loss_default: defaults.logLoss,
    rmse_fitted: fitted.rmseBins,
    rmse_default: defaults.rmseBins,
  };
}

/**
 * Stores a member's fit. Their review cards were scheduled with the weights before it: they are
 * dropped in the same transaction, and the next read of the deck, plan or readiness rebuilds
 * them with the new weights (dropping them raises the member's activity version, so no cached
 * deck outlives them).
 */
export async function saveFit(db: Db, memberCode: number, report: FitReport): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await upsertFsrsParams(trx, memberCode, {
      params: JSON.stringify(report.params),
      review_count: report.items,
      log_loss_fitted: report.log_loss_fitted,
      log_loss_default: report.log_loss_default,
      rmse_fitted: report.rmse_fitted,
      rmse_default: report.rmse_default,
      fitted_at: nowIso(),
    });
    await dropMemberReviewCards(trx, memberCode);
  });
}

/** The job: fits every member with enough new history since their last fit. Returns how many were fitted. */
export async function fitMemoryModels(db: Db): Promise<number> {
  let fitted = 0;
  for (const { member_code: memberCode } of await listMembersWithAnswers(db, MIN_TRAINING_ITEMS + 1)) {
    const answers = await listMemberHistory(db, memberCode);
    const items = trainingItems(answers).filter((item) => item.includeLongTermReviews()).length;
    const known = await findFsrsParams(db, memberCode);
    if (items < MIN_TRAINING_ITEMS || (known && items < known.review_count + REFIT_GROWTH)) continue;
    const report = await fitMember(answers);
    if (!report) continue;
    await saveFit(db, memberCode, report);
    fitted += 1;
  }
  return fitted;
}
