import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberRow } from '../db/schema';
import { createMember, createTestContext, loginCookie, testDialects, type TestContext } from '../testing/harness';
import { createProblem, createSubject, createTest } from '../testing/factories';
import { rejudgeProblemAnswers } from '../answers/rejudge';

// Issue 15 items 1, 2, 6: dispute → support → ruling; an accepted ruling changes the key through
// the versioned write and judges every stored answer again, in one transaction; the people
// involved are told exactly once.

describe.each(testDialects)('answer-key disputes on %s', (dialect) => {
  let t: TestContext;
  let exam: number;
  const people: Record<'filer' | 'supporter' | 'answerer' | 'bystander' | 'lead', { member: MemberRow; cookie: string }> = {} as never;
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who: string | undefined, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { cookie: who } : {}, ...(payload ? { payload } : {}) });
  const as = (name: keyof typeof people) => people[name].cookie;

  const attempts = (problem: number) =>
    t.db
      .selectFrom('solve_attempts')
      .select(['member_code', 'answer', 'is_correct', 'judged_by', 'source'])
      .where('problem_uid', '=', problem)
      .orderBy('code')
      .execute();
  const notificationsOf = (member: MemberRow) =>
    t.db.selectFrom('notifications').select(['kind', 'problem_uid', 'detail']).where('member_code', '=', member.code).orderBy('code').execute();

  beforeAll(async () => {
    t = await createTestContext(dialect);
    for (const name of ['filer', 'supporter', 'answerer', 'bystander', 'lead'] as const) {
      const member = await createMember(t.db, { role: name === 'lead' ? 'lead' : 'student' });
      people[name] = { member, cookie: await loginCookie(t.app, member.id) };
    }
    exam = await createTest(t.db, { subject_code: await createSubject(t.db) });
  });
  afterAll(async () => t?.close());

  async function newProblem(answer = '②', type = 1) {
    return createProblem(t.db, {
      test_code: exam,
      no: Math.floor(Math.random() * 9000) + 1,
      type,
      choice_type: type === 1 ? 5 : null,
      illustration: '① 가\n② 나\n③ 다\n④ 라\n⑤ 마',
      answer,
    });
  }

  it('files, supports, accepts: the key changes with a version, every machine-judged answer is judged again, each person is told once', async () => {
    const problem = await newProblem('②');
    // Stored answers: solve mode (through the API), a study session and the review deck (rows as those features write them), a self-judged one.
    expect((await call('POST', '/v1/solve/attempts', as('filer'), { problem_uid: problem, answer: '③' })).json().attempt.is_correct).toBe(false);
    expect((await call('POST', '/v1/solve/attempts', as('answerer'), { problem_uid: problem, answer: '②' })).json().attempt.is_correct).toBe(true);
    await call('POST', '/v1/solve/attempts', as('answerer'), { problem_uid: problem, answer: '3' });
    await t.db
      .insertInto('solve_attempts')
      .values([
        {
          member_code: people.supporter.member.code,
          problem_uid: problem,
          answer: '③',
          is_correct: 0,
          source: 'session',
          session_code: 1,
          run_code: null,
          judged_by: 'machine',
        },
        {
          member_code: people.supporter.member.code,
          problem_uid: problem,
          answer: '②',
          is_correct: 1,
          source: 'review',
          session_code: null,
          run_code: null,
          judged_by: 'machine',
        },
        {
          member_code: people.bystander.member.code,
          problem_uid: problem,
          answer: '②',
          is_correct: 1,
          source: 'session',
          session_code: 2,
          run_code: null,
          judged_by: 'self',
        },
      ])
      .execute();

    const filed = await call('POST', `/v1/problem/${problem}/disputes`, as('filer'), {
      claimed_answer: '③',
      reason: '교과서 3판 120쪽에 따르면 ③이 맞습니다.',
      reference: '해리슨 21판',
    });
    expect(filed.statusCode).toBe(201);
    const dispute = filed.json().dispute;
    expect(dispute).toMatchObject({ status: 'open', claimed_answer: '③', mine: true, backer_count: 1, problem: { answer: '②' }, ruling: null });
    expect((await call('POST', `/v1/problem/${problem}/disputes`, as('filer'), { claimed_answer: '④', reason: '다시' })).statusCode).toBe(409);

    expect((await call('POST', `/v1/disputes/${dispute.code}/support`, as('filer'))).statusCode).toBe(409);
    const supported = await call('POST', `/v1/disputes/${dispute.code}/support`, as('supporter'));
    expect(supported.statusCode).toBe(200);
    expect(supported.json().dispute).toMatchObject({ backer_count: 2, supported_by_me: true, mine: false });
    expect((await call('POST', `/v1/disputes/${dispute.code}/support`, as('supporter'))).statusCode).toBe(409);
    const comment = await call('POST', `/v1/disputes/${dispute.code}/comments`, as('bystander'), { comment_text: '저도 ③으로 배웠어요.' });
    expect(comment.statusCode).toBe(201);

    // One count everywhere (decision 080): the problem's badge and the dispute's card both say 2명 동의.
    const summary = (await call('GET', `/v1/disputes/summary?problem_uids=${problem}`, as('bystander'))).json().summaries;
    expect(summary).toEqual([{ problem_uid: problem, open_count: 1, backer_count: 2, corrected: null, voided: null }]);
    expect((await call('GET', `/v1/problem/${problem}/disputes`, as('bystander'))).json().disputes[0].backer_count).toBe(2);
    const queue = (await call('GET', '/v1/disputes?status=open', as('lead'))).json();
    expect(queue.disputes.map((d: { code: number }) => d.code)).toContain(dispute.code);
    expect(queue.disputes.find((d: { code: number }) => d.code === dispute.code).comments).toHaveLength(1);

    expect((await call('POST', `/v1/disputes/${dispute.code}/ruling`, as('supporter'), { decision: 'accepted', reason: '맞음' })).statusCode).toBe(403);
    const ruled = await call('POST', `/v1/disputes/${dispute.code}/ruling`, as('lead'), {
      decision: 'accepted',
      answer: '③',
      reason: '교과서 확인 결과 ③이 정답입니다.',
    });
    expect(ruled.statusCode).toBe(200);
    expect(ruled.json().dispute).toMatchObject({
      status: 'accepted',
      ruling: { answer: '③', previous_answer: '②', reason: '교과서 확인 결과 ③이 정답입니다.', superseded: false },
      problem: { answer: '③' },
    });

    // The key changed through the versioned write: the old key is in the history, and restorable.
    const versions = (await call('GET', `/v1/problem/${problem}/versions`, as('lead'))).json().versions;
    expect(versions).toHaveLength(1);
    expect(versions[0].snapshot.answer).toBe('②');

    expect((await attempts(problem)).map((a) => [a.answer, a.is_correct, a.source, a.judged_by])).toEqual([
      ['③', 1, 'solve', 'machine'],
      ['②', 0, 'solve', 'machine'],
      ['3', 1, 'solve', 'machine'],
      ['③', 1, 'session', 'machine'],
      ['②', 0, 'review', 'machine'],
      // Self-judged: the member's own verdict stays.
      ['②', 1, 'session', 'self'],
    ]);
    // Solve mode reads the re-judged rows.
    const progress = (await call('GET', `/v1/solve/tests/${exam}`, as('filer'))).json();
    expect(progress.attempts.find((a: { problem_uid: number }) => a.problem_uid === problem).is_correct).toBe(true);

    expect(await notificationsOf(people.filer.member)).toEqual([{ kind: 'dispute_ruled', problem_uid: problem, detail: 'accepted' }]);
    expect(await notificationsOf(people.supporter.member)).toEqual([{ kind: 'supported_dispute_ruled', problem_uid: problem, detail: 'accepted' }]);
    expect(await notificationsOf(people.answerer.member)).toEqual([{ kind: 'answer_key_changed', problem_uid: problem, detail: '' }]);
    expect(await notificationsOf(people.bystander.member)).toEqual([{ kind: 'answer_key_changed', problem_uid: problem, detail: '' }]);
    expect(await notificationsOf(people.lead.member)).toEqual([]);

    const after = (await call('GET', `/v1/disputes/summary?problem_uids=${problem}`, as('bystander'))).json().summaries[0];
    expect(after).toMatchObject({
      open_count: 0,
      corrected: { reason: '교과서 확인 결과 ③이 정답입니다.', answer: '③', previous_answer: '②', superseded: false },
      voided: null,
    });
    expect((await call('POST', `/v1/disputes/${dispute.code}/ruling`, as('lead'), { decision: 'rejected', reason: '다시' })).statusCode).toBe(409);
    expect((await call('POST', `/v1/disputes/${dispute.code}/support`, as('answerer'))).statusCode).toBe(409);
    // The history keeps working: the old key can be restored.
    const restored = await call('POST', `/v1/problem/${problem}/versions/${versions[0].code}/restore`, as('lead'));
    expect(restored.json().problem.answer).toBe('②');
  });

  it('counts each backer of a problem once, and shows an accepted key edited back as history beside the current key (issue 26 item 5)', async () => {
    const problem = await newProblem('②');
    const first = (await call('POST', `/v1/problem/${problem}/disputes`, as('filer'), { claimed_answer: '①', reason: '①이 맞습니다.' })).json().dispute;
    const second = (await call('POST', `/v1/problem/${problem}/disputes`, as('supporter'), { claimed_answer: '③', reason: '③이 맞습니다.' })).json().dispute;
    // The second filer also backs the first claim: three people, not four.
    await call('POST', `/v1/disputes/${first.code}/support`, as('supporter'));
    await call('POST', `/v1/disputes/${first.code}/support`, as('bystander'));
    const open = (await call('GET', `/v1/disputes/summary?problem_uids=${problem}`, as('answerer'))).json().summaries[0];
    expect(open).toMatchObject({ open_count: 2, backer_count: 3 });
    const cards = (await call('GET', `/v1/problem/${problem}/disputes`, as('answerer'))).json().disputes;
    expect(cards.map((d: { code: number; backer_count: number }) => [d.code, d.backer_count])).toEqual([
      [first.code, 3],
      [second.code, 1],
    ]);

    await call('POST', `/v1/disputes/${first.code}/ruling`, as('lead'), { decision: 'accepted', reason: '①로 정정' });
    // The lead edits the key back: the correction is history now, beside the key ② it shows.
    expect((await call('PATCH', `/v1/problem/${problem}`, as('lead'), { answer: '②' })).statusCode).toBe(200);
    const summary = (await call('GET', `/v1/disputes/summary?problem_uids=${problem}`, as('answerer'))).json().summaries[0];
    expect(summary.corrected).toMatchObject({ answer: '①', previous_answer: '②', reason: '①로 정정', superseded: true });
    const ruled = (await call('GET', `/v1/problem/${problem}/disputes`, as('answerer'))).json().disputes.find((d: { code: number }) => d.code === first.code);
    expect(ruled).toMatchObject({ problem: { answer: '②' }, ruling: { answer: '①', previous_answer: '②', superseded: true } });
    // The same key spelled otherwise is no change.
    await call('PATCH', `/v1/problem/${problem}`, as('lead'), { answer: '1' });
    expect((await call('GET', `/v1/disputes/summary?problem_uids=${problem}`, as('answerer'))).json().summaries[0].corrected.superseded).toBe(false);
  });

  it('accepts several answers ("③, ⑤") as the key', async () => {
    const problem = await newProblem('②');
    const { dispute } = (await call('POST', `/v1/problem/${problem}/disputes`, as('filer'), { claimed_answer: '③, ⑤', reason: '복수 정답' })).json();
    const ruled = await call('POST', `/v1/disputes/${dispute.code}/ruling`, as('lead'), { decision: 'accepted', reason: '복수 정답 인정' });
    expect(ruled.json().dispute.problem.answer).toBe('③, ⑤');
  });

  it('rejects: the key, the answers and their verdicts stay; only the filer and supporters are told', async () => {
    const problem = await newProblem('②');
    await call('POST', '/v1/solve/attempts', as('answerer'), { problem_uid: problem, answer: '②' });
    const before = await attempts(problem);
    const { dispute } = (await call('POST', `/v1/problem/${problem}/disputes`, as('filer'), { claimed_answer: '①', reason: '①도 맞습니다.' })).json();
    await call('POST', `/v1/disputes/${dispute.code}/support`, as('supporter'));
    const notified = async () => Promise.all([people.filer, people.supporter, people.answerer].map(async (p) => (await notificationsOf(p.member)).length));
    const [filerBefore, supporterBefore, answererBefore] = await notified();
    const ruled = await call('POST', `/v1/disputes/${dispute.code}/ruling`, as('lead'), { decision: 'rejected', reason: '①은 금기입니다.' });
    expect(ruled.json().dispute).toMatchObject({
      status: 'rejected',
      ruling: { reason: '①은 금기입니다.', answer: null },
      problem: { answer: '②', is_voided: false },
    });
    expect(await attempts(problem)).toEqual(before);
    expect((await call('GET', `/v1/problem/${problem}/versions`, as('lead'))).json().versions).toHaveLength(0);
    expect(await notified()).toEqual([filerBefore! + 1, supporterBefore! + 1, answererBefore]);
  });

  it('voids: the problem stays readable, flagged out of scoring, and those who answered are told', async () => {
    const problem = await newProblem('②');
    await call('POST', '/v1/solve/attempts', as('answerer'), { problem_uid: problem, answer: '①' });
    const { dispute } = (await call('POST', `/v1/problem/${problem}/disputes`, as('filer'), { claimed_answer: '①', reason: '정답이 없습니다.' })).json();
    const ruled = await call('POST', `/v1/disputes/${dispute.code}/ruling`, as('lead'), { decision: 'voided', reason: '출제 오류로 문항 무효' });
    expect(ruled.json().dispute).toMatchObject({ status: 'voided', problem: { is_voided: true } });
    const read = await call('GET', `/v1/problem/${problem}`, as('bystander'));
    expect(read.statusCode).toBe(200);
    expect(read.json().problem.is_voided).toBe(1);
    expect((await notificationsOf(people.answerer.member)).at(-1)).toEqual({ kind: 'problem_voided', problem_uid: problem, detail: '' });
    expect((await call('POST', `/v1/problem/${problem}/disputes`, as('bystander'), { claimed_answer: '③', reason: '다시' })).statusCode).toBe(409);
  });

  it('restores a voided problem: a lead un-voids it, it counts in statistics again and loses its 무효 badge', async () => {
    const problem = await newProblem('②');
    await call('POST', '/v1/solve/attempts', as('bystander'), { problem_uid: problem, answer: '②' });
    const answeredBy = async () => (await call('GET', `/v1/stats/me/tests/${exam}`, as('bystander'))).json();
    const counted = await answeredBy();
    const { dispute } = (await call('POST', `/v1/problem/${problem}/disputes`, as('filer'), { claimed_answer: '①', reason: '정답이 없습니다.' })).json();
    await call('POST', `/v1/disputes/${dispute.code}/ruling`, as('lead'), { decision: 'voided', reason: '출제 오류로 문항 무효' });
    expect(await answeredBy()).not.toEqual(counted);

    // Only a lead or admin restores; a problem that is not voided cannot be.
    expect((await call('POST', `/v1/problem/${problem}/unvoid`, as('bystander'))).statusCode).toBe(403);
    const restored = await call('POST', `/v1/problem/${problem}/unvoid`, as('lead'));
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toEqual({ problem_uid: problem, is_voided: 0 });
    expect((await call('GET', `/v1/problem/${problem}`, as('bystander'))).json().problem.is_voided).toBe(0);
    expect(await answeredBy()).toEqual(counted);
    const summary = (await call('GET', `/v1/disputes/summary?problem_uids=${problem}`, as('bystander'))).json().summaries;
    expect(summary).toEqual([]);
    const again = await call('POST', `/v1/problem/${problem}/unvoid`, as('lead'));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('무효 처리된 문항이 아닙니다.');
    expect((await call('POST', '/v1/problem/999999/unvoid', as('lead'))).statusCode).toBe(404);
    // The ruling stays in the dispute's history.
    expect((await call('GET', `/v1/problem/${problem}/disputes`, as('lead'))).json().disputes[0]).toMatchObject({ status: 'voided' });
  });

  it('lists a member their own disputes and a lead all of them, by status', async () => {
    const problem = await newProblem('②');
    const { dispute } = (await call('POST', `/v1/problem/${problem}/disputes`, as('bystander'), { claimed_answer: '④', reason: '④가 맞습니다.' })).json();
    const mine = (await call('GET', '/v1/disputes', as('bystander'))).json();
    expect(mine.disputes.every((d: { mine: boolean }) => d.mine)).toBe(true);
    expect(mine.disputes.map((d: { code: number }) => d.code)).toContain(dispute.code);
    const others = (await call('GET', '/v1/disputes', as('answerer'))).json();
    expect(others.disputes.map((d: { code: number }) => d.code)).not.toContain(dispute.code);
    const accepted = (await call('GET', '/v1/disputes?status=accepted', as('lead'))).json();
    expect(accepted.disputes.every((d: { status: string }) => d.status === 'accepted')).toBe(true);
    expect(accepted.total).toBeGreaterThanOrEqual(2);
    // Everyone who reads the problem sees its disputes.
    expect((await call('GET', `/v1/problem/${problem}/disputes`, as('answerer'))).json().disputes[0]).toMatchObject({ code: dispute.code, mine: false });
  });

  it('refuses bad input with a Korean message, unknown rows with 404, and a claim equal to the key', async () => {
    const problem = await newProblem('②');
    for (const payload of [
      {},
      { claimed_answer: '③' },
      { claimed_answer: ' ', reason: '근거' },
      { claimed_answer: '③', reason: '  ' },
      { claimed_answer: '③', reason: 'x'.repeat(2001) },
      { claimed_answer: '③', reason: '근거', extra: 1 },
    ]) {
      const response = await call('POST', `/v1/problem/${problem}/disputes`, as('filer'), payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toMatch(/[가-힣]/);
    }
    const same = await call('POST', `/v1/problem/${problem}/disputes`, as('filer'), { claimed_answer: '2번', reason: '근거' });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toMatch(/현재 정답/);
    const { dispute } = (await call('POST', `/v1/problem/${problem}/disputes`, as('filer'), { claimed_answer: '①', reason: '근거' })).json();
    for (const payload of [{}, { decision: 'maybe', reason: '사유' }, { decision: 'accepted' }, { decision: 'rejected', reason: ' ' }]) {
      const response = await call('POST', `/v1/disputes/${dispute.code}/ruling`, as('lead'), payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toMatch(/[가-힣]/);
    }
    for (const query of ['status=closed', 'page=0']) expect((await call('GET', `/v1/disputes?${query}`, as('lead'))).statusCode).toBe(400);
    for (const query of ['', 'problem_uids=', 'problem_uids=a,b', 'problem_uids=0'])
      expect((await call('GET', `/v1/disputes/summary?${query}`, as('lead'))).statusCode).toBe(400);
    expect((await call('POST', '/v1/problem/999999/disputes', as('filer'), { claimed_answer: '①', reason: '근거' })).statusCode).toBe(404);
    expect((await call('POST', '/v1/disputes/999999/support', as('filer'))).statusCode).toBe(404);
    expect((await call('GET', '/v1/disputes', undefined)).statusCode).toBe(401);
  });

  it('rejudgeProblemAnswers judges an essay answer by text and leaves self-judged answers alone', async () => {
    const problem = await newProblem('HBsAg', 2);
    await t.db
      .insertInto('solve_attempts')
      .values([
        {
          member_code: people.answerer.member.code,
          problem_uid: problem,
          answer: 'anti-HBs',
          is_correct: 0,
          source: 'solve',
          run_code: null,
          judged_by: 'machine',
        },
        {
          member_code: people.answerer.member.code,
          problem_uid: problem,
          answer: 'hbsag',
          is_correct: 1,
          source: 'solve',
          run_code: null,
          judged_by: 'machine',
        },
        {
          member_code: people.bystander.member.code,
          problem_uid: problem,
          answer: 'anti-HBs',
          is_correct: 0,
          source: 'session',
          run_code: null,
          judged_by: 'self',
        },
      ])
      .execute();
    await t.db.updateTable('problems').set({ answer: 'Anti-HBs' }).where('uid', '=', problem).execute();
    const result = await t.db.transaction().execute((trx) => rejudgeProblemAnswers(trx, t.dialect, problem));
    expect(result).toEqual({ rejudged: 2, changed: 2 });
    expect((await attempts(problem)).map((a) => a.is_correct)).toEqual([1, 0, 0]);
  });
});
