import { default_w } from 'ts-fsrs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, createMember, createTestContext, loginCookie, testDialects, type TestContext } from '../testing/harness';
import { createProblem, createSubject, createTest } from '../testing/factories';
import { saveFit } from '../exam-dates/memory-fit';

const DAY = 86_400_000;
const daysFromNow = (iso: string) => (Date.parse(iso) - Date.now()) / DAY;

/**
 * Weights of a member who remembers far longer than the defaults say: the initial stabilities
 * (w[0]–w[3], Again to Easy) of 10, 15, 20 and 30 days instead of ~0.2, ~1.2, ~2.3 and ~8.3. A
 * first answer that was wrong comes back in 10 days instead of 1, a right one in 20 instead of 3.
 */
const INITIAL_STABILITY = [10, 15, 20, 30];
const slowForgetter = default_w.map((value, index) => INITIAL_STABILITY[index] ?? value);
const fit = (params: number[]) => ({ params, items: 40, log_loss_fitted: 0.3, log_loss_default: 0.4, rmse_fitted: 0.05, rmse_default: 0.08 });

describe.each(testDialects)("the review deck with the member's fitted memory model on %s", (dialect) => {
  let t: TestContext;
  let exam: number;
  const p: number[] = [];

  async function signedIn() {
    const member = await createMember(t.db);
    return { code: member.code, cookie: await loginCookie(t.app, member.id) };
  }

  const cardDue = async (memberCode: number, problemUid: number) =>
    (await t.db.selectFrom('review_cards').select('due').where('member_code', '=', memberCode).where('problem_uid', '=', problemUid).executeTakeFirstOrThrow())
      .due;

  beforeAll(async () => {
    t = await createTestContext(dialect);
    exam = await createTest(t.db, { subject_code: await createSubject(t.db) });
    for (let no = 1; no <= 3; no++) p.push(await createProblem(t.db, { test_code: exam, no, illustration: '① 가\n② 나\n③ 다', answer: '③' }));
  });
  afterAll(async () => t?.close());

  it('schedules a member with fitted weights by them, and a member without by the defaults', async () => {
    const fitted = await signedIn();
    const plain = await signedIn();
    await saveFit(t.db, fitted.code, fit(slowForgetter));
    for (const member of [fitted, plain]) {
      expect((await callAs(t.app, 'POST', '/v1/solve/attempts', member.cookie, { problem_uid: p[0], answer: '③' })).statusCode).toBe(201);
      // The deck's read takes the answer in.
      expect((await callAs(t.app, 'GET', '/v1/study/review', member.cookie)).json().due_count).toBe(0);
    }
    expect(daysFromNow(await cardDue(fitted.code, p[0]!))).toBeCloseTo(20, 0);
    expect(daysFromNow(await cardDue(plain.code, p[0]!))).toBeCloseTo(3, 0);

    // A review answer is scheduled the same way.
    const review = (await callAs(t.app, 'POST', `/v1/study/review/${p[1]}`, fitted.cookie, { answer: '①' })).json();
    expect(daysFromNow(review.due_at)).toBeCloseTo(10, 0);
  });

  it('rebuilds the cards with a new fit, and the cached deck follows at once', async () => {
    const member = await signedIn();
    // Wrong two days ago: due a day later by the defaults, so in the deck now.
    await t.db
      .insertInto('solve_attempts')
      .values({ member_code: member.code, problem_uid: p[2]!, answer: '①', is_correct: 0, creation_time: new Date(Date.now() - 2 * DAY).toISOString() })
      .execute();
    expect((await callAs(t.app, 'GET', '/v1/study/review', member.cookie)).json().due_count).toBe(1);
    expect((await callAs(t.app, 'GET', '/v1/study/review/count', member.cookie)).json().due_count).toBe(1);

    await saveFit(t.db, member.code, fit(slowForgetter));
    expect((await callAs(t.app, 'GET', '/v1/study/review', member.cookie)).json()).toEqual({ due_count: 0, problems: [] });
    expect((await callAs(t.app, 'GET', '/v1/study/review/count', member.cookie)).json().due_count).toBe(0);
    expect(daysFromNow(await cardDue(member.code, p[2]!))).toBeCloseTo(8, 0);

    // Fitted again to the defaults: due again.
    await saveFit(t.db, member.code, fit([...default_w]));
    expect((await callAs(t.app, 'GET', '/v1/study/review', member.cookie)).json().due_count).toBe(1);
  });
});
