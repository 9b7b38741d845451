import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDialects, type TestDatabase } from '../testing/harness';
import { createProblem, createSubject, createTest } from '../testing/factories';
import { listPageIds } from './repository';
import { searchPageIds } from './search-page';

// The capped search page (decision 042) against the whole-hit-list query it replaced for
// searches: the same problems in the same order, page by page, whichever way the page is found.
// A cap of 3 stands in for 1,000, so a handful of problems exercise both paths.
describe.each(testDialects)('capped search pages on %s', (dialect) => {
  let database: TestDatabase;
  const CAP = 3;

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    const { db } = database;
    const subject = await createSubject(db, { subject_name: '진단검사의학' });
    const older = await createTest(db, { subject_code: subject, test_name: '2023 기말', year: 2023 });
    const newer = await createTest(db, { subject_code: subject, test_name: '2025 중간', year: 2025 });
    const sameYear = await createTest(db, { subject_code: subject, test_name: '2025 기말', year: 2025 });
    // Created out of list order, with a vacant slot and non-matching problems between the hits.
    await createProblem(db, { test_code: older, no: 2, question: '<p>혈액검사에서 빈혈을 시사하는 소견은?</p>' });
    await createProblem(db, { test_code: newer, no: 3, question: '<p>혈액검사 결과 백혈구 증가</p>' });
    await createProblem(db, { test_code: newer, no: 1, type: 2, choice_type: null, question: '<p>혈액검사 항목을 쓰시오.</p>' });
    await createProblem(db, { test_code: newer, no: 1, question: '<p>흉부 X선 소견은?</p>' });
    await createProblem(db, { test_code: sameYear, no: 5, question: '<p>혈액검사 전 금식 시간은?</p>' });
    await createProblem(db, { test_code: newer, no: 2, question: '<p>응급 혈액검사의 순서는?</p>' });
    await createProblem(db, { test_code: older, no: 1, question: '<p>소변검사 소견은?</p>' });
    await createProblem(db, { test_code: newer, no: 4, is_vacant: 1, question: '<p>혈액검사</p>' });
  });
  afterAll(async () => database?.close());

  const pages = async (q: string, find: typeof searchPageIds | typeof listPageIds, limit: number) => {
    const all: number[] = [];
    const totals: Array<{ total: number; capped: boolean }> = [];
    for (let page = 1; page <= 4; page++) {
      const result =
        find === listPageIds
          ? await listPageIds(database.db, dialect, { q }, { page, limit })
          : await searchPageIds(database.db, dialect, { q }, { page, limit }, CAP);
      all.push(...result.uids);
      totals.push({ total: result.total, capped: result.capped });
    }
    return { all, totals };
  };

  it('past the cap: the total is capped and the pages walk every match in list order', async () => {
    const whole = await pages('혈액검사', listPageIds, 2);
    expect(whole.all).toHaveLength(5);
    expect(whole.totals[0]).toEqual({ total: 5, capped: false });
    const capped = await pages('혈액검사', searchPageIds, 2);
    expect(capped.all).toEqual(whole.all);
    expect(capped.totals).toEqual(Array.from({ length: 4 }, () => ({ total: CAP, capped: true })));
  });

  it('at or under the cap: the exact total and the same order', async () => {
    const whole = await pages('혈액검사', listPageIds, 2);
    const exact = await searchPageIds(database.db, dialect, { q: '혈액검사' }, { page: 1, limit: 20 }, 5);
    expect(exact).toEqual({ uids: whole.all, total: 5, capped: false });
    expect(await searchPageIds(database.db, dialect, { q: '없는검사어' }, { page: 1, limit: 20 }, CAP)).toEqual({ uids: [], total: 0, capped: false });
  });

  it('초성 and half-초성 searches take the same paths', async () => {
    const whole = await pages('혈액검사', listPageIds, 2);
    for (const q of ['ㅎㅇㄱㅅ', '혈ㅇㄱㅅ']) {
      const capped = await pages(q, searchPageIds, 2);
      expect(capped.all).toEqual(whole.all);
      expect(capped.totals[0]).toEqual({ total: CAP, capped: true });
    }
  });

  it('two-letter terms: capped on SQLite, exact on PostgreSQL, whose bigram index needs no re-check', async () => {
    const whole = await pages('검사', listPageIds, 2);
    expect(whole.all).toHaveLength(6);
    const found = await pages('검사', searchPageIds, 2);
    expect(found.all).toEqual(whole.all);
    expect(found.totals[0]).toEqual(dialect === 'postgres' ? { total: 6, capped: false } : { total: CAP, capped: true });
  });

  it('other filters narrow a search below the cap', async () => {
    const [first] = (await searchPageIds(database.db, dialect, { q: '혈액검사' }, { page: 1, limit: 1 }, CAP)).uids;
    expect(await searchPageIds(database.db, dialect, { q: '혈액검사', uid: first }, { page: 1, limit: 20 }, CAP)).toEqual({
      uids: [first],
      total: 1,
      capped: false,
    });
  });
});

// PostgreSQL walks exams in growing batches (8, 16, …; decision 058): pages that end inside the
// first batch, straddle two batches and lie past both must match the whole-hit-list order.
describe.each(testDialects)('a capped search over many exams on %s', (dialect) => {
  let database: TestDatabase;
  const CAP = 3;

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    const { db } = database;
    const subject = await createSubject(db, { subject_name: '내과학' });
    for (let i = 0; i < 30; i++) {
      // Years repeat, so the exam code breaks ties; every third exam has no match at all.
      const exam = await createTest(db, { subject_code: subject, test_name: `시험 ${i}`, year: 2000 + (i % 7) });
      if (i % 3 === 2) {
        await createProblem(db, { test_code: exam, no: 1, question: '<p>흉부 X선 소견은?</p>' });
        continue;
      }
      await createProblem(db, { test_code: exam, no: 2, question: `<p>당뇨병 환자의 혈당 ${i}</p>` });
      await createProblem(db, { test_code: exam, no: 1, question: `<p>당뇨병 합병증 ${i}</p>` });
    }
  });
  afterAll(async () => database?.close());

  it('finds every page in list order across batches', async () => {
    for (const limit of [3, 7, 15]) {
      const whole = await listPageIds(database.db, dialect, { q: '당뇨병' }, { page: 1, limit: 100 });
      expect(whole.total).toBe(40);
      const walked: number[] = [];
      for (let page = 1; (page - 1) * limit < whole.total; page++) {
        const result = await searchPageIds(database.db, dialect, { q: '당뇨병' }, { page, limit }, CAP);
        expect(result.capped).toBe(true);
        walked.push(...result.uids);
      }
      expect(walked).toEqual(whole.uids);
    }
  });
});
