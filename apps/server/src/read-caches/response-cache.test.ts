import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsGzip } from './response-cache';
import { createMember, loginCookie, openTestDatabase, testDialects, twoProcessApps, type TestDatabase } from '../testing/harness';
import { createClass, createProblem, createSetHeader, createSubject, createTest } from '../testing/factories';

// Two apps on one database stand in for two processes: each keeps its own cache, and the
// content version (migration 070, bumped by triggers) tells both about every write at once —
// writes through the API of either app and writes straight into the tables (an import script,
// or a write path another branch adds) alike.
describe.each(testDialects)('public content caches on %s', (dialect) => {
  let database: TestDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let leadOnA: string;
  let studentOnB: string;
  let subject: number;
  let exam: number;
  let uid: number;

  const get = async (app: FastifyInstance, url: string, cookie?: string) => {
    const response = await app.inject({ method: 'GET', url, ...(cookie ? { headers: { cookie } } : {}) });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response;
  };
  const version = () => a.ctx.contentCache.version();

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    [a, b] = await twoProcessApps(database);
    leadOnA = await loginCookie(a, (await createMember(database.db, { role: 'lead' })).id);
    studentOnB = await loginCookie(b, (await createMember(database.db)).id);
    subject = await createSubject(database.db, { subject_name: '심장내과학' });
    exam = await createTest(database.db, { subject_code: subject, test_name: '중간고사', year: 2025 });
    uid = await createProblem(database.db, { test_code: exam, no: 1, question: '<p>원래 문제</p>' });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.close();
  });

  it('computes a body once when many ask for it at once after a write, and gives each the same bytes', async () => {
    // An exam of its own subject: the other tests list the first subject's exams.
    const ownSubject = await createSubject(database.db, { subject_name: '동시 읽기 과목' });
    const ownExam = await createTest(database.db, { subject_code: ownSubject, test_name: '동시 읽기', year: 2024 });
    const ownUid = await createProblem(database.db, { test_code: ownExam, no: 1, question: '<p>처음 문제</p>' });
    const url = `/v1/problem?test_code=${ownExam}`;
    await get(b, url, studentOnB);
    const edit = await a.inject({
      method: 'PATCH',
      url: `/v1/problem/${ownUid}`,
      headers: { cookie: leadOnA },
      payload: { question: '<p>동시에 읽힌 문제</p>' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const { misses, shared } = b.ctx.contentCache.stats;
    const answers = await Promise.all(Array.from({ length: 8 }, () => get(b, url, studentOnB)));
    // Most wait for one computation; when the first finishes before the last request's guard has
    // read the version, that one finds the stored body instead (a hit).
    const computed = b.ctx.contentCache.stats.misses - misses;
    const waited = b.ctx.contentCache.stats.shared - shared;
    expect(computed).toBe(1);
    expect(waited).toBeGreaterThanOrEqual(1);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers[0]!.body).toContain('동시에 읽힌 문제');
  });

  it('answers a repeated read from the cache with the same bytes and headers', async () => {
    const url = `/v1/problem?test_code=${exam}`;
    const first = await get(b, url, studentOnB);
    const hits = b.ctx.contentCache.stats.hits;
    const second = await get(b, url, studentOnB);
    expect(b.ctx.contentCache.stats.hits).toBe(hits + 1);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.headers['content-length']).toBe(first.headers['content-length']);
    // Cache-Control: no-cache computes the answer again (the bench times searches this way).
    const misses = b.ctx.contentCache.stats.misses;
    const fresh = await b.inject({ method: 'GET', url, headers: { cookie: studentOnB, 'cache-control': 'no-cache' } });
    expect(b.ctx.contentCache.stats.misses).toBe(misses + 1);
    expect(fresh.body).toBe(first.body);
    // Reads do not move the version; the guard still runs before the cache.
    const before = await version();
    await get(b, '/v1/test/tests');
    expect(await version()).toBe(before);
    expect((await b.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('serves an edit made through process A from process B at once', async () => {
    const list = `/v1/problem?test_code=${exam}`;
    expect((await get(b, list, studentOnB)).json().problem[0].question).toBe('<p>원래 문제</p>');
    expect((await get(b, `/v1/test/${exam}`)).json().test_info.test_name).toBe('중간고사');
    expect((await get(b, `/v1/subject/${subject}/tests`)).json().tests.map((t: { test_name: string }) => t.test_name)).toEqual(['중간고사']);

    const patched = await a.inject({ method: 'PATCH', url: `/v1/problem/${uid}`, headers: { cookie: leadOnA }, payload: { question: '<p>고친 문제</p>' } });
    expect(patched.statusCode).toBe(200);
    expect((await get(b, list, studentOnB)).json().problem[0].question).toBe('<p>고친 문제</p>');

    const renamed = await a.inject({
      method: 'PUT',
      url: `/v1/test/${exam}`,
      headers: { cookie: leadOnA },
      payload: { test_name: '기말고사', subject_code: subject, year: 2025 },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await get(b, `/v1/test/${exam}`)).json().test_info.test_name).toBe('기말고사');
    expect((await get(b, `/v1/subject/${subject}/tests`)).json().tests.map((t: { test_name: string }) => t.test_name)).toEqual(['기말고사']);
    expect((await get(b, '/v1/test/tests')).json().tests.map((t: { test_name: string }) => t.test_name)).toContain('기말고사');
  });

  it('sees writes straight into every content table, as an import or a new write path would make them', async () => {
    const list = `/v1/problem?test_code=${exam}`;
    const headers = `/v1/problem/header?test_code=${exam}`;
    const count = () => get(b, '/v1/test/count');
    const problems = async () => (await get(b, list, studentOnB)).json();
    const subjects = async () => (await get(b, '/v1/subject/subjects')).json();

    const tests0 = (await count()).json().count as number;
    await createTest(database.db, { subject_code: subject, test_name: '모의고사', year: 2024 });
    expect((await count()).json().count).toBe(tests0 + 1);

    const total0 = (await problems()).problem_count as number;
    const second = await createProblem(database.db, { test_code: exam, no: 2, question: '<p>가져온 문제</p>' });
    expect((await problems()).problem_count).toBe(total0 + 1);
    // An answer-key ruling (another branch) updates the problem row: the page follows.
    await database.db.updateTable('problems').set({ answer: '3' }).where('uid', '=', second).execute();
    expect((await problems()).problem.find((p: { uid: number }) => p.uid === second).answer).toBe('3');

    expect((await get(b, headers)).json().headers).toEqual([]);
    await createSetHeader(database.db, { test_code: exam, begin_problem_no: 1, end_problem_no: 2 });
    expect((await get(b, headers)).json().headers).toHaveLength(1);

    const replies0 = (await problems()).problem.find((p: { uid: number }) => p.uid === uid).reply_count as number;
    const replied = await a.inject({ method: 'POST', url: `/v1/problem/${uid}/reply`, headers: { cookie: leadOnA }, payload: { reply_text: '좋은 문제' } });
    expect(replied.statusCode).toBe(201);
    expect((await problems()).problem.find((p: { uid: number }) => p.uid === uid).reply_count).toBe(replies0 + 1);

    const subjects0 = (await subjects()).total as number;
    const newSubject = await createSubject(database.db, { subject_name: '해부학' });
    expect((await subjects()).total).toBe(subjects0 + 1);
    const klass = await createClass(database.db, { subject_code: newSubject });
    expect((await get(b, `/v1/class/${klass}/meta`)).json().meta).toBeTruthy();
    await database.db.updateTable('classes').set({ class_name: '바뀐 강의' }).where('uid', '=', klass).execute();
    expect(JSON.stringify((await get(b, `/v1/class/${klass}/meta`)).json().meta)).toContain('바뀐 강의');

    await database.db.deleteFrom('problems').where('uid', '=', second).execute();
    expect((await problems()).problem_count).toBe(total0);
  });

  it('counts every committed write when many transactions write at once, without deadlocks', async () => {
    const before = Number(await version());
    const author = await createMember(database.db);
    await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        database.db.transaction().execute(async (trx) => {
          await trx
            .updateTable('problems')
            .set({ answer: String(i) })
            .where('uid', '=', uid)
            .execute();
          await trx
            .insertInto('problem_replies')
            .values({ problem_uid: uid, member_code: author.code, reply_text: `동시 댓글 ${i}` })
            .execute();
        }),
      ),
    );
    // Two bumping statements (rows, on SQLite) per transaction.
    expect(Number(await version())).toBe(before + 48);
  });

  it('never caches a failure', async () => {
    const missing = await b.inject({ method: 'GET', url: '/v1/test/987654' });
    expect(missing.statusCode).toBe(404);
    const late = await createTest(database.db, { subject_code: subject, test_name: '늦게 만든 시험' });
    expect(late).toBeGreaterThan(0);
    expect((await b.inject({ method: 'GET', url: `/v1/test/${late}` })).statusCode).toBe(200);
  });

  it('sends a stored body gzipped to a client that accepts it, the same JSON once unpacked', async () => {
    // An exam whose page is well over the 1 kB below which nothing is compressed.
    const long = await createTest(database.db, { subject_code: subject, test_name: '기말고사', year: 2025 });
    for (let no = 1; no <= 3; no += 1)
      await createProblem(database.db, { test_code: long, no, question: `<p>${'심전도에서 ST 분절 상승이 보인다. '.repeat(40)}</p>` });
    const url = `/v1/problem?test_code=${long}`;
    const plain = await get(b, url, studentOnB);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    for (let i = 0; i < 2; i += 1) {
      // The first answer computes (or reuses) the stored body, the second is a cache hit: both are gzipped.
      const packed = await b.inject({ method: 'GET', url, headers: { cookie: studentOnB, 'accept-encoding': 'br, gzip, deflate' } });
      expect(packed.statusCode).toBe(200);
      expect(packed.headers['content-encoding']).toBe('gzip');
      expect(packed.headers['content-type']).toBe(plain.headers['content-type']);
      expect(packed.headers.vary).toMatch(/Accept-Encoding/);
      expect(gunzipSync(packed.rawPayload).toString('utf8')).toBe(plain.body);
    }
    const refused = await b.inject({ method: 'GET', url, headers: { cookie: studentOnB, 'accept-encoding': 'gzip;q=0, identity' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it('reads Accept-Encoding as HTTP does', () => {
    expect(acceptsGzip('gzip')).toBe(true);
    expect(acceptsGzip('deflate, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip(['br', 'gzip'])).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('br, identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
