import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, testDialects, type TestContext } from '../testing/harness';
import { createProblem, createSubject, createTest } from '../testing/factories';
import { PROBLEM_TYPES } from '@qbank/shared/problems';
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
    expect(byUid(await listFirstSeenRates(t.db, dialect, uids, asker))).toEqual({ [uids[0]!]: [2, 1], [uids[1]!]: [1, 1] });
    expect(byUid(await listFirstSeenRates(t.db, dialect, uids, asker, cutoff))).toEqual({ [uids[0]!]: [1, 0], [uids[1]!]: [1, 1] });
  });

  it("keeps the member's own first answers before the cut-off only", async () => {
    expect(await listMemberFirstAnswers(t.db, asker, subject)).toHaveLength(2);
    expect(await listMemberFirstAnswers(t.db, asker, subject, cutoff)).toEqual([{ problem_uid: uids[0], is_correct: true }]);
  });
});

// The class's first-seen figure counts each other member's first answer once, and leaves out a
// first answer still awaiting its member's verdict (an essay answer the key did not match).
describe.each(testDialects)("the class's first-seen answers on %s", (dialect) => {
  let t: TestContext;
  let choice: number;
  let essay: number;
  let waitingOnly: number;
  let asker: number;
  let members: number[];
  let awaiting: number;

  beforeAll(async () => {
    t = await createTestContext(dialect);
    const subject = await createSubject(t.db, { subject_name: '소화기내과학' });
    const exam = await createTest(t.db, { subject_code: subject, year: 2025 });
    choice = await createProblem(t.db, { test_code: exam, no: 1, illustration: '① 가\n② 나', answer: '①' });
    essay = await createProblem(t.db, { test_code: exam, no: 2, type: PROBLEM_TYPES.subjective, choice_type: null, answer: '간경화' });
    waitingOnly = await createProblem(t.db, { test_code: exam, no: 3, type: PROBLEM_TYPES.subjective, choice_type: null, answer: '담석' });
    const created = await Promise.all(Array.from({ length: 5 }, () => createMember(t.db)));
    asker = created[0]!.code;
    members = created.slice(1).map((member) => member.code);
    const [m1, m2, m3, m4] = members as [number, number, number, number];
    const answer = (member: number, uid: number, right: boolean, judgedBy: 'machine' | 'self' = 'machine') => ({
      member_code: member,
      problem_uid: uid,
      answer: right ? '①' : '②',
      is_correct: right ? 1 : 0,
      judged_by: judgedBy,
    });
    // One statement per answer, in this order: the codes follow it.
    for (const row of [
      answer(m1, choice, false),
      answer(m1, choice, true),
      answer(m2, choice, true),
      answer(asker, choice, false),
      answer(m1, essay, true, 'self'),
      answer(m2, essay, false),
      answer(m3, essay, false),
      answer(m3, essay, true, 'self'),
      answer(m4, waitingOnly, false),
    ])
      await t.db.insertInto('solve_attempts').values(row).execute();
    const first = await t.db
      .selectFrom('solve_attempts')
      .select('code')
      .where('member_code', '=', m2)
      .where('problem_uid', '=', essay)
      .orderBy('code')
      .limit(1)
      .executeTakeFirstOrThrow();
    awaiting = first.code;
  });
  afterAll(async () => t?.close());

  const rates = async () =>
    Object.fromEntries(
      (await listFirstSeenRates(t.db, dialect, [choice, essay, waitingOnly], asker)).map((row) => [row.problem_uid, [row.answered, row.correct]]),
    );

  it('counts first answers only, without the asker and without answers awaiting a verdict', async () => {
    // choice: m1 first wrong, m2 right (the asker's left out); essay: m1's self-judged right only
    // (m2's and m3's first answers await their verdicts); waitingOnly: nothing counted at all.
    expect(await rates()).toEqual({ [choice]: [2, 1], [essay]: [1, 1] });
  });

  it('counts an awaiting first answer once its member judges it', async () => {
    await t.db.updateTable('solve_attempts').set({ judged_by: 'self', is_correct: 1 }).where('code', '=', awaiting).execute();
    expect(await rates()).toEqual({ [choice]: [2, 1], [essay]: [2, 2] });
  });
});
