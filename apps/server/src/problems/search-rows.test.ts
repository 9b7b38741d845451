import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@qbank/shared/roles';
import { choseongDocument, choseongKey } from '../db/search-documents';
import * as searchTableMigration from '../db/migrations/2026-11-27-010-problem-search-table';
import { createProblem, createSubject, createTest } from '../testing/factories';
import { callAs, createTestContext, roleCookies, testDialects, type TestContext } from '../testing/harness';
import { buildProblemSearchText } from './search-text';

// Search reads each problem's search row (problem_search, migration 2026-11-27-010), which the
// database keeps from problems by triggers. Every way a problem is written must reach it: if it
// did not, search would find the old text, miss the new, or show deleted and vacant problems.
describe.each(testDialects)('search rows on %s', (dialect) => {
  let t: TestContext;
  let cookies: Record<Role | 'pending', string>;
  let subject: number;
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
    callAs(t.app, method, url, cookie, payload);
  const search = async (q: string, exam?: number) => {
    const response = await call('GET', `/v1/problem?q=${encodeURIComponent(q)}&limit=50${exam ? `&test_code=${exam}` : ''}`, cookies.student);
    expect(response.statusCode).toBe(200);
    return (response.json().problem as Array<{ uid: number }>).map((p) => p.uid).sort((a, b) => a - b);
  };

  /** Every search row against its problem: the copied columns and the key of the search document. */
  const expectRowsInStep = async () => {
    const problems = await t.db.selectFrom('problems').select(['uid', 'test_code', 'type', 'no', 'is_vacant', 'search_text']).orderBy('uid').execute();
    const rows = await t.db.selectFrom('problem_search').selectAll().orderBy('uid').execute();
    expect(rows).toEqual(problems.map((p) => ({ ...p, choseong_key: choseongKey(choseongDocument(p.search_text)) })));
  };

  beforeAll(async () => {
    t = await createTestContext(dialect);
    cookies = await roleCookies(t.app, t.db);
    subject = await createSubject(t.db, { subject_name: '순환기내과학' });
  });
  afterAll(async () => t?.close());

  it('computes the choseong key in SQL as the application does', async () => {
    const samples = ['심근 경색', '제2형 당뇨병, ATP ㄱㄴ', '아ㅏ!! 빵', 'abc', '  ㄲ꺄  힣', 'ᄀ가 ㅄ ㄳ', 'é가\t나\n다', ''];
    for (const text of samples) {
      const {
        rows: [row],
      } = await sql<{ key: string }>`select qbank_choseong_key(${text}) as key`.execute(t.db);
      expect(row!.key, text).toBe(choseongKey(choseongDocument(text)));
    }
    expect(choseongKey('ㄱㄲㄴ ㅎ')).toBe('abc s');
  });

  it('follows authoring edits, renumbering, vacant slots, deletes and imports', async () => {
    const exam = await createTest(t.db, { subject_code: subject, test_name: '심장 중간고사', year: 2025 });
    const infarction = await createProblem(t.db, { test_code: exam, no: 1, question: '<p>급성 심근 경색의 첫 검사는?</p>' });
    const diabetes = await createProblem(t.db, { test_code: exam, no: 2, question: '<p>제2형 당뇨병의 1차 약제는?</p>' });
    expect(await search('심근 경색')).toEqual([infarction]);
    expect(await search('ㅅㄱㄱㅅ')).toEqual([infarction]);
    await expectRowsInStep();

    // An edit through the authoring API: the new text is found, the old one no longer.
    expect((await call('PATCH', `/v1/problem/${infarction}`, cookies.lead, { question: '<p>갑상샘 중독증의 치료는?</p>' })).statusCode).toBe(200);
    expect(await search('갑상샘')).toEqual([infarction]);
    expect(await search('ㄱㅅㅅ ㅈㄷㅈ')).toEqual([infarction]);
    expect(await search('갑ㅅㅅ')).toEqual([infarction]);
    expect(await search('심근 경색')).toEqual([]);
    expect(await search('ㅅㄱㄱㅅ')).toEqual([]);

    // Renumbered: an exam's search lists it under its new number.
    expect(
      (await call('PUT', '/v1/problem', cookies.lead, { uid: diabetes, test_code: exam, no: 7, type: 1, question: '<p>제2형 당뇨병의 1차 약제는?</p>' }))
        .statusCode,
    ).toBe(200);
    const listed = (await call('GET', `/v1/problem?q=${encodeURIComponent('ㄷㄴㅂ')}&test_code=${exam}`, cookies.student)).json();
    expect(listed.problem.map((p: { uid: number; no: number }) => [p.uid, p.no])).toEqual([[diabetes, 7]]);

    // A vacant slot is no search hit until its assignee writes it.
    const slot = (await call('POST', '/v1/problem/create-empty', cookies.lead, { test_code: exam, count: 1 })).json().created[0].uid as number;
    await expectRowsInStep();
    expect((await call('PATCH', `/v1/problem/${slot}`, cookies.lead, { question: '<p>심부전의 1차 치료는?</p>' })).statusCode).toBe(200);
    expect(await search('심부전')).toEqual([slot]);
    expect(await search('ㅅㅂㅈ')).toEqual([slot]);

    // Deleted: gone from search, and its row with it.
    expect((await call('DELETE', `/v1/problem/${slot}`, cookies.lead)).statusCode).toBe(200);
    expect(await search('심부전')).toEqual([]);
    expect(await search('ㅅㅂㅈ')).toEqual([]);

    // An import writes many problems in one transaction.
    const imported = await call('POST', `/v1/test/${exam}/import`, cookies.lead, {
      problems: [
        { no: 10, type: 1, choice_type: 1, question: '폐색전증이 의심될 때의 검사는?', illustration: '① CT 혈관조영술\n② 흉부 X선', answer: '①', comments: '' },
        { no: 11, type: 2, choice_type: null, question: '대동맥 박리의 위험 인자를 쓰시오.', illustration: '', answer: '고혈압', comments: '' },
      ],
    });
    expect(imported.statusCode).toBe(201);
    const [embolism, dissection] = (imported.json().problems as Array<{ uid: number }>).map((p) => p.uid);
    expect(await search('폐색전증')).toEqual([embolism]);
    expect(await search('ㅍㅅㅈㅈ')).toEqual([embolism]);
    expect(await search('ㄷㄷㅁ ㅂㄹ')).toEqual([dissection]);
    expect(await search('ㄱㅎㅇ', exam)).toEqual([dissection]);
    await expectRowsInStep();

    // Written beside the API (a script, a restore): the database still keeps the row.
    const content = { question: '<p>심근 경색 후 2차 예방 약제는?</p>', illustration: '', answer: '', comments: '' };
    await t.db
      .updateTable('problems')
      .set({ ...content, search_text: buildProblemSearchText(content) })
      .where('uid', '=', dissection!)
      .execute();
    expect(await search('ㅅㄱㄱㅅ')).toEqual([dissection]);
    await t.db.deleteFrom('problems').where('uid', '=', embolism!).execute();
    expect(await search('폐색전증')).toEqual([]);
    await expectRowsInStep();
  });

  it('is filled for the problems that existed before the migration', async () => {
    const exam = await createTest(t.db, { subject_code: subject, test_name: '혈관 기말고사', year: 2024 });
    await searchTableMigration.down(t.db);
    const aneurysm = await createProblem(t.db, { test_code: exam, no: 1, question: '<p>복부 대동맥류의 수술 기준은?</p>' });
    await searchTableMigration.up(t.db);
    expect(await search('대동맥류')).toEqual([aneurysm]);
    expect(await search('ㄷㄷㅁㄹ')).toEqual([aneurysm]);
    await expectRowsInStep();
    // Its triggers are back too.
    await t.db.deleteFrom('problems').where('uid', '=', aneurysm).execute();
    expect(await search('대동맥류')).toEqual([]);
    await expectRowsInStep();
  });
});
