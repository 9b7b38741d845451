import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, createMember, createTestContext, loginCookie, testDialects, type TestContext } from '../testing/harness';
import { createProblem, createSubject, createTest } from '../testing/factories';
import { fitMember, fitMemoryModels, MIN_TRAINING_ITEMS } from './memory-fit';

const DAY = 86_400_000;
const start = Date.parse('2026-09-01T01:00:00Z');

/**
 * A learner who forgets fast: each problem is met, then reviewed after 1, 3, 7 and 15 days; a review
 * is right only when the gap is at most `holds` days (the same for every problem, so it can be learnt).
 */
function history(problems: number, holds: number, memberCode = 1) {
  const answers = [];
  let code = 1;
  for (let uid = 1; uid <= problems; uid += 1) {
    let day = (uid % 5) * 1;
    answers.push({
      code: code++,
      problem_uid: uid,
      is_correct: true,
      review_rating: null,
      creation_time: new Date(start + day * DAY).toISOString(),
      member_code: memberCode,
    });
    for (const gap of [1, 3, 7, 15]) {
      day += gap;
      answers.push({
        code: code++,
        problem_uid: uid,
        is_correct: gap <= holds,
        review_rating: null,
        creation_time: new Date(start + day * DAY).toISOString(),
        member_code: memberCode,
      });
    }
  }
  return answers;
}

describe('fitting the member’s memory model', () => {
  it('needs the optimizer’s minimum of reviews', async () => {
    expect(await fitMember(history(1, 3))).toBeNull();
  });

  it('keeps the defaults while the history is too short for the optimizer to evaluate a fit', async () => {
    // Ten problems met once and reviewed two days later: enough items to fit, too few to evaluate.
    const answers = Array.from({ length: 10 }, (_, index) => [
      { code: 2 * index + 1, problem_uid: index + 1, is_correct: true, review_rating: null, creation_time: new Date(start).toISOString(), member_code: 1 },
      {
        code: 2 * index + 2,
        problem_uid: index + 1,
        is_correct: index % 2 === 0,
        review_rating: null,
        creation_time: new Date(start + 2 * DAY).toISOString(),
        member_code: 1,
      },
    ]).flat();
    expect(await fitMember(answers)).toBeNull();
  });

  it('fits a history the defaults predict badly better than the defaults do', async () => {
    const report = await fitMember(history(40, 3));
    expect(report).not.toBeNull();
    expect(report!.params.length).toBeGreaterThanOrEqual(19);
    expect(report!.log_loss_fitted).toBeLessThan(report!.log_loss_default);
    expect(report!.rmse_fitted).toBeLessThan(report!.rmse_default);
  });
});

describe.each(testDialects)('the fitting job on %s', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(dialect);
  });
  afterAll(async () => t?.close());

  it('fits members with enough history in the background, reports it, and the readiness uses it', async () => {
    const member = await createMember(t.db);
    const idle = await createMember(t.db);
    const cookie = await loginCookie(t.app, member.id);
    const subject = await createSubject(t.db);
    const exam = await createTest(t.db, { subject_code: subject });
    const uids: number[] = [];
    for (let no = 1; no <= 30; no += 1) uids.push(await createProblem(t.db, { test_code: exam, no, illustration: '① 가\n② 나', answer: '①' }));
    const rows = history(30, 3, member.code).map(({ code: _code, problem_uid, ...row }) => ({
      ...row,
      problem_uid: uids[problem_uid - 1]!,
      answer: row.is_correct ? '①' : '②',
      is_correct: row.is_correct ? 1 : 0,
      source: 'solve' as const,
      judged_by: 'machine' as const,
    }));
    await t.db.insertInto('solve_attempts').values(rows).execute();
    await t.db
      .insertInto('solve_attempts')
      .values({ member_code: idle.code, problem_uid: uids[0]!, answer: '①', is_correct: 1, creation_time: new Date().toISOString() })
      .execute();

    expect((await callAs(t.app, 'GET', '/v1/exam-dates/memory-model', cookie)).json()).toEqual({ fitted: null, min_reviews: MIN_TRAINING_ITEMS });
    expect(await fitMemoryModels(t.db)).toBe(1);
    // Nothing new since: the next run fits nobody.
    expect(await fitMemoryModels(t.db)).toBe(0);
    const report = (await callAs(t.app, 'GET', '/v1/exam-dates/memory-model', cookie)).json();
    expect(report.fitted.review_count).toBeGreaterThanOrEqual(MIN_TRAINING_ITEMS);
    expect(report.fitted.log_loss_fitted).toBeLessThan(report.fitted.log_loss_default);

    const day = new Date(Date.now() + (9 + 72) * 3_600_000).toISOString().slice(0, 10);
    const created = await callAs(t.app, 'POST', '/v1/exam-dates', cookie, { title: '기말', date: day, subject_code: subject });
    const readiness = (await callAs(t.app, 'GET', `/v1/exam-dates/${created.json().exam_date.code}/readiness`, cookie)).json();
    expect(readiness.memory_model).toBe('fitted');
  });
});
