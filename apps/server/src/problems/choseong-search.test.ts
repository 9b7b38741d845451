import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choseongDocument } from '../db/search-documents';
import { parseSearchQuery } from '../search/choseong';
import * as choseongMigration from '../db/migrations/2026-11-24-060-choseong-search';
import * as trigramMigration from '../db/migrations/2026-11-25-020-choseong-trigram-index';
import { createClass, createProblem, createSubject, createTest } from '../testing/factories';
import { createMember, createTestContext, loginCookie, testDialects, type TestContext } from '../testing/harness';
import { buildProblemSearchText } from './search-text';

describe('choseong document and query', () => {
  it('keeps initials, drops whitespace and reduces other runs to one space', () => {
    expect(choseongDocument('심근 경색')).toBe('ㅅㄱㄱㅅ');
    expect(choseongDocument('제2형 당뇨병, ATP ㄱㄴ')).toBe('ㅈ ㅎㄷㄴㅂ ㄱㄴ');
    expect(choseongDocument('아ㅏ!! 빵')).toBe('ㅇ ㅃ');
    expect(choseongDocument('abc')).toBe('');
  });

  it('treats two or more initials only as 초성, initials with other characters as mixed', () => {
    expect(parseSearchQuery('ㅅㄱㄱㅅ')).toEqual({ kind: 'initials', initials: 'ㅅㄱㄱㅅ' });
    expect(parseSearchQuery('ㅅㄱ ㄱㅅ')).toEqual({ kind: 'initials', initials: 'ㅅㄱㄱㅅ' });
    expect(parseSearchQuery('ㄱ')).toEqual({ kind: 'text', text: 'ㄱ' });
    expect(parseSearchQuery('심근')).toEqual({ kind: 'text', text: '심근' });
    expect(parseSearchQuery('심ㄱ')).toEqual({ kind: 'mixed', text: '심ㄱ', segments: ['ㅅㄱ'] });
  });
});

describe.each(testDialects)('초성 search on %s', (dialect) => {
  let t: TestContext;
  let cookie: string;
  let infarction: number;
  let diabetes: number;
  let pneumonia: number;
  let exam: number;
  const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: { cookie } })).json();
  const search = async (q: string) => (await get(`/v1/problem?q=${encodeURIComponent(q)}&limit=50`)).problem.map((p: { uid: number }) => p.uid).sort();

  beforeAll(async () => {
    t = await createTestContext(dialect);
    cookie = await loginCookie(t.app, (await createMember(t.db)).id);
    const cardiology = await createSubject(t.db, { subject_name: '순환기내과학', abbr: 'CARD' });
    await createSubject(t.db, { subject_name: '내분비내과학', abbr: 'ENDO' });
    exam = await createTest(t.db, { subject_code: cardiology, test_name: '심장 중간고사', year: 2025 });
    await createTest(t.db, { subject_code: cardiology, test_name: '혈관 기말고사', year: 2025 });
    infarction = await createProblem(t.db, { test_code: exam, no: 1, question: '<p>급성 심근 경색의 첫 검사는?</p>', illustration: '① 심전도\n② 트로포닌' });
    diabetes = await createProblem(t.db, { test_code: exam, no: 2, question: '<p>제2형 당뇨병의 1차 약제는?</p>', answer: '메트포르민' });
    pneumonia = await createProblem(t.db, { test_code: exam, no: 3, question: '<p>지역사회획득 폐렴(CAP)의 원인균은?</p>' });
    await createClass(t.db, { subject_code: cardiology, class_name: '심부전의 치료', professor: '박지훈 교수', problems: [infarction] });
  });
  afterAll(async () => t?.close());

  it('stores the same choseong document as the application computes', async () => {
    const rows = await t.db.selectFrom('problems').select(['search_text', 'choseong_text']).execute();
    for (const row of rows) expect(row.choseong_text).toBe(choseongDocument(row.search_text));
    const samples = ['심근 경색', '제2형 당뇨병, ATP ㄱㄴ', '아ㅏ!! 빵', 'abc', '  ㄲ꺄  힣'];
    for (const text of samples) {
      const {
        rows: [row],
      } = await sql<{ document: string }>`select qbank_choseong(${text}) as document`.execute(t.db);
      expect(row!.document).toBe(choseongDocument(text));
    }
  });

  it('finds problems by initials, across spaces, and by mixed input', async () => {
    expect(await search('ㅅㄱㄱㅅ')).toEqual([infarction]);
    expect(await search('ㄷㄴㅂ')).toEqual([diabetes]);
    expect(await search('ㅍㄹ')).toEqual([diabetes, pneumonia]);
    expect(await search('ㅈㅇㅅㅎ')).toEqual([pneumonia]);
    expect(await search('ㅁㅌㅍㄹㅁ')).toEqual([diabetes]);
    expect(await search('심ㄱ')).toEqual([infarction]);
    expect(await search('ㄷ뇨')).toEqual([diabetes]);
    expect(await search('당ㄴㅂ')).toEqual([diabetes]);
    expect(await search('폐ㄹ(c')).toEqual([pneumonia]);
    expect(await search('ㅎㅎㅎㅎ')).toEqual([]);
    expect(await search('심ㅎ')).toEqual([]);
    // A pair spanning punctuation is not a match ("제2형": ㅈ and ㅎ are apart in the document).
    expect(await search('ㅈㅎ')).toEqual([]);
    // One initial alone stays an ordinary search.
    expect(await search('ㄱ')).toEqual([]);
    expect((await get(`/v1/problem?test_code=${exam}&q=${encodeURIComponent('ㄷㄴㅂ')}`)).problem_count).toBe(1);
  });

  it('follows content changes, and the migration fills rows that existed before it', async () => {
    const content = { question: '<p>갑상샘 중독증의 치료는?</p>', illustration: '', answer: '', comments: '' };
    await t.db
      .updateTable('problems')
      .set({ ...content, search_text: buildProblemSearchText(content) })
      .where('uid', '=', pneumonia)
      .execute();
    expect(await search('ㄱㅅㅅㅈㄷ')).toEqual([pneumonia]);
    expect(await search('ㅈㅇㅅㅎ')).toEqual([]);

    // Migrations come off in reverse order: the trigram index (2026-11-25-020) stands on the column.
    await trigramMigration.down(t.db);
    await choseongMigration.down(t.db);
    await t.db.updateTable('problems').set({ search_text: '폐색전증 의심' }).where('uid', '=', pneumonia).execute();
    await choseongMigration.up(t.db);
    await trigramMigration.up(t.db);
    expect(await search('ㅍㅅㅈㅈ')).toEqual([pneumonia]);
    expect(await search('ㅅㄱㄱㅅ')).toEqual([infarction]);
  });

  it('matches exams, subjects, classes and the library by initials', async () => {
    const tests = await get(`/v1/test/tests?search=${encodeURIComponent('ㅅㅈ')}`);
    expect(tests.tests.map((x: { test_name: string }) => x.test_name)).toEqual(['심장 중간고사']);
    const mixed = await get(`/v1/test/tests?search=${encodeURIComponent('혈ㄱ')}`);
    expect(mixed.tests.map((x: { test_name: string }) => x.test_name)).toEqual(['혈관 기말고사']);
    const subjects = await get(`/v1/subject/subjects?search=${encodeURIComponent('ㄴㅂㅂ')}`);
    expect(subjects.subjects.map((x: { subject_name: string }) => x.subject_name)).toEqual(['내분비내과학']);
    const subject = subjects.subjects[0] ? await get(`/v1/subject/subjects?search=${encodeURIComponent('ㅅㅎㄱ')}`) : null;
    const cardiology = subject.subjects[0].subject_code;
    const classes = await get(`/v1/subject/${cardiology}/classes?search=${encodeURIComponent('ㅅㅂㅈ')}`);
    expect(classes.classes.map((x: { class_name: string }) => x.class_name)).toEqual(['심부전의 치료']);
    expect((await get(`/v1/subject/${cardiology}/classes?search=${encodeURIComponent('ㅂㅈㅎ')}`)).classes).toHaveLength(1);

    const box = (await t.app.inject({ method: 'POST', url: '/v1/box', headers: { cookie }, payload: { box_name: '오답' } })).json().box;
    for (const uid of [infarction, diabetes]) await t.app.inject({ method: 'POST', url: `/v1/box/${box.code}/problem/${uid}`, headers: { cookie } });
    const inBox = await get(`/v1/box/${box.code}/problem?q=${encodeURIComponent('ㄷㄴㅂ')}`);
    expect(JSON.stringify(inBox)).toContain(String(diabetes));
    expect(JSON.stringify(inBox)).not.toContain('심근');
  });
});
