import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LineageRelation } from '@qbank/shared/lineage';
import { createProblem, createSubject, createTest } from '../testing/factories';
import { callAs, createTestContext, roleCookies, testDialects, type TestContext } from '../testing/harness';
import { redrawLineages } from './detect';
import { upsertDetectedLink, upsertStartedFromLink } from './repository';

// Which link a problem's lineage shows for each member, and which suggestions a lead sees
// (issue 28 items 2 and 8): the links are written by hand, so every case is one the read must
// tell apart. Similarities are exact in a PostgreSQL real.
//
//   lineage of p1: p1–p2 same 0.96875, p2–p3 variant 0.9375, p2–p4 same 0.984375 (keys apart),
//                  p1–p4 weak 0.875 then confirmed, p1–p3 weak 0.8125 (undecided)
//   around p1:     p5 alone (weak 0.75), p6 of the lineage p6–p7 (started from, undetected 0.96875),
//                  p8 (weak 0.78125, rejected), p9 a vacant slot (weak 0.6875)

describe.each(testDialects)('a problem lineage read on %s', (dialect) => {
  let t: TestContext;
  let cookies: Awaited<ReturnType<typeof roleCookies>>;
  const p: number[] = [];

  const lineage = async (problem: number, cookie: string) => {
    const response = await callAs(t.app, 'GET', `/v1/problem/${problem}/lineage`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  /** Each listed problem (by its index in `p`) with the link it is shown with. */
  const shown = (body: {
    lineage: { members: { uid: number; relation: string | null; similarity: number | null; confirmed: boolean; keys_agree: boolean }[] };
  }) => body.lineage.members.map((m) => [p.indexOf(m.uid), m.relation, m.similarity, m.confirmed, m.keys_agree]);
  const link = (a: number, b: number, relation: LineageRelation, similarity: number, keysAgree = true) =>
    upsertDetectedLink(t.db, p[a]!, p[b]!, { relation, similarity, keysAgree }, new Date().toISOString());

  beforeAll(async () => {
    t = await createTestContext(dialect);
    cookies = await roleCookies(t.app, t.db);
    const subject = await createSubject(t.db, { subject_name: '순환기학' });
    // p[0] is unused: the indices are the problems' names, in the order of their exams' years.
    p.push(0);
    for (let i = 1; i <= 9; i += 1) {
      const exam = await createTest(t.db, { subject_code: subject, year: 2015 + i, test_name: `${2015 + i} 중간고사` });
      p.push(await createProblem(t.db, { test_code: exam, no: i, question: `<p>문제 ${i}</p>`, ...(i === 9 ? { is_vacant: 1 } : {}) }));
    }
    await link(1, 2, 'same', 0.96875);
    await link(2, 3, 'variant', 0.9375);
    await link(2, 4, 'same', 0.984375, false);
    await link(1, 4, 'variant', 0.875);
    await link(1, 3, 'variant', 0.8125);
    await link(1, 5, 'variant', 0.75);
    await link(6, 7, 'same', 0.9375);
    await upsertStartedFromLink(t.db, p[6]!, p[1]!, { relation: 'same', similarity: 0.96875, keys_agree: 1 }, new Date().toISOString());
    await link(1, 8, 'variant', 0.78125);
    await link(1, 9, 'variant', 0.6875);
    await redrawLineages(t.db, p.slice(1));
    const decide = async (path: string, a: number, b: number) =>
      expect((await callAs(t.app, 'POST', `/v1/lineage/links/${path}`, cookies.lead, { problem_a: p[a], problem_b: p[b] })).statusCode).toBe(200);
    await decide('confirm', 1, 4);
    await decide('reject', 1, 8);
  });
  afterAll(async () => t?.close());

  it('shows each member with its link to the problem asked, else its strongest link inside the lineage', async () => {
    const fromFirst = await lineage(p[1]!, cookies.student);
    expect(fromFirst.lineage.code).toBe(p[1]);
    expect(shown(fromFirst)).toEqual([
      [1, null, null, true, true],
      [2, 'same', 0.96875, true, true],
      // p3's link to p1 is a weak suggestion: it joins through p2.
      [3, 'variant', 0.9375, true, true],
      // The confirmed link to p1 wins over the stronger p2–p4.
      [4, 'variant', 0.875, true, true],
    ]);
    expect(shown(await lineage(p[3]!, cookies.student))).toEqual([
      [1, 'same', 0.96875, true, true],
      [2, 'variant', 0.9375, true, true],
      [3, null, null, true, true],
      [4, 'same', 0.984375, true, false],
    ]);
    expect(shown(await lineage(p[7]!, cookies.student))).toEqual([
      [6, 'same', 0.9375, true, true],
      [7, null, null, true, true],
    ]);
    expect(await lineage(p[5]!, cookies.student)).toEqual({ lineage: null });
  });

  it("shows a lead the undecided suggestions around the problem, in or out of another lineage, but not a member's, a rejected one or a vacant slot", async () => {
    expect(shown(await lineage(p[1]!, cookies.lead))).toEqual([
      [1, null, null, true, true],
      [2, 'same', 0.96875, true, true],
      [3, 'variant', 0.9375, true, true],
      [4, 'variant', 0.875, true, true],
      [5, 'variant', 0.75, false, true],
      [6, 'same', 0.96875, false, true],
    ]);
    const alone = await lineage(p[5]!, cookies.lead);
    expect(alone.lineage.code).toBe(p[5]);
    expect(shown(alone)).toEqual([
      [1, 'variant', 0.75, false, true],
      [5, null, null, true, true],
    ]);
    expect(await lineage(p[8]!, cookies.lead)).toEqual({ lineage: null });
  });
});
