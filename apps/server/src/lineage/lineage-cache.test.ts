import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClass, createProblem, createSubject, createTest } from '../testing/factories';
import { createMember, loginCookie, openTestDatabase, testDialects, twoProcessApps, type TestDatabase } from '../testing/harness';
import { FingerprintCache } from './detect';
import { detectQueued, queueWholeBank } from './service';

// Decision 211. Two apps on one database stand in for two processes, each with its own
// ctx.lineageCache: every change is made through app A, by the detection worker or straight in the
// tables; every read is answered by app B. After each change, B's answer — from its cache when the
// content and lineage versions say so — must be byte for byte what B computes afresh, and show it.

const CIRCLED = ['①', '②', '③', '④', '⑤'];
const STEM = '52세 여자가 2시간 전부터 시작된 우측 상복부 통증과 발열로 내원하였다. 체온 38.9도, 황달이 있고 혈중 빌리루빈이 상승하였다.';
const CARE = ['항생제 투여 후 담도 배액', '즉시 담낭절제술', '경과관찰', '진통제 단독 투여', '간생검'];

describe.each(testDialects)('cached 출제 이력 reads on %s', (dialect) => {
  let database: TestDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let leadOnA: string;
  let leadOnB: string;
  let studentOnB: string;
  let klass: number;
  let exam2024: number;
  const uid: Record<'y2018' | 'y2020' | 'y2024' | 'weak' | 'lone', number> = { y2018: 0, y2020: 0, y2024: 0, weak: 0, lone: 0 };

  const urls = () => ({
    lineage: `/v1/problem/${uid.y2024}/lineage`,
    weak: `/v1/problem/${uid.weak}/lineage`,
    badges: `/v1/lineages/summary?uids=${[uid.y2018, uid.y2020, uid.y2024, uid.weak, uid.lone].join(',')}`,
    recurrence: `/v1/lineages/class/${klass}`,
    frequent: `/v1/problem?test_code=${exam2024}&sort=frequency`,
    recurring: `/v1/problem?test_code=${exam2024}&recurring=1`,
    lineages: '/v1/lineages?min_size=2',
    search: `/v1/search?q=${encodeURIComponent('담도 배액')}`,
  });
  // The lead's 출제 이력 관리 screen: read by leads only.
  const leadUrls = { suggestions: '/v1/lineage/suggestions', conflicts: '/v1/lineage/key-conflicts' };
  const urlsOf = (cookie: string) => (cookie === leadOnB ? { ...urls(), ...leadUrls } : urls());
  const read = async (url: string, cookie: string, fresh = false) => {
    const response = await b.inject({ method: 'GET', url, headers: { cookie, ...(fresh ? { 'cache-control': 'no-cache' } : {}) } });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response;
  };
  const lineageVersion = async () =>
    String(
      (
        await database.db
          .selectFrom('lineage_versions')
          .select((eb) => eb.fn.sum('version').as('v'))
          .executeTakeFirst()
      )?.v,
    );
  async function detect() {
    const cache = new FingerprintCache();
    while ((await detectQueued(database.db, cache, 100)) > 0);
  }
  /** Every read, cached on B for both roles, then `change`; B's answers after it must equal fresh ones. Returns the student's after it. */
  async function around(change: () => Promise<unknown>): Promise<Record<string, unknown>> {
    for (const cookie of [studentOnB, leadOnB]) for (const url of Object.values(urlsOf(cookie))) await read(url, cookie);
    await change();
    const after: Record<string, unknown> = {};
    for (const cookie of [leadOnB, studentOnB]) {
      for (const [name, url] of Object.entries(urlsOf(cookie))) {
        const cached = await read(url, cookie);
        expect(cached.body, `${name} after the change`).toBe((await read(url, cookie, true)).body);
        after[name] = cached.json();
      }
    }
    return after;
  }
  const memberUids = (body: unknown) => ((body as { lineage: { members: { uid: number }[] } | null }).lineage?.members ?? []).map((m) => m.uid).sort();
  const post = async (url: string, payload?: object) => {
    const response = await a.inject({ method: 'POST', url, headers: { cookie: leadOnA }, ...(payload ? { payload } : {}) });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  };

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    [a, b] = await twoProcessApps(database);
    const lead = await createMember(database.db, { role: 'lead' });
    [leadOnA, leadOnB] = (await Promise.all([a, b].map((app) => loginCookie(app, lead.id)))) as [string, string];
    studentOnB = await loginCookie(b, (await createMember(database.db)).id);
    const subject = await createSubject(database.db, { subject_name: '소화기학' });
    const exam = async (year: number) => createTest(database.db, { subject_code: subject, year, test_name: `${year} 기말고사` });
    const [e2018, e2020] = [await exam(2018), await exam(2020)];
    exam2024 = await exam(2024);
    const put = (test_code: number, no: number, stem: string, list: string[]) =>
      createProblem(database.db, {
        test_code,
        no,
        question: `<p>${stem} 가장 적절한 처치는?</p>`,
        illustration: list.map((o, i) => `${CIRCLED[i]} ${o}`).join('\n'),
        answer: '①',
        choice_type: 5,
      });
    uid.y2018 = await put(e2018, 1, STEM, CARE);
    uid.y2020 = await put(e2020, 2, STEM, [...CARE].reverse());
    uid.y2024 = await put(exam2024, 3, STEM.replace('52세', '57세'), CARE);
    // Reworded with two new options: a suggestion below 0.9, which only leads see.
    uid.weak = await put(exam2024, 4, STEM.replace('여자가', '여성이').replace('내원하였다', '병원에 왔다').replace('상승하였다', '높았다'), [
      ...CARE.slice(0, 3),
      '내시경 역행 담췌관 조영술 없이 퇴원',
      '복부 초음파 추적',
    ]);
    uid.lone = await put(exam2024, 5, '표준예방지침에서 손위생을 해야 하는 시점이 아닌 것은?', [
      '환자 접촉 전',
      '무균 처치 전',
      '체액 노출 후',
      '환자 접촉 후',
      '병원 출근 전',
    ]);
    klass = await createClass(database.db, { subject_code: subject, problems: [uid.y2024, uid.weak, uid.lone] });
    await detect();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.close();
  });

  it('answers repeats from the cache, and never gives a student the lead’s body', async () => {
    const url = urls().lineage;
    const student = await read(url, studentOnB);
    const lead = await read(url, leadOnB);
    expect(memberUids(student.json())).toEqual([uid.y2018, uid.y2020, uid.y2024].sort());
    expect(memberUids(lead.json())).toContain(uid.weak);
    const hits = b.ctx.lineageCache.stats.hits;
    for (const [cookie, first] of [
      [studentOnB, student],
      [leadOnB, lead],
      [studentOnB, student],
    ] as const)
      expect((await read(url, cookie)).body).toBe(first.body);
    expect(b.ctx.lineageCache.stats.hits).toBe(hits + 3);
    for (const other of Object.values(urls())) await read(other, studentOnB);
    const before = b.ctx.lineageCache.stats.hits;
    for (const other of Object.values(urls())) await read(other, studentOnB);
    expect(b.ctx.lineageCache.stats.hits, 'every read is cached').toBe(before + Object.keys(urls()).length);
    for (const other of Object.values(leadUrls)) await read(other, leadOnB);
    const leadBefore = b.ctx.lineageCache.stats.hits;
    for (const other of Object.values(leadUrls)) await read(other, leadOnB);
    expect(b.ctx.lineageCache.stats.hits, 'the lead queue is cached').toBe(leadBefore + Object.keys(leadUrls).length);
    expect((await b.inject({ method: 'GET', url: leadUrls.suggestions, headers: { cookie: studentOnB } })).statusCode).toBe(403);
    // The guard still runs first.
    expect((await b.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('a detection run over an unchanged bank raises no lineage version; the cached bodies stay', async () => {
    for (const url of Object.values(urls())) await read(url, studentOnB);
    const version = await lineageVersion();
    await queueWholeBank({ db: database.db });
    await detect();
    expect(await lineageVersion()).toBe(version);
    const hits = b.ctx.lineageCache.stats.hits;
    for (const url of Object.values(urls())) await read(url, studentOnB);
    expect(b.ctx.lineageCache.stats.hits).toBe(hits + Object.keys(urls()).length);
  });

  it('follows a lead’s confirm and reject made on the other process', async () => {
    const pairs = (body: unknown) => (body as { suggestions: { problems: { uid: number }[] }[] }).suggestions.map((s) => s.problems.map((p) => p.uid).sort());
    expect(pairs((await read(leadUrls.suggestions, leadOnB)).json())).toContainEqual([uid.y2018, uid.weak].sort());
    const confirmed = await around(() => post('/v1/lineage/links/confirm', { problem_a: uid.weak, problem_b: uid.y2018 }));
    expect(memberUids(confirmed.lineage)).toEqual([uid.y2018, uid.y2020, uid.y2024, uid.weak].sort());
    expect(pairs(confirmed.suggestions)).not.toContainEqual([uid.y2018, uid.weak].sort());
    expect((confirmed.recurrence as { recurring_count: number }).recurring_count).toBe(2);
    const rejected = await around(() => post('/v1/lineage/links/reject', { problem_a: uid.weak, problem_b: uid.y2018 }));
    expect(memberUids(rejected.weak)).toEqual([]);
    expect((rejected.recurrence as { recurring_count: number }).recurring_count).toBe(1);
  });

  it('follows a split and a merge', async () => {
    const split = await around(() => post(`/v1/problem/${uid.y2024}/lineage/split`));
    expect(memberUids(split.lineage)).toEqual([]);
    expect((split.recurring as { problem: unknown[] }).problem).toHaveLength(0);
    const merged = await around(() => post('/v1/lineages/merge', { problem_a: uid.lone, problem_b: uid.y2024, relation: 'variant' }));
    expect(memberUids(merged.lineage)).toEqual([uid.y2024, uid.lone].sort());
    expect((merged.frequent as { problem: { uid: number }[] }).problem.slice(0, 2).map((p) => p.uid)).toEqual([uid.y2024, uid.lone]);
  });

  it('follows the detection worker after an edit, and a write straight into the tables', async () => {
    // The 2020 problem reworded past recognition: detection drops it from its lineage.
    const detected = await around(async () => {
      await database.db
        .updateTable('problems')
        .set({
          question: '<p>소아의 예방접종 일정에서 생후 2개월에 접종하지 않는 것은?</p>',
          question_text: '소아의 예방접종 일정에서 생후 2개월에 접종하지 않는 것은?',
        })
        .where('uid', '=', uid.y2020)
        .execute();
      await detect();
    });
    expect(memberUids(detected.weak)).toEqual([]);
    const badges = (detected.badges as { summaries: { uid: number }[] }).summaries.map((s) => s.uid);
    expect(badges).not.toContain(uid.y2020);
    // An import or a later write path writing the lineage rows itself.
    const version = await lineageVersion();
    const straight = await around(() => database.db.deleteFrom('problem_lineages').where('problem_uid', '=', uid.lone).execute());
    expect(await lineageVersion()).not.toBe(version);
    expect((straight.badges as { summaries: { uid: number }[] }).summaries.map((s) => s.uid)).not.toContain(uid.lone);
  });
});
