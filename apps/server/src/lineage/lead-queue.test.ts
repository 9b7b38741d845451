import { LINEAGE_SUGGESTION_COUNT_CAP } from '@qbank/shared/lineage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProblem, createSubject, createTest } from '../testing/factories';
import { callAs, createTestContext, roleCookies, testDialects, type TestContext } from '../testing/harness';
import { countingStatements } from '../testing/statement-counter';
import { FingerprintCache } from './detect';
import { lineageProgress, noteDrainFinished } from './lead-queue';
import { detectQueued } from './service';

// The lead's 출제 이력 관리 calls (decision 203): the bank's undecided suggestions, the lineages
// keyed differently, undoing a decision, and when the whole-bank run last finished.

const CIRCLED = ['①', '②', '③', '④', '⑤'];
const CASE =
  '65세 남자가 3일 전부터 시작된 가슴 통증으로 응급실에 왔다. 혈압 90/60 mmHg, 맥박 110회/분이었다. 심전도에서 II, III, aVF 유도의 ST분절 상승이 관찰되었다.';
const TREATMENTS = ['니트로글리세린 투여', '관상동맥중재술', '베타차단제 투여', '경과관찰', '항응고제 단독 투여'];
const options = (list: string[]) => list.map((o, i) => `${CIRCLED[i]} ${o}`).join('\n');

describe.each(testDialects)('lineage lead queues on %s', (dialect) => {
  let t: TestContext;
  let cookies: Awaited<ReturnType<typeof roleCookies>>;
  const uid: Record<string, number> = {};
  let subject: number;
  let otherSubject: number;

  async function detect() {
    const cache = new FingerprintCache();
    while ((await detectQueued(t.db, cache, 100)) > 0);
  }
  const get = async (url: string, cookie = cookies.lead) => callAs(t.app, 'GET', url, cookie);
  const membersSeenByStudent = async (problem: number) =>
    ((await get(`/v1/problem/${problem}/lineage`, cookies.student)).json().lineage?.members ?? []).map((m: { uid: number }) => m.uid);

  beforeAll(async () => {
    t = await createTestContext(dialect);
    cookies = await roleCookies(t.app, t.db);
    subject = await createSubject(t.db, { subject_name: '순환기학' });
    otherSubject = await createSubject(t.db, { subject_name: '예방의학' });
    const exam = async (year: number, test_name: string) => createTest(t.db, { subject_code: subject, year, test_name });
    const [e2019, e2022, e2024] = [await exam(2019, '2019 중간고사'), await exam(2022, '2022 중간고사'), await exam(2024, '2024 기말고사')];
    const put = (test_code: number, no: number, question: string, list: string[], key: number) =>
      createProblem(t.db, { test_code, no, question: `<p>${question}</p>`, illustration: options(list), answer: CIRCLED[key - 1]!, choice_type: 5 });
    uid.y2019 = await put(e2019, 1, `${CASE} 가장 적절한 치료는?`, TREATMENTS, 2);
    // The same question keyed to another answer: a key conflict.
    uid.y2022 = await put(e2022, 4, `${CASE} 가장 적절한 치료는?`, TREATMENTS, 3);
    // A weak variant: the stem reworded and two distractors new (a suggestion, below 0.9).
    uid.weak = await put(
      e2024,
      8,
      `${CASE.replace('남자가', '남성이').replace('응급실에 왔다', '응급실을 방문하였다').replace('관찰되었다', '보였다')} 가장 적절한 치료는?`,
      [TREATMENTS[0]!, TREATMENTS[1]!, TREATMENTS[2]!, '혈전용해제 투여', '대동맥내풍선펌프'],
      2,
    );
    uid.lone = await put(
      e2019,
      9,
      '라론드 보고서에 제시된 건강결정요인 중 개인이 통제할 수 있는 요인은?',
      ['생활습관', '유전', '환경', '보건의료체계', '소득'],
      1,
    );
    await detect();
  });
  afterAll(async () => t?.close());

  it('refuses students and bad input with a Korean message', async () => {
    for (const url of ['/v1/lineage/suggestions', '/v1/lineage/key-conflicts', '/v1/lineages/progress']) {
      expect((await get(url, cookies.student)).statusCode).toBe(403);
    }
    const reset = await callAs(t.app, 'POST', '/v1/lineage/links/reset', cookies.student, { problem_a: uid.y2019, problem_b: uid.weak });
    expect(reset.statusCode).toBe(403);
    for (const url of [
      '/v1/lineage/suggestions?limit=0',
      '/v1/lineage/key-conflicts?subject_code=x',
      '/v1/lineage/suggestions?page=-1',
      '/v1/lineage/suggestions?sort=1',
    ]) {
      const bad = await get(url);
      expect(bad.statusCode, url).toBe(400);
      expect(bad.json().message, url).toMatch(/[가-힣]/);
    }
    const same = await callAs(t.app, 'POST', '/v1/lineage/links/reset', cookies.lead, { problem_a: uid.y2019, problem_b: uid.y2019 });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('서로 다른 두 문제를 지정하세요.');
  });

  it('lists the undecided suggestion with both problems, filtered by subject', async () => {
    const body = (await get(`/v1/lineage/suggestions?subject_code=${subject}`)).json();
    expect(body.total).toBeGreaterThanOrEqual(1);
    const pair = body.suggestions.find((s: { problems: { uid: number }[] }) => s.problems.some((p) => p.uid === uid.weak));
    expect(pair).toMatchObject({ relation: 'variant', keys_agree: true });
    expect(pair.similarity).toBeLessThan(0.9);
    const [first, second] = pair.problems.map((p: { uid: number }) => p.uid);
    expect(first).toBeLessThan(second);
    expect(pair.problems.find((p: { uid: number }) => p.uid === uid.weak)).toMatchObject({
      test_name: '2024 기말고사',
      year: 2024,
      no: 8,
      subject_name: '순환기학',
    });
    // The strong, visible links are no suggestion.
    expect(body.suggestions.every((s: { similarity: number }) => s.similarity < 0.9)).toBe(true);
    expect((await get(`/v1/lineage/suggestions?subject_code=${otherSubject}`)).json()).toEqual({
      suggestions: [],
      total: 0,
      total_capped: false,
      page: 1,
      limit: 20,
    });
  });

  it('confirming takes a suggestion off the queue and shows it to students; resetting gives it back', async () => {
    const weakPair = async () =>
      (await get('/v1/lineage/suggestions')).json().suggestions.filter((s: { problems: { uid: number }[] }) => s.problems.some((p) => p.uid === uid.weak));
    const pairs = await weakPair();
    const [a, b] = pairs[0].problems.map((p: { uid: number }) => p.uid);
    const partner = a === uid.weak ? b : a;
    expect(await membersSeenByStudent(uid.weak!)).toEqual([]);
    expect((await callAs(t.app, 'POST', '/v1/lineage/links/confirm', cookies.lead, { problem_a: a, problem_b: b })).statusCode).toBe(200);
    expect(await weakPair()).toHaveLength(pairs.length - 1);
    expect(await membersSeenByStudent(uid.weak!)).toContain(partner);

    const reset = await callAs(t.app, 'POST', '/v1/lineage/links/reset', cookies.lead, { problem_a: b, problem_b: a });
    expect(reset.statusCode).toBe(200);
    expect(await weakPair()).toHaveLength(pairs.length);
    expect(await membersSeenByStudent(uid.weak!)).toEqual([]);
    const entry = await t.db.selectFrom('audit_log').select(['action']).where('action', '=', 'lineage.reset').execute();
    expect(entry).toHaveLength(1);

    const again = await callAs(t.app, 'POST', '/v1/lineage/links/reset', cookies.lead, { problem_a: a, problem_b: b });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('두 문제 사이에 되돌릴 결정이 없습니다.');
  });

  it('resetting a merge a lead made removes the pair it made', async () => {
    expect((await callAs(t.app, 'POST', '/v1/lineages/merge', cookies.lead, { problem_a: uid.lone, problem_b: uid.weak })).statusCode).toBe(200);
    expect(await membersSeenByStudent(uid.weak!)).toContain(uid.lone);
    expect((await callAs(t.app, 'POST', '/v1/lineage/links/reset', cookies.lead, { problem_a: uid.lone, problem_b: uid.weak })).statusCode).toBe(200);
    expect(await membersSeenByStudent(uid.weak!)).toEqual([]);
    const link = await t.db
      .selectFrom('lineage_links')
      .select('problem_a')
      .where('problem_a', '=', Math.min(uid.lone!, uid.weak!))
      .where('problem_b', '=', Math.max(uid.lone!, uid.weak!))
      .executeTakeFirst();
    expect(link).toBeUndefined();
  });

  it('lists the lineage whose same problems are keyed differently, with each version and key', async () => {
    const body = (await get(`/v1/lineage/key-conflicts?subject_code=${subject}`)).json();
    expect(body).toMatchObject({ total: 1, page: 1, limit: 20 });
    expect(body.conflicts[0].lineage_code).toBe(uid.y2019);
    expect(body.conflicts[0].versions.map((v: { uid: number; answer: string; year: number }) => [v.year, v.answer])).toEqual([
      [2019, '②'],
      [2022, '③'],
    ]);
    expect((await get(`/v1/lineage/key-conflicts?subject_code=${otherSubject}`)).json()).toMatchObject({ conflicts: [], total: 0 });
    // Rejecting the disagreeing pair: no conflict is left.
    expect((await callAs(t.app, 'POST', '/v1/lineage/links/reject', cookies.lead, { problem_a: uid.y2019, problem_b: uid.y2022 })).statusCode).toBe(200);
    expect((await get('/v1/lineage/key-conflicts')).json()).toMatchObject({ conflicts: [], total: 0 });
    expect((await callAs(t.app, 'POST', '/v1/lineage/links/reset', cookies.lead, { problem_a: uid.y2019, problem_b: uid.y2022 })).statusCode).toBe(200);
    expect((await get('/v1/lineage/key-conflicts')).json()).toMatchObject({ total: 1 });
  });

  it('says when the whole-bank run last finished', async () => {
    const before = (await get('/v1/lineages/progress')).json();
    expect(before).toEqual({ waiting: 0, total: 4, last_finished_at: null });
    const run = (await callAs(t.app, 'POST', '/v1/lineages/run', cookies.lead)).json();
    expect(run).toEqual({ waiting: 4, total: 4, last_finished_at: null });
    await noteDrainFinished(t.db);
    expect((await get('/v1/lineages/progress')).json().last_finished_at).toBeNull();
    await detect();
    await noteDrainFinished(t.db);
    const after = (await get('/v1/lineages/progress')).json();
    expect(after.waiting).toBe(0);
    expect(Date.parse(after.last_finished_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('reads the progress once for the leads asking in one poll phase, and anew for the next', async () => {
    const { db, count, reset } = countingStatements(t.db);
    const ctx = { ...t.app.ctx, db };
    // The queue, the last run and (once under a content version) the bank's count.
    const answers = await Promise.all(['v-progress', 'v-progress', 'v-progress'].map((version) => lineageProgress(ctx, version)));
    expect(count()).toBe(3);
    expect(answers.map((answer) => answer.total)).toEqual([4, 4, 4]);
    // A problem queued since is read by the next request: nothing is kept but the count per version.
    await t.db
      .insertInto('lineage_queue')
      .values({ problem_uid: uid.y2019!, version: 99 })
      .onConflict((oc) => oc.column('problem_uid').doNothing())
      .execute();
    reset();
    expect(await lineageProgress(ctx, 'v-progress')).toMatchObject({ waiting: 1, total: 4 });
    expect(count()).toBe(2);
    await t.db.deleteFrom('lineage_queue').where('problem_uid', '=', uid.y2019!).execute();
  });

  // Last: it adds problems the progress counts above do not expect.
  it('counts the suggestions up to the cap and says that more wait (decision 206)', async () => {
    const exam = await createTest(t.db, { subject_code: otherSubject, year: 2025, test_name: '2025 기말고사' });
    const uids: number[] = [];
    for (let no = 1; no <= 46; no += 1) uids.push(await createProblem(t.db, { test_code: exam, no, question: `<p>문항 ${no}</p>`, answer: '①' }));
    // The count of the bank's problems is kept per content version: the new ones raised it.
    expect((await get('/v1/lineages/progress')).json().total).toBe(4 + 46);
    const links = uids.flatMap((a, i) =>
      uids.slice(i + 1).map((b) => ({ problem_a: a, problem_b: b, relation: 'variant' as const, similarity: 0.5, keys_agree: 1, detected: 1 })),
    );
    expect(links.length).toBeGreaterThan(LINEAGE_SUGGESTION_COUNT_CAP);
    for (let i = 0; i < links.length; i += 200)
      await t.db
        .insertInto('lineage_links')
        .values(links.slice(i, i + 200))
        .execute();
    const body = (await get(`/v1/lineage/suggestions?subject_code=${otherSubject}&limit=10`)).json();
    expect(body).toMatchObject({ total: LINEAGE_SUGGESTION_COUNT_CAP, total_capped: true, page: 1, limit: 10 });
    expect(body.suggestions).toHaveLength(10);
    await t.db.deleteFrom('lineage_links').where('problem_a', 'in', uids).execute();
    expect((await get(`/v1/lineage/suggestions?subject_code=${otherSubject}`)).json()).toMatchObject({ total: 0, total_capped: false });
  });
});
