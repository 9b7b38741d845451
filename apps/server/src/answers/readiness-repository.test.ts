import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, testDialects, type TestContext } from '../testing/harness';
import { createProblem, createSubject, createTest } from '../testing/factories';
import { listFirstSeenRates, listMemberFirstAnswers } from './readiness-repository';

// The readiness reads as of a past instant (`before`): the backtest (bench/readiness-backtest.ts)
// predicts from what the database held just before a member sat the held-out exam.
describe.each(testDialects)('first-seen answers before a cut-off on %s', (dialect) => {
  let t: TestContext;
  let subject: number;
  let uids: number[];
  let asker: number;
  let early: number;
  let late: number;
  const cutoff = '2026-05-01T00:00:00.000Z';

  beforeAll(async () => {
    t = await createTestContext(dialect);
    subject = await createSubject(t.db, { subject_name: '순환기내과학' });
    const exam = await createTest(t.db, { subject_code: subject, year: 2025 });
    uids = [];
    for (let no = 1; no <= 2; no += 1) uids.push(await createProblem(t.db, { test_code: exam, no, illustration: '① 가\n② 나', answer: '①' }));
    const [a, b, c] = await Promise.all([createMember(t.db), createMember(t.db), createMember(t.db)]);
    [asker, early, late] = [a.code, b.code, c.code];
    const answer = (member: number, uid: number, right: boolean, at: string) => ({
      member_code: member,
      problem_uid: uid,
      answer: right ? '①' : '②',
      is_correct: right ? 1 : 0,
      creation_time: at,
    });
    await t.db
      .insertInto('solve_attempts')
      .values([
        // `early` met both problems before the cut-off: wrong, then right; `late` only after it.
        answer(early, uids[0]!, false, '2026-04-01T00:00:00.000Z'),
        answer(early, uids[0]!, true, '2026-04-02T00:00:00.000Z'),
        answer(early, uids[1]!, true, '2026-04-01T00:00:00.000Z'),
        answer(late, uids[0]!, true, '2026-06-01T00:00:00.000Z'),
        // The asker answered one problem before the cut-off and the other after it.
        answer(asker, uids[0]!, true, '2026-04-10T00:00:00.000Z'),
        answer(asker, uids[1]!, false, '2026-06-10T00:00:00.000Z'),
      ])
      .execute();
  });
  afterAll(async () => t?.close());

  it("counts the class's first answers given before the cut-off only", async () => {
    const byUid = (rows: Awaited<ReturnType<typeof listFirstSeenRates>>) =>
      Object.fromEntries(rows.map((row) => [row.problem_uid, [row.answered, row.correct]]));
    expect(byUid(await listFirstSeenRates(t.db, uids, asker))).toEqual({ [uids[0]!]: [2, 1], [uids[1]!]: [1, 1] });
    expect(byUid(await listFirstSeenRates(t.db, uids, asker, cutoff))).toEqual({ [uids[0]!]: [1, 0], [uids[1]!]: [1, 1] });
  });

  it("keeps the member's own first answers before the cut-off only", async () => {
    expect(await listMemberFirstAnswers(t.db, asker, subject)).toHaveLength(2);
    expect(await listMemberFirstAnswers(t.db, asker, subject, cutoff)).toEqual([{ problem_uid: uids[0], is_correct: true }]);
  });
});
