import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseChoiceOptions } from '@qbank/shared/answers';
import type { MemberRow } from '../db/schema';
import * as repair from '../db/migrations/2026-11-28-020-numbered-choices-withheld-returns';
import { createMember, createTestContext, testDialects, type TestContext } from '../testing/harness';
import { createProblem, createSubject, createTest } from '../testing/factories';
import { authorReaderLead } from '../testing/sign-ins';

// Issue 26 item 3: a problem a student writes into an assigned slot reads as the editor meant it —
// choices typed one a line are options in every viewer, for every choice type — and a submission
// the lead returned (수정 요청) is not shown to readers until its resubmission is approved
// (decision 077). Existing problems are repaired by migration 2026-11-28-020.

const LINES = '담석\n알코올\n  고중성지방혈증  \n\n약물\n외상';

describe.each(testDialects)('problems students write, on %s', (dialect) => {
  let t: TestContext;
  let subject: number;
  let student: MemberRow;
  let cookies: Record<string, string> = {};
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who }, ...(payload ? { payload } : {}) });
  /** The exam's problems as a reader (another student) gets them. */
  const readerUids = async (exam: number) =>
    (await call('GET', `/v1/problem?test_code=${exam}&limit=100`, cookies.reader!)).json().problem.map((p: { uid: number }) => p.uid);

  beforeAll(async () => {
    t = await createTestContext(dialect);
    ({ student, cookies } = await authorReaderLead(t));
    subject = await createSubject(t.db);
  });
  afterAll(async () => t?.close());

  it('stores choices typed one a line as numbered options, for every choice type, through the assignment flow and the lead editor', async () => {
    const exam = await createTest(t.db, { subject_code: subject });
    const choiceTypes = [5, 4, 2, 1, null];
    const slots: number[] = [];
    for (const [i, choiceType] of choiceTypes.entries())
      slots.push(await createProblem(t.db, { test_code: exam, no: i + 1, is_vacant: 1, choice_type: choiceType }));
    const assigned = await call('POST', '/v1/problem/assign', cookies.lead!, {
      test_code: exam,
      assignments: slots.map((uid) => ({ problem_code: uid, assignee_code: student.code })),
    });
    expect(assigned.statusCode).toBe(200);
    for (const [i, uid] of slots.entries()) {
      const submitted = await call('POST', `/v1/problem/${uid}/submit`, cookies.student!, {
        content: { question: '<p>급성 췌장염의 원인이 아닌 것은?</p>', illustration: LINES, answer: '④', choice_type: choiceTypes[i] },
      });
      expect(submitted.statusCode, submitted.body).toBe(200);
    }
    const read = (await call('GET', `/v1/problem?test_code=${exam}&limit=100`, cookies.reader!)).json().problem;
    expect(read).toHaveLength(choiceTypes.length);
    for (const problem of read) {
      expect(problem.illustration).toBe('① 담석\n② 알코올\n③ 고중성지방혈증\n④ 약물\n⑤ 외상');
      const options = parseChoiceOptions(problem.illustration, problem.choice_type);
      expect(options?.map((o) => o.label)).toEqual(['담석', '알코올', '고중성지방혈증', '약물', '외상']);
    }

    // The lead's editor (PATCH) and POST /v1/problem store the same; numbered, single-line and essay choices stay as written.
    const patched = await call('PATCH', `/v1/problem/${slots[0]}`, cookies.lead!, { illustration: '가\n나\n다' });
    expect(patched.json().problem.illustration).toBe('① 가\n② 나\n③ 다');
    const created = await call('POST', '/v1/problem', cookies.lead!, {
      test_code: exam,
      no: 9,
      type: 1,
      question: '<p>새 문제</p>',
      illustration: 'A\nB\nC\nD',
      answer: '①',
    });
    expect(created.json().problem.illustration).toBe('① A\n② B\n③ C\n④ D');
    for (const kept of ['1) 가\n2) 나', '그림의 보기 중 고르시오', '① a ② b ③ c']) {
      expect((await call('PATCH', `/v1/problem/${slots[1]}`, cookies.lead!, { illustration: kept })).json().problem.illustration).toBe(kept);
    }
    const essay = await call('POST', '/v1/problem', cookies.lead!, { test_code: exam, no: 1, type: 2, question: '<p>서술</p>', illustration: '기전\n치료' });
    expect(essay.json().problem.illustration).toBe('기전\n치료');
  });

  it('withholds a returned submission from readers until its resubmission is approved; leads and the assignee keep it', async () => {
    const exam = await createTest(t.db, { subject_code: subject });
    const slot = await createProblem(t.db, { test_code: exam, no: 1, is_vacant: 1 });
    const other = await createProblem(t.db, { test_code: exam, no: 2 });
    await call('POST', '/v1/problem/assign', cookies.lead!, { test_code: exam, assignments: [{ problem_code: slot, assignee_code: student.code }] });
    const content = (text: string) => ({ content: { question: `<p>${text}</p>`, illustration: '① 가\n② 나', answer: '①' } });
    expect((await call('POST', `/v1/problem/${slot}/submit`, cookies.student!, content('처음 쓴 문제'))).statusCode).toBe(200);
    // A first submission is shown as before (issue 15): the lead's review of it is not awaited.
    expect(await readerUids(exam)).toEqual([slot, other]);

    await call('POST', `/v1/problem/${slot}/review`, cookies.lead!, { decision: 'changes_requested', comment: '보기를 다시 쓰세요.' });
    expect(await readerUids(exam)).toEqual([other]);
    expect((await call('GET', `/v1/problem/${slot}`, cookies.reader!)).statusCode).toBe(404);
    expect((await call('GET', `/v1/problem?q=${encodeURIComponent('처음 쓴 문제')}`, cookies.reader!)).json().problem).toEqual([]);
    expect((await call('POST', '/v1/solve/attempts', cookies.reader!, { problem_uid: slot, answer: '①' })).statusCode).toBe(404);
    // The lead's list and detail, and the assignee's own slot, still have it, as written.
    const lead = (await call('GET', `/v1/problem/lead?test_code=${exam}&include_vacant=1`, cookies.lead!)).json().problem;
    expect(lead.find((p: { uid: number }) => p.uid === slot)).toMatchObject({ is_vacant: 0, status: 'changes_requested' });
    expect((await call('GET', `/v1/problem/${slot}/detail`, cookies.student!)).json().problem).toMatchObject({ is_vacant: 0, question: '<p>처음 쓴 문제</p>' });
    expect((await call('GET', '/v1/problem/my-slots', cookies.student!)).json().problems.find((p: { uid: number }) => p.uid === slot)).toMatchObject({
      is_vacant: 0,
    });
    // A written problem all the same: the exam cannot be deleted over it.
    expect((await call('DELETE', `/v1/test/${exam}`, cookies.lead!)).statusCode).toBe(409);

    // Resubmitted: still withheld, and a lead's edit does not publish it either; approval does.
    expect((await call('POST', `/v1/problem/${slot}/submit`, cookies.student!, content('고친 문제'))).statusCode).toBe(200);
    expect((await call('PATCH', `/v1/problem/${slot}`, cookies.lead!, { answer: '②' })).statusCode).toBe(200);
    expect(await readerUids(exam)).toEqual([other]);
    await call('POST', `/v1/problem/${slot}/review`, cookies.lead!, { decision: 'approved' });
    expect(await readerUids(exam)).toEqual([slot, other]);
    expect((await call('GET', `/v1/problem/${slot}`, cookies.reader!)).json().problem.question).toBe('<p>고친 문제</p>');
  });

  it('withholds a returned slot whose assignment is taken away no longer', async () => {
    const exam = await createTest(t.db, { subject_code: subject });
    const slot = await createProblem(t.db, { test_code: exam, no: 1, is_vacant: 1 });
    await call('POST', '/v1/problem/assign', cookies.lead!, { test_code: exam, assignments: [{ problem_code: slot, assignee_code: student.code }] });
    await call('POST', `/v1/problem/${slot}/submit`, cookies.student!, { content: { question: '<p>문제</p>', answer: '답' } });
    await call('POST', `/v1/problem/${slot}/review`, cookies.lead!, { decision: 'changes_requested', comment: '다시' });
    expect(await readerUids(exam)).toEqual([]);
    const other = await createMember(t.db);
    await call('POST', '/v1/problem/assign', cookies.lead!, { test_code: exam, assignments: [{ problem_code: slot, assignee_code: other.code }] });
    expect(await readerUids(exam)).toEqual([slot]);
  });

  it('migration 2026-11-28-020 repairs only problems of the broken shape', async () => {
    const exam = await createTest(t.db, { subject_code: subject });
    const cases: Array<[string, number, string]> = [
      ['broken', 1, LINES],
      ['numbered', 1, '① 담석\n② 알코올'],
      ['digits', 1, '1) 담석\n2) 알코올'],
      ['partly', 1, '① 담석\n알코올'],
      ['one line', 1, '담석'],
      ['ten lines', 1, 'a\nb\nc\nd\ne\nf\ng\nh\ni\nj'],
      ['essay', 2, '기전\n치료'],
    ];
    const uids = new Map<string, number>();
    for (const [i, [name, type, illustration]] of cases.entries())
      uids.set(name, await createProblem(t.db, { test_code: exam, no: i + 1, type, illustration }));
    const returned = await createProblem(t.db, { test_code: exam, no: 20 });
    const approved = await createProblem(t.db, { test_code: exam, no: 21 });
    await t.db
      .insertInto('assignments')
      .values([
        { problem_uid: returned, member_code: student.code, status: 'changes_requested' },
        { problem_uid: approved, member_code: student.code, status: 'approved' },
      ])
      .execute();
    await t.db
      .insertInto('submission_reviews')
      .values([
        { problem_uid: approved, actor_code: student.code, action: 'changes_requested', comment: '', creation_time: '2026-11-20T00:00:00.000Z' },
        { problem_uid: approved, actor_code: student.code, action: 'approved', comment: '', creation_time: '2026-11-21T00:00:00.000Z' },
      ])
      .execute();
    const before = await t.db.selectFrom('problems').selectAll().where('test_code', '=', exam).orderBy('uid').execute();

    await repair.up(t.db);
    const after = await t.db.selectFrom('problems').selectAll().where('test_code', '=', exam).orderBy('uid').execute();
    const changed = after.filter((row, i) => JSON.stringify(row) !== JSON.stringify(before[i]));
    expect(changed.map((row) => row.uid).sort((a, b) => a - b)).toEqual([uids.get('broken')!, returned].sort((a, b) => a - b));
    const broken = after.find((row) => row.uid === uids.get('broken'))!;
    const old = before.find((row) => row.uid === uids.get('broken'))!;
    expect(broken.illustration).toBe('① 담석\n② 알코올\n③ 고중성지방혈증\n④ 약물\n⑤ 외상');
    expect(broken.search_text).toContain('③ 고중성지방혈증');
    expect({ ...broken, illustration: old.illustration, search_text: old.search_text, choseong_text: old.choseong_text }).toEqual(old);
    expect(after.find((row) => row.uid === returned)!.is_vacant).toBe(2);
    expect(await readerUids(exam)).not.toContain(returned);
    // Run again: nothing more changes.
    await repair.up(t.db);
    expect(await t.db.selectFrom('problems').selectAll().where('test_code', '=', exam).orderBy('uid').execute()).toEqual(after);
  });
});
