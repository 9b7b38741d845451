import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../core/db';
import { createProblem, createSubject, createTest } from '../testing/factories';
import { createMember, openTestDatabase, testDialects, type TestDatabase } from '../testing/harness';
import { FingerprintCache } from './detect';
import { decideLink, enqueue } from './repository';
import { detectQueued } from './service';

/** Empties the queue here and now (the worker's lease is the job's concern: jobs/lineage-worker.test.ts). */
async function drainAll(db: Db): Promise<void> {
  const cache = new FingerprintCache();
  while ((await detectQueued(db, cache, 100)) > 0);
}

const CIRCLED = ['①', '②', '③', '④', '⑤'];
const CASE =
  '65세 남자가 3일 전부터 시작된 가슴 통증으로 응급실에 왔다. 혈압 90/60 mmHg, 맥박 110회/분이었다. 심전도에서 II, III, aVF 유도의 ST분절 상승이 관찰되었다.';
const TREATMENTS = ['니트로글리세린 투여', '관상동맥중재술', '베타차단제 투여', '경과관찰', '항응고제 단독 투여'];
const options = (list: string[]) => list.map((o, i) => `${CIRCLED[i]} ${o}`).join('\n');

describe.each(testDialects)('lineage detection and storage on %s', (dialect) => {
  let database: TestDatabase;
  let db: Db;
  const uid: Record<string, number> = {};

  async function linkOf(a: number, b: number) {
    const [problem_a, problem_b] = a < b ? [a, b] : [b, a];
    return db.selectFrom('lineage_links').selectAll().where('problem_a', '=', problem_a).where('problem_b', '=', problem_b).executeTakeFirst();
  }
  async function lineageOf(problem: number) {
    return db.selectFrom('problem_lineages').selectAll().where('problem_uid', '=', problem).executeTakeFirst();
  }

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    db = database.db;
    const subject = await createSubject(db, { subject_name: '순환기학' });
    const otherSubject = await createSubject(db, { subject_name: '응급의학' });
    const [y2019, y2021, y2024] = [
      await createTest(db, { subject_code: subject, year: 2019 }),
      await createTest(db, { subject_code: subject, year: 2021 }),
      await createTest(db, { subject_code: subject, year: 2024 }),
    ];
    const elsewhere = await createTest(db, { subject_code: otherSubject, year: 2023 });
    const put = (test_code: number, no: number, question: string, list: string[], key: number) =>
      createProblem(db, { test_code, no, question: `<p>${question}</p>`, illustration: options(list), answer: CIRCLED[key - 1]!, choice_type: 5 });
    uid.base = await put(y2019!, 1, `${CASE} 가장 적절한 치료는?`, TREATMENTS, 2);
    uid.copy = await put(y2021!, 3, `${CASE} 가장 적절한 치료는?`, [...TREATMENTS].reverse(), 4);
    uid.variant = await put(y2024!, 7, `${CASE.replace('65세', '68세')} 가장 적절한 치료는?`, TREATMENTS, 2);
    uid.sibling = await put(y2019!, 2, `${CASE} 가장 가능성이 높은 진단은?`, ['하벽 심근경색', '대동맥박리', '폐색전증', '심낭염', '긴장성 기흉'], 1);
    const right = ['아스피린을 씹어 복용한다', '모르핀은 금기이다', '산소는 모든 환자에게 준다', '베타차단제는 금기이다', '헤파린은 쓰지 않는다'];
    uid.right = await put(y2019!, 5, '급성 심근경색의 초기 치료에 관한 설명으로 옳은 것은?', right, 1);
    uid.inverted = await put(
      y2024!,
      9,
      '급성 심근경색의 초기 치료에 관한 설명으로 옳지 않은 것은?',
      ['아스피린을 씹어 복용한다', '모르핀은 금기이다', '니트로글리세린을 쓴다', '재관류 치료를 서두른다', '심전도를 10분 안에 찍는다'],
      2,
    );
    uid.elsewhere = await put(elsewhere, 4, `${CASE} 가장 적절한 치료는?`, TREATMENTS, 2);
    uid.vacant = await createProblem(db, { test_code: y2024!, no: 20, is_vacant: 1 });
    await drainAll(db);
  });
  afterAll(async () => database?.close());

  it('queues every new problem (a trigger), and the worker empties the queue', async () => {
    expect(await db.selectFrom('lineage_queue').selectAll().execute()).toEqual([]);
  });

  it('links copies as `same`, changed numbers as `variant`, a flipped polarity as `inverted`, across subjects only when strong', async () => {
    expect(await linkOf(uid.base!, uid.copy!)).toMatchObject({ relation: 'same', keys_agree: 1, decision: null, detected: 1 });
    expect(await linkOf(uid.base!, uid.variant!)).toMatchObject({ relation: 'variant' });
    expect(await linkOf(uid.right!, uid.inverted!)).toMatchObject({ relation: 'inverted', keys_agree: 0 });
    expect(await linkOf(uid.base!, uid.elsewhere!)).toMatchObject({ relation: 'same' });
  });

  it('does not link a shared case with another question, nor an empty slot', async () => {
    expect(await linkOf(uid.base!, uid.sibling!)).toBeUndefined();
    expect(await lineageOf(uid.sibling!)).toBeUndefined();
    expect(await db.selectFrom('lineage_keys').select('key').where('problem_uid', '=', uid.vacant!).execute()).toEqual([]);
  });

  it('draws one lineage per cluster of strong links, coded by its smallest uid', async () => {
    const lineage = await lineageOf(uid.copy!);
    expect(lineage).toMatchObject({ lineage_code: uid.base, lineage_size: 4 });
    expect((await lineageOf(uid.elsewhere!))?.lineage_code).toBe(uid.base);
  });

  it('detects again when a key changes, and flags a `same` pair keyed differently', async () => {
    await db.updateTable('problems').set({ answer: '①' }).where('uid', '=', uid.copy!).execute();
    expect(await db.selectFrom('lineage_queue').select('problem_uid').execute()).toEqual([{ problem_uid: uid.copy }]);
    await drainAll(db);
    expect(await linkOf(uid.base!, uid.copy!)).toMatchObject({ relation: 'same', keys_agree: 0 });
    await db.updateTable('problems').set({ answer: '④' }).where('uid', '=', uid.copy!).execute();
    await drainAll(db);
    expect(await linkOf(uid.base!, uid.copy!)).toMatchObject({ keys_agree: 1 });
  });

  it("keeps a lead's rejection and confirmation through a whole-bank run", async () => {
    const lead = await createMember(db, { role: 'lead' });
    const now = new Date().toISOString();
    // Split out: every link of the problem rejected.
    for (const partner of [uid.base!, uid.copy!, uid.variant!]) await decideLink(db, partner, uid.elsewhere!, 'rejected', lead.code, now, 'same');
    await decideLink(db, uid.base!, uid.sibling!, 'confirmed', lead.code, now, 'variant');
    const all = await db.selectFrom('problems').select('uid').execute();
    await enqueue(
      db,
      all.map((row) => row.uid),
    );
    await drainAll(db);
    expect(await linkOf(uid.base!, uid.elsewhere!)).toMatchObject({ decision: 'rejected', detected: 1 });
    expect(await linkOf(uid.base!, uid.sibling!)).toMatchObject({ decision: 'confirmed', detected: 0 });
    expect((await lineageOf(uid.sibling!))?.lineage_code).toBe(uid.base);
    // The rejected one is linked to no one students see, so it is alone again.
    expect(await lineageOf(uid.elsewhere!)).toBeUndefined();
  });

  it('a problem saved again during its detection stays queued', async () => {
    await enqueue(db, [uid.variant!]);
    await enqueue(db, [uid.variant!]);
    const [row] = await db.selectFrom('lineage_queue').selectAll().execute();
    expect(row).toMatchObject({ problem_uid: uid.variant, version: 2 });
    await db.deleteFrom('lineage_queue').execute();
  });

  it('a deleted problem leaves no link or lineage', async () => {
    await db.deleteFrom('problems').where('uid', '=', uid.variant!).execute();
    await drainAll(db);
    expect(await linkOf(uid.base!, uid.variant!)).toBeUndefined();
    expect(await lineageOf(uid.variant!)).toBeUndefined();
    expect(await lineageOf(uid.copy!)).toMatchObject({ lineage_code: uid.base });
  });
});
