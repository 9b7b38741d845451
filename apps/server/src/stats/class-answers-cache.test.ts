import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemAnalysis, MyTestStats, ProblemStats } from '@qbank/shared/stats';
import { PROBLEM_TYPES } from '@qbank/shared/problems';
import type { MemberRow } from '../db/schema';
import { createMember, loginCookie, openTestDatabase, testDialects, twoProcessApps, type TestDatabase } from '../testing/harness';
import { countingStatements } from '../testing/statement-counter';
import { createProblem, createSubject, createTest } from '../testing/factories';
import { examAnswersVersion } from './repository';

// Decision 063. A problem's class answers (`/v1/problem/{id}/stats`) come from the shared
// response cache while the content version and the problem's answers version are unchanged. Two
// apps on one database stand in for two processes: every write goes through app A (or straight
// into the tables, as an import script would make it), every read is answered by app B. After
// each write B's answer, from its cache when the versions say so, must be byte for byte what B
// computes afresh (Cache-Control: no-cache), and must show the write.
const CHOICES = '① 가\n② 나\n③ 다\n④ 라\n⑤ 마';

describe.each(testDialects)('the class answers cache on %s', (dialect) => {
  let database: TestDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let leadOnA: string;
  let leadOnB: string;
  let adminOnA: string;
  let student: { member: MemberRow; onA: string; onB: string };
  let other: { member: MemberRow; onA: string; onB: string };
  /** Approved members whose answers go straight into the table, so that the rates are shown (five answers at least). */
  const classmates: MemberRow[] = [];
  let exam: number;
  const p: number[] = [];

  const url = (uid: number) => `/v1/problem/${uid}/stats`;
  async function write(method: 'POST' | 'PATCH' | 'DELETE', path: string, cookie: string, payload?: object) {
    const response = await a.inject({ method, url: path, headers: { cookie }, ...(payload ? { payload } : {}) });
    expect(response.statusCode, `${method} ${path}: ${response.body}`).toBeLessThan(300);
    return response.json();
  }
  async function readPath(path: string, cookie: string, fresh = false) {
    const response = await b.inject({ method: 'GET', url: path, headers: { cookie, ...(fresh ? { 'cache-control': 'no-cache' } : {}) } });
    expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
    return response;
  }
  const read = (uid: number, cookie: string, fresh = false) => readPath(url(uid), cookie, fresh);
  /** B's answer at `path`, cached before `change` and read again after it: it must equal a fresh computation. */
  async function aroundPath<T>(path: string, cookies: [string, string], change: () => Promise<unknown>): Promise<{ before: T; after: T }> {
    const before = (await readPath(path, cookies[0])).json() as T;
    const hits = b.ctx.contentCache.stats.hits;
    await readPath(path, cookies[1]);
    expect(b.ctx.contentCache.stats.hits, 'the second read is answered from the cache').toBe(hits + 1);
    await change();
    const cached = await readPath(path, cookies[0]);
    const fresh = await readPath(path, cookies[0], true);
    expect(cached.body, 'the cached answer after the write').toBe(fresh.body);
    return { before, after: cached.json() as T };
  }
  const around = (uid: number, change: () => Promise<unknown>) => aroundPath<ProblemStats>(url(uid), [student.onB, other.onB], change);
  const versionOf = async (uid: number) => {
    const row = await database.db.selectFrom('problem_answer_versions').select('version').where('problem_uid', '=', uid).executeTakeFirst();
    return row ? Number(row.version) : 0;
  };
  const examVersionOf = async (testCode: number) => {
    const row = await database.db.selectFrom('exam_answer_versions').select('version').where('test_code', '=', testCode).executeTakeFirst();
    return row ? Number(row.version) : 0;
  };
  const insertAnswer = (member: MemberRow, uid: number, answer: string, isCorrect: boolean) =>
    database.db
      .insertInto('solve_attempts')
      .values({ member_code: member.code, problem_uid: uid, answer, is_correct: isCorrect ? 1 : 0, source: 'solve' })
      .execute();
  const loginPeer = (member: MemberRow) => loginCookie(a, member.id);
  const rateOf = (stats: ProblemStats, option: string) => stats.options.find((row) => row.option === option)?.rate;

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    [a, b] = await twoProcessApps(database);
    const lead = await createMember(database.db, { role: 'lead' });
    leadOnA = await loginCookie(a, lead.id);
    leadOnB = await loginCookie(b, lead.id);
    adminOnA = await loginCookie(a, (await createMember(database.db, { role: 'admin' })).id);
    const signedIn = async () => {
      const member = await createMember(database.db);
      return { member, onA: await loginCookie(a, member.id), onB: await loginCookie(b, member.id) };
    };
    student = await signedIn();
    other = await signedIn();
    for (let i = 0; i < 5; i += 1) classmates.push(await createMember(database.db));
    exam = await createTest(database.db, { subject_code: await createSubject(database.db, { subject_name: '신경과학' }), test_name: '기말고사' });
    for (let no = 1; no <= 8; no += 1) p.push(await createProblem(database.db, { test_code: exam, no, illustration: CHOICES, answer: '③' }));
    // Five classmates answered every problem: three right, two with ①.
    for (const uid of p) for (const [i, member] of classmates.entries()) await insertAnswer(member, uid, i < 3 ? '③' : '①', i < 3);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.close();
  });

  it('answers a repeat from the cache with the same bytes for every member, and still checks the member', async () => {
    const first = await read(p[0]!, student.onB);
    const hits = b.ctx.contentCache.stats.hits;
    const second = await read(p[0]!, other.onB);
    expect(b.ctx.contentCache.stats.hits).toBe(hits + 1);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(first.json()).toMatchObject({ answers: 5, correct_rate: 0.6 });

    // The guard runs first: a stored answer is no way past a signed-out visitor or a pending member.
    expect((await b.inject({ method: 'GET', url: url(p[0]!) })).statusCode).toBe(401);
    const pending = await loginCookie(b, (await createMember(database.db, { validated: false })).id);
    expect((await b.inject({ method: 'GET', url: url(p[0]!), headers: { cookie: pending } })).statusCode).toBe(403);
    // Not found is not stored: still 404 on the next request.
    for (let i = 0; i < 2; i += 1) expect((await b.inject({ method: 'GET', url: url(999_999), headers: { cookie: student.onB } })).statusCode).toBe(404);
  });

  it("follows a member's first answer made on the other process, and takes no lock for a repeat", async () => {
    const { before, after } = await around(p[0]!, () => write('POST', '/v1/solve/attempts', student.onA, { problem_uid: p[0], answer: '②' }));
    expect(after.answers).toBe(before.answers + 1);
    expect(rateOf(after, '②')).toBeCloseTo(1 / 6);

    // A second answer leaves the first as it was: the version does not move, and the read is a hit.
    const version = await versionOf(p[0]!);
    const repeat = await around(p[0]!, () => write('POST', '/v1/solve/attempts', student.onA, { problem_uid: p[0], answer: '③' }));
    expect(await versionOf(p[0]!)).toBe(version);
    expect(repeat.after).toEqual(repeat.before);
  });

  it('follows a first answer in a study session', async () => {
    // A session over an exam of its own, so that the draw takes this problem.
    const sessionExam = await createTest(database.db, { subject_code: await createSubject(database.db), test_name: '세션 시험' });
    const uid = await createProblem(database.db, { test_code: sessionExam, no: 1, illustration: CHOICES, answer: '③' });
    const { session } = await write('POST', '/v1/study/sessions', other.onA, {
      filter: 'unseen',
      scope: { test_codes: [sessionExam] },
      count: 1,
      order: 'exam',
      mode: 'tutor',
    });
    const { before, after } = await around(uid, () =>
      write('POST', `/v1/study/sessions/${session.code}/answers`, other.onA, { problem_uid: uid, answer: '③' }),
    );
    expect(after.answers).toBe(before.answers + 1);
  });

  it("follows a member's own verdict on a subjective answer", async () => {
    const uid = await createProblem(database.db, { test_code: exam, no: 20, type: PROBLEM_TYPES.subjective, answer: '뇌경색' });
    const { attempt } = await write('POST', '/v1/solve/attempts', student.onA, { problem_uid: uid, answer: '뇌출혈' });
    // The machine's verdict counts; the member's own takes the answer out of the class's figures.
    const { before, after } = await around(uid, () => write('POST', `/v1/solve/attempts/${attempt.code}/self-judgment`, student.onA, { is_correct: true }));
    expect(before.answers).toBe(1);
    expect(after.answers).toBe(0);
  });

  it('follows a lead changing the key, and an accepted dispute', async () => {
    const keyed = await around(p[1]!, () => write('PATCH', `/v1/problem/${p[1]}`, leadOnA, { answer: '①' }));
    expect(keyed.before.correct_rate).toBeCloseTo(0.6);
    expect(keyed.after.correct_rate).toBeCloseTo(0.4);

    await write('POST', '/v1/solve/attempts', student.onA, { problem_uid: p[2], answer: '①' });
    await write('POST', '/v1/solve/attempts', other.onA, { problem_uid: p[2], answer: '①' });
    const { dispute } = await write('POST', `/v1/problem/${p[2]}/disputes`, other.onA, { claimed_answer: '①', reason: '교과서에 따르면 ①이 맞습니다.' });
    const ruled = await around(p[2]!, () =>
      write('POST', `/v1/disputes/${dispute.code}/ruling`, leadOnA, { decision: 'accepted', reason: '확인 결과 ①이 정답입니다.' }),
    );
    // Three classmates chose ③; two classmates and the two members chose ①, the key after the ruling.
    expect(ruled.before.correct_rate).toBeCloseTo(3 / 7);
    expect(ruled.after.correct_rate).toBeCloseTo(4 / 7);
  });

  it('follows approvals, withdrawn approvals and deleted members', async () => {
    const newcomer = await createMember(database.db, { validated: false });
    await insertAnswer(newcomer, p[3]!, '⑤', false);
    const approved = await around(p[3]!, () => write('POST', `/v1/member/${newcomer.code}/validate`, adminOnA));
    expect(approved.after.answers).toBe(approved.before.answers + 1);
    const withdrawn = await around(p[3]!, () => database.db.updateTable('members').set({ validated: 0 }).where('code', '=', newcomer.code).execute());
    expect(withdrawn.after.answers).toBe(approved.before.answers);
    await database.db.updateTable('members').set({ validated: 1 }).where('code', '=', newcomer.code).execute();
    const deleted = await around(p[3]!, () => write('DELETE', `/v1/member/${newcomer.code}`, adminOnA));
    expect(deleted.before.answers).toBe(approved.after.answers);
    expect(deleted.after.answers).toBe(approved.before.answers);
  });

  it('follows answers inserted, changed and deleted straight in the table', async () => {
    const imported = await around(p[4]!, () => insertAnswer(student.member, p[4]!, '④', false));
    expect(imported.after.answers).toBe(imported.before.answers + 1);
    const first = database.db.selectFrom('solve_attempts').select('code').where('member_code', '=', classmates[0]!.code).where('problem_uid', '=', p[4]!);
    const changed = await around(p[4]!, () =>
      database.db.updateTable('solve_attempts').set({ answer: '②', is_correct: 0 }).where('code', 'in', first).execute(),
    );
    expect(changed.after.correct_rate).toBeCloseTo(changed.before.correct_rate! - 1 / 6);
    const deleted = await around(p[4]!, () =>
      database.db.deleteFrom('solve_attempts').where('member_code', '=', classmates[0]!.code).where('problem_uid', '=', p[4]!).execute(),
    );
    expect(deleted.after.answers).toBe(changed.after.answers - 1);
  });

  it('keeps the version for a review self-rating, which changes no verdict', async () => {
    const version = await versionOf(p[5]!);
    const { before, after } = await around(p[5]!, () =>
      database.db.updateTable('solve_attempts').set({ review_rating: 2 }).where('problem_uid', '=', p[5]!).execute(),
    );
    expect(after).toEqual(before);
    expect(await versionOf(p[5]!)).toBe(version);
  });

  it("follows the exam's answers in a lead's item analysis", async () => {
    const path = `/v1/test/${exam}/item-analysis`;
    const leads: [string, string] = [leadOnB, leadOnB];
    // A member who answers the whole exam (an import, straight into the table) joins the analysed group.
    const completer = await createMember(database.db);
    const joined = await aroundPath<ItemAnalysis>(path, leads, async () => {
      for (const uid of p) await insertAnswer(completer, uid, '③', true);
    });
    expect(joined.after.members).toBe(joined.before.members + 1);
    // A repeat answer changes no first answer: nothing moves, and the next read is a hit.
    const version = await Promise.all(p.map(versionOf));
    const repeated = await aroundPath<ItemAnalysis>(path, leads, () => insertAnswer(completer, p[0]!, '①', false));
    expect(await Promise.all(p.map(versionOf))).toEqual(version);
    expect(repeated.after).toEqual(repeated.before);
    // A changed first answer (self-judgment, a direct update) moves the item's figures.
    const first = database.db
      .selectFrom('solve_attempts')
      .select((eb) => eb.fn.min('code').as('code'))
      .where('member_code', '=', completer.code)
      .where('problem_uid', '=', p[0]!);
    const changed = await aroundPath<ItemAnalysis>(path, leads, () =>
      database.db.updateTable('solve_attempts').set({ answer: '⑤', is_correct: 0 }).where('code', 'in', first).execute(),
    );
    expect(changed.after.items[0]!.difficulty).not.toBe(changed.before.items[0]!.difficulty);
  });

  it("reads the answers versions of the exams asked for in one poll phase in one statement, each exam's own", async () => {
    const { db, count } = countingStatements(database.db);
    const quiz = await createTest(database.db, { subject_code: await createSubject(database.db), test_name: '배치 쪽지시험' });
    const quizProblem = await createProblem(database.db, { test_code: quiz, no: 1, illustration: CHOICES, answer: '③' });
    const versions = await Promise.all([exam, quiz, exam, -1].map((code) => examAnswersVersion(db, dialect, code)));
    expect(count()).toBe(1);
    expect(versions).toEqual([`exam-${await examVersionOf(exam)}`, 'none', `exam-${await examVersionOf(exam)}`, 'none']);
    await insertAnswer(other.member, quizProblem, '③', true);
    const [examAfter, quizAfter] = await Promise.all([exam, quiz].map((code) => examAnswersVersion(db, dialect, code)));
    expect(count()).toBe(2);
    expect(examAfter).toBe(versions[0]);
    expect(quizAfter).toBe('exam-1');
  });

  // Migration 2026-12-08-217: the exam's row rises in the statement that raises a problem's.
  it("raises an exam's answers version with its problems' and with nothing else", async () => {
    const quiz = await createTest(database.db, { subject_code: await createSubject(database.db), test_name: '버전 쪽지시험' });
    const otherQuiz = await createTest(database.db, { subject_code: await createSubject(database.db), test_name: '옆 쪽지시험' });
    const [q1, q2] = [
      await createProblem(database.db, { test_code: quiz, no: 1, illustration: CHOICES, answer: '③' }),
      await createProblem(database.db, { test_code: quiz, no: 2, illustration: CHOICES, answer: '③' }),
    ];
    const elsewhere = await createProblem(database.db, { test_code: otherQuiz, no: 1, illustration: CHOICES, answer: '③' });
    const both = async () => [await examVersionOf(quiz), await examVersionOf(otherQuiz)];
    expect(await both()).toEqual([0, 0]);
    await insertAnswer(other.member, q1, '③', true);
    expect(await both()).toEqual([1, 0]);
    // A repeat answer leaves the class's first answers, and both versions, as they were.
    await insertAnswer(other.member, q1, '①', false);
    expect([await versionOf(q1), ...(await both())]).toEqual([1, 1, 0]);
    // One statement over two problems of the exam and one of another: each exam once.
    await database.db
      .insertInto('solve_attempts')
      .values(
        [q2, elsewhere].flatMap((uid) =>
          classmates.slice(0, 2).map((member) => ({ member_code: member.code, problem_uid: uid, answer: '③', is_correct: 1, source: 'solve' as const })),
        ),
      )
      .execute();
    expect(await both()).toEqual([dialect === 'postgres' ? 2 : 3, dialect === 'postgres' ? 1 : 2]);
    const before = await both();
    // A changed verdict and a deleted answer raise the exam of their problem.
    await database.db
      .updateTable('solve_attempts')
      .set({ is_correct: 0, judged_by: 'self' })
      .where('problem_uid', '=', elsewhere)
      .where('member_code', '=', classmates[0]!.code)
      .execute();
    const changed = await both();
    expect(changed[0]).toBe(before[0]);
    expect(changed[1]).toBeGreaterThan(before[1]!);
    await database.db.deleteFrom('solve_attempts').where('problem_uid', '=', q1).execute();
    expect((await both())[0]).toBeGreaterThan(before[0]!);
    // A self-rating in review changes no judged column.
    const after = await both();
    await database.db.updateTable('solve_attempts').set({ review_rating: 3 }).where('problem_uid', '=', q2).execute();
    expect(await both()).toEqual(after);
  });

  it("follows the grade's answers and grades in a member's percentile on an exam", async () => {
    const quiz = await createTest(database.db, { subject_code: await createSubject(database.db), test_name: '쪽지시험' });
    const quizProblems = [
      await createProblem(database.db, { test_code: quiz, no: 1, illustration: CHOICES, answer: '③' }),
      await createProblem(database.db, { test_code: quiz, no: 2, illustration: CHOICES, answer: '③' }),
    ];
    const path = `/v1/stats/me/tests/${quiz}`;
    const peers = await Promise.all(Array.from({ length: 5 }, () => createMember(database.db)));
    await database.db
      .updateTable('members')
      .set({ grade: 2 })
      .where('code', 'in', [other.member.code, ...peers.map((peer) => peer.code)])
      .execute();
    for (const [i, peer] of peers.slice(0, 4).entries()) for (const uid of quizProblems) await insertAnswer(peer, uid, i < 2 ? '③' : '①', i < 2);
    for (const uid of quizProblems) await write('POST', '/v1/solve/attempts', other.onA, { problem_uid: uid, answer: '③' });
    /** B's answer to `other`, cached before `change` and read again after it: it must equal a fresh computation. */
    const mine = async (change: () => Promise<unknown>) => {
      const before = (await readPath(path, other.onB)).json() as MyTestStats;
      const hits = b.ctx.memberCache.stats.hits;
      await readPath(path, other.onB);
      expect(b.ctx.memberCache.stats.hits, 'the second read is answered from the cache').toBe(hits + 1);
      await change();
      const cached = await readPath(path, other.onB);
      expect(cached.body, 'the cached answer after the write').toBe((await readPath(path, other.onB, true)).body);
      return { before, after: cached.json() as MyTestStats };
    };
    // Another member of the grade completes the exam (on A): the peers and the rank move.
    const joined = await mine(async () => {
      for (const uid of quizProblems) await write('POST', '/v1/solve/attempts', await loginPeer(peers[4]!), { problem_uid: uid, answer: '①' });
    });
    expect(joined.before).toMatchObject({ completed: true, peers: 5 });
    expect(joined.after.peers).toBe(6);
    expect(joined.after.percentile).not.toBe(joined.before.percentile);
    // A peer moves to another grade.
    const moved = await mine(() => database.db.updateTable('members').set({ grade: 3 }).where('code', '=', peers[0]!.code).execute());
    expect(moved.after.peers).toBe(5);
  });

  function rejudgeBoth(uids: number[], answer: string, isCorrect: 0 | 1) {
    return database.db.transaction().execute(async (trx) => {
      if (dialect === 'postgres') {
        // The problems' rows first, in uid order, as the keys' updates take them: two re-judgings
        // of the same problems take turns.
        await trx.selectFrom('problems').select('uid').where('uid', 'in', uids).orderBy('uid').forNoKeyUpdate().execute();
        await trx
          .selectFrom('members')
          .select('code')
          .where('code', 'in', (eb) => eb.selectFrom('solve_attempts').select('member_code').where('problem_uid', 'in', uids))
          .orderBy('code')
          .forNoKeyUpdate()
          .execute();
      }
      await trx.updateTable('solve_attempts').set({ is_correct: isCorrect }).where('problem_uid', 'in', uids).where('answer', '=', answer).execute();
    });
  }

  it('counts every first answer when members answer, whole problems are re-judged and members leave at once, without deadlocks', async () => {
    const [p6, p7] = [p[6]!, p[7]!];
    const versions = [await versionOf(p6), await versionOf(p7)];
    const answersBefore = [(await read(p6, student.onB)).json().answers as number, (await read(p7, student.onB)).json().answers as number];
    const answering = await Promise.all(Array.from({ length: 12 }, () => createMember(database.db)));
    const leaving = await Promise.all(Array.from({ length: 2 }, () => createMember(database.db)));
    for (const member of leaving) for (const uid of [p7, p6]) await insertAnswer(member, uid, '②', false);
    await Promise.all([
      // One first answer per transaction, as every answer route writes it, with the member's card row touched after.
      ...answering.map((member, i) =>
        database.db.transaction().execute(async (trx) => {
          await trx
            .insertInto('solve_attempts')
            .values({ member_code: member.code, problem_uid: i % 2 ? p6 : p7, answer: '③', is_correct: 1, source: 'solve' })
            .execute();
          await trx.selectFrom('members').select('code').where('code', '=', member.code).execute();
        }),
      ),
      // Both problems' answers in one statement (in either order of uids), after the problems' and
      // the answering members' rows, as a key change re-judges them (answers/rejudge.ts): a
      // member's deletion takes the member's row before their answers, so a re-judging that took
      // the answers first would deadlock with it.
      rejudgeBoth([p7, p6], '②', 0),
      rejudgeBoth([p6, p7], '③', 1),
      // Members deleted with their answers to both problems.
      ...leaving.map((member) => database.db.deleteFrom('members').where('code', '=', member.code).execute()),
    ]);
    // Six first answers each, each its own bump, and the statements' bumps besides.
    expect(await versionOf(p6)).toBeGreaterThanOrEqual(versions[0]! + 6);
    expect(await versionOf(p7)).toBeGreaterThanOrEqual(versions[1]! + 6);
    for (const [i, uid] of [p6, p7].entries()) {
      const cached = await read(uid, student.onB);
      expect(cached.body).toBe((await read(uid, student.onB, true)).body);
      expect((cached.json() as ProblemStats).answers).toBe(answersBefore[i]! + 6);
    }
  });
});
