import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MemberRow } from '../db/schema';
import type { ReviewCount, ReviewDeck } from '@qbank/shared/review';
import type { StatsMe } from '@qbank/shared/stats';
import { rejudgeProblemAnswers } from '../answers/rejudge';
import { lockMembersOfProblem } from '../answers/rejudge-repository';
import { dropReviewCards } from '../answers/review-cards-repository';
import { rescheduleReviewCard } from '../study/review-service';
import { createMember, loginCookie, openTestDatabase, testDialects, twoProcessApps, type TestDatabase } from '../testing/harness';
import { createProblem, createSubject, createTest } from '../testing/factories';

// Decision 061. Two apps on one database stand in for two processes, each with its own member
// cache: every write goes through app A (or straight into the tables, as an import script or a
// write path added later would make it), every read is answered by app B. After each write, B's
// answer — from its cache when the versions say so — must be byte for byte what B computes afresh
// (Cache-Control: no-cache), and must show the write.
const READS = {
  stats: '/v1/stats/me',
  deck: '/v1/study/review',
  due: '/v1/study/review/count',
  unseen: '/v1/study/sessions/count?filter=unseen',
  wrong: '/v1/study/sessions/count?filter=wrong',
  marked: '/v1/study/sessions/count?filter=marked',
  confused: '/v1/study/sessions/count?filter=confused',
} as const;
interface Count {
  count: number;
}
interface Answers {
  stats: StatsMe;
  deck: ReviewDeck;
  due: ReviewCount;
  unseen: Count;
  wrong: Count;
  marked: Count;
  confused: Count;
}

const DAY = 86_400_000;
const CHOICES = '① 가\n② 나\n③ 다\n④ 라\n⑤ 마';

describe.each(testDialects)('per-member caches on %s', (dialect) => {
  let database: TestDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let leadOnA: string;
  let student: { member: MemberRow; onA: string; onB: string };
  let other: { member: MemberRow; onA: string; onB: string };
  let exam: number;
  const p: number[] = [];

  const inject = (app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  async function write(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object) {
    const response = await inject(a, method, url, cookie, payload);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.json();
  }
  async function read(url: string, cookie: string, fresh = false) {
    const response = await b.inject({ method: 'GET', url, headers: { cookie, ...(fresh ? { 'cache-control': 'no-cache' } : {}) } });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response;
  }
  async function readAll(cookie: string): Promise<Answers> {
    const answers: Record<string, unknown> = {};
    for (const [name, url] of Object.entries(READS)) answers[name] = (await read(url, cookie)).json();
    return answers as unknown as Answers;
  }
  /**
   * B's reads of the member, cached before `change` and read again after it: each must equal a
   * fresh computation. Returns both sides for the caller to check what moved.
   */
  async function around(who: { onB: string }, change: () => Promise<unknown>): Promise<{ before: Answers; after: Answers }> {
    // The first round may sync the review deck, a write that raises the version the reads before it were stored at.
    await readAll(who.onB);
    const before = await readAll(who.onB);
    const hits = b.ctx.memberCache.stats.hits;
    await readAll(who.onB);
    expect(b.ctx.memberCache.stats.hits, 'the second round is answered from the cache').toBe(hits + Object.keys(READS).length);
    await change();
    const after: Record<string, unknown> = {};
    for (const [name, url] of Object.entries(READS)) {
      const cached = await read(url, who.onB);
      const fresh = await read(url, who.onB, true);
      expect(cached.body, `${name} after the write`).toBe(fresh.body);
      after[name] = cached.json();
    }
    return { before, after: after as unknown as Answers };
  }
  const answeredByDay = (answers: Answers) => answers.stats.by_day.reduce((sum, day) => sum + day.answered, 0);
  const activityOf = async (member: MemberRow) =>
    Number((await database.db.selectFrom('members').select('activity_version').where('code', '=', member.code).executeTakeFirstOrThrow()).activity_version);

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    [a, b] = await twoProcessApps(database);
    leadOnA = await loginCookie(a, (await createMember(database.db, { role: 'lead' })).id);
    const signedIn = async () => {
      const member = await createMember(database.db);
      return { member, onA: await loginCookie(a, member.id), onB: await loginCookie(b, member.id) };
    };
    student = await signedIn();
    other = await signedIn();
    exam = await createTest(database.db, { subject_code: await createSubject(database.db, { subject_name: '순환기학' }), test_name: '중간고사' });
    for (let no = 1; no <= 10; no += 1) p.push(await createProblem(database.db, { test_code: exam, no, illustration: CHOICES, answer: '③' }));
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.close();
  });

  it('answers a repeat from the cache with the same bytes and headers, per member, and still checks the member', async () => {
    const first = await read(READS.stats, student.onB);
    const hits = b.ctx.memberCache.stats.hits;
    const second = await read(READS.stats, student.onB);
    expect(b.ctx.memberCache.stats.hits).toBe(hits + 1);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.headers['content-length']).toBe(first.headers['content-length']);

    // The other member's answer to the same URL is theirs, not the cached one.
    await write('POST', '/v1/solve/attempts', other.onA, { problem_uid: p[9], answer: '①' });
    expect((await read(READS.stats, other.onB)).json().totals.answered).toBe(1);
    expect((await read(READS.stats, student.onB)).json().totals.answered).toBe(0);
    // A member's write leaves another member's entries valid.
    const before = b.ctx.memberCache.stats.hits;
    await write('POST', '/v1/solve/attempts', other.onA, { problem_uid: p[9], answer: '③' });
    await read(READS.stats, student.onB);
    expect(b.ctx.memberCache.stats.hits).toBe(before + 1);

    // The guard still runs first: a stored answer is no way past a signed-out or revoked token.
    expect((await b.inject({ method: 'GET', url: READS.stats })).statusCode).toBe(401);
    const revoked = await createMember(database.db);
    const cookie = await loginCookie(b, revoked.id);
    await read(READS.due, cookie);
    await database.db.updateTable('members').set({ token_version: 1 }).where('code', '=', revoked.code).execute();
    expect((await b.inject({ method: 'GET', url: READS.due, headers: { cookie } })).statusCode).toBe(401);
  });

  it('syncs the review deck once when many reads of one member ask for it at once after an answer', async () => {
    await write('POST', '/v1/solve/attempts', student.onA, { problem_uid: p[8], answer: '①' });
    const { misses, shared } = b.ctx.memberCache.stats;
    const decksCount = 6;
    const decks = await Promise.all(Array.from({ length: decksCount }, () => read(READS.deck, student.onB)));
    // The sync raises the member's version: a read whose guard ran after that write asks for the
    // new version and computes again (or finds the body stored under it). Most wait for the first.
    expect(b.ctx.memberCache.stats.misses - misses, 'fewer computations than reads').toBeLessThan(decksCount);
    expect(b.ctx.memberCache.stats.shared - shared, 'the others waited for it').toBeGreaterThanOrEqual(1);
    expect(new Set(decks.map((deck) => deck.body)).size).toBe(1);
    expect(decks[0]!.body).toBe((await read(READS.deck, student.onB, true)).body);
  });

  it('follows a solve-mode answer made on the other process', async () => {
    const { before, after } = await around(student, () => write('POST', '/v1/solve/attempts', student.onA, { problem_uid: p[0], answer: '①' }));
    expect(after.stats.totals.answered).toBe(before.stats.totals.answered + 1);
    expect(after.unseen.count).toBe(before.unseen.count - 1);
    expect(after.wrong.count).toBe(before.wrong.count + 1);
  });

  it('follows a study session answer', async () => {
    // A session over an exam of its own, so that the draw cannot take a problem another test uses.
    const sessionExam = await createTest(database.db, { subject_code: await createSubject(database.db), test_name: '세션 시험' });
    await createProblem(database.db, { test_code: sessionExam, no: 1, illustration: CHOICES, answer: '③' });
    const { session } = await write('POST', '/v1/study/sessions', student.onA, {
      filter: 'unseen',
      scope: { test_codes: [sessionExam] },
      count: 1,
      order: 'exam',
      mode: 'tutor',
    });
    const [uid] = session.problem_uids as number[];
    const { before, after } = await around(student, () =>
      write('POST', `/v1/study/sessions/${session.code}/answers`, student.onA, { problem_uid: uid, answer: '③' }),
    );
    expect(after.stats.totals).toMatchObject({ answered: before.stats.totals.answered + 1, correct: before.stats.totals.correct + 1 });
    expect(after.unseen.count).toBe(before.unseen.count - 1);
  });

  it('follows review answers, ratings and the cards behind the deck', async () => {
    // An answer three days old (an import, straight into the table): its card is due now.
    const { before, after } = await around(student, () =>
      database.db
        .insertInto('solve_attempts')
        .values({
          member_code: student.member.code,
          problem_uid: p[1]!,
          answer: '①',
          is_correct: 0,
          source: 'session',
          creation_time: new Date(Date.now() - 3 * DAY).toISOString(),
        })
        .execute(),
    );
    expect(after.due.due_count).toBe(before.due.due_count + 1);
    expect(after.deck.problems.map((row) => row.problem_uid)).toContain(p[1]);

    // Answered right in the review: not due any more.
    const reviewed = await around(student, () => write('POST', `/v1/study/review/${p[1]}`, student.onA, { answer: '③' }));
    expect(reviewed.after.due.due_count).toBe(after.due.due_count - 1);
    // A repeated answer: not a first answer, but a day's activity.
    expect(answeredByDay(reviewed.after)).toBe(answeredByDay(after) + 1);
    // The self-rating rebuilds the card (nothing due changes; the reads still match a fresh computation).
    await around(student, () => write('PUT', `/v1/study/review/${p[1]}/rating`, student.onA, { rating: 'again' }));

    // A card older than its answers, then dropped on its own (as re-judging drops cards): the
    // next read rebuilds it from the answers, and the cached deck must follow the card rows.
    await write('POST', '/v1/solve/attempts', student.onA, { problem_uid: p[2], answer: '①' });
    const stale = await around(student, () =>
      database.db
        .updateTable('solve_attempts')
        .set({ creation_time: new Date(Date.now() - 3 * DAY).toISOString() })
        .where('member_code', '=', student.member.code)
        .where('problem_uid', '=', p[2]!)
        .execute(),
    );
    expect(stale.after.due.due_count).toBe(stale.before.due.due_count);
    const dropped = await around(student, () => dropReviewCards(database.db, p[2]!, student.member.code));
    expect(dropped.after.due.due_count).toBe(stale.after.due.due_count + 1);
  });

  it("re-judges other members' answers when a lead changes the key, and when a dispute is accepted", async () => {
    await write('POST', '/v1/solve/attempts', other.onA, { problem_uid: p[3], answer: '①' });
    const activity = await activityOf(other.member);
    const keyed = await around(other, () => write('PATCH', `/v1/problem/${p[3]}`, leadOnA, { answer: '①' }));
    expect(await activityOf(other.member)).toBeGreaterThan(activity);
    expect(keyed.after.stats.totals.correct).toBe(keyed.before.stats.totals.correct + 1);
    expect(keyed.after.wrong.count).toBe(keyed.before.wrong.count - 1);

    await write('POST', '/v1/solve/attempts', other.onA, { problem_uid: p[4], answer: '②' });
    const { dispute } = await write('POST', `/v1/problem/${p[4]}/disputes`, other.onA, { claimed_answer: '②', reason: '교과서에 따르면 ②가 맞습니다.' });
    const ruled = await around(other, () =>
      write('POST', `/v1/disputes/${dispute.code}/ruling`, leadOnA, { decision: 'accepted', reason: '확인 결과 ②가 정답입니다.' }),
    );
    expect(ruled.after.stats.totals.correct).toBe(ruled.before.stats.totals.correct + 1);
    expect(ruled.after.wrong.count).toBe(ruled.before.wrong.count - 1);
  });

  it('follows a deleted problem', async () => {
    await write('POST', '/v1/solve/attempts', student.onA, { problem_uid: p[5], answer: '①' });
    const { before, after } = await around(student, () => write('DELETE', `/v1/problem/${p[5]}`, leadOnA));
    expect(after.stats.totals.answered).toBe(before.stats.totals.answered - 1);
    expect(after.wrong.count).toBe(before.wrong.count - 1);
  });

  it('follows notes and boxes, through the API and straight in the tables', async () => {
    const confused = await around(student, () => write('PUT', `/v1/problem/${p[6]}/confused`, student.onA, { is_confused: true }));
    expect(confused.after.confused.count).toBe(confused.before.confused.count + 1);
    const cleared = await around(student, () =>
      database.db.updateTable('problem_notes').set({ is_confused: 0 }).where('member_code', '=', student.member.code).execute(),
    );
    expect(cleared.after.confused.count).toBe(0);

    const { important } = await write('POST', '/v1/box/solve-boxes', student.onA);
    const marked = await around(student, () => write('POST', `/v1/box/${important.code}/problem/${p[7]}`, student.onA));
    expect(marked.after.marked.count).toBe(marked.before.marked.count + 1);
    const unmarked = await around(student, () => database.db.deleteFrom('box_problems').where('box_code', '=', important.code).execute());
    expect(unmarked.after.marked.count).toBe(marked.before.marked.count);
    await write('POST', `/v1/box/${important.code}/problem/${p[7]}`, student.onA);
    const moved = await around(student, () => database.db.updateTable('boxes').set({ solve_slot: null }).where('code', '=', important.code).execute());
    expect(moved.after.marked.count).toBe(marked.before.marked.count);
  });

  it('follows answers changed and deleted straight in the table', async () => {
    const answers = database.db.selectFrom('solve_attempts').select('code').where('member_code', '=', student.member.code).where('problem_uid', '=', p[0]!);
    const corrected = await around(student, () => database.db.updateTable('solve_attempts').set({ is_correct: 1 }).where('code', 'in', answers).execute());
    expect(corrected.after.stats.totals.correct).toBe(corrected.before.stats.totals.correct + 1);
    const deleted = await around(student, () =>
      database.db.deleteFrom('solve_attempts').where('member_code', '=', student.member.code).where('problem_uid', '=', p[0]!).execute(),
    );
    expect(deleted.after.stats.totals.answered).toBe(deleted.before.stats.totals.answered - 1);
    expect(deleted.after.unseen.count).toBe(deleted.before.unseen.count + 1);
  });

  it('lets a card fall due, and the day turn, with no write at all', async () => {
    // A minute before the next midnight in Seoul (15:00 UTC); the tokens stay valid.
    const midnight = new Date(Math.ceil((Date.now() + 9 * 3_600_000) / DAY) * DAY - 9 * 3_600_000);
    const seoulDate = (at: number) => new Date(at + 9 * 3_600_000).toISOString().slice(0, 10);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(midnight.getTime() - 60_000));
    await write('POST', '/v1/solve/attempts', student.onA, { problem_uid: p[8], answer: '①' });
    await readAll(student.onB);
    const before = await readAll(student.onB);
    const hits = b.ctx.memberCache.stats.hits;
    expect(await readAll(student.onB)).toEqual(before);
    expect(b.ctx.memberCache.stats.hits).toBe(hits + Object.keys(READS).length);
    expect(before.stats.today).toBe(seoulDate(midnight.getTime() - 60_000));

    vi.setSystemTime(midnight);
    const nextDay = (await read(READS.stats, student.onB)).json();
    expect(nextDay.today).toBe(seoulDate(midnight.getTime()));
    expect(nextDay.today).not.toBe(before.stats.today);
    expect((await read(READS.stats, student.onB, true)).json()).toEqual(nextDay);
    // The card of the wrong answer is due a day after it; one second short of that, it is not yet
    // (other cards may have come due in the meantime: each read must match a fresh one).
    const card = await database.db
      .selectFrom('review_cards')
      .select('due')
      .where('member_code', '=', student.member.code)
      .where('problem_uid', '=', p[8]!)
      .executeTakeFirstOrThrow();
    const uids = (deck: { problems: Array<{ problem_uid: number }> }) => deck.problems.map((row) => row.problem_uid);
    const settled = async () => {
      const due = await read(READS.due, student.onB);
      const deck = await read(READS.deck, student.onB);
      expect(due.body).toBe((await read(READS.due, student.onB, true)).body);
      expect(deck.body).toBe((await read(READS.deck, student.onB, true)).body);
      return { count: due.json().due_count as number, uids: uids(deck.json()) };
    };
    vi.setSystemTime(new Date(Date.parse(card.due) - 1000));
    await readAll(student.onB);
    const early = await settled();
    expect(early.uids).not.toContain(p[8]);
    vi.setSystemTime(new Date(Date.parse(card.due)));
    const late = await settled();
    expect(late.uids).toContain(p[8]);
    expect(late.count).toBe(early.count + 1);
  });

  // PostgreSQL only: SQLite has one writer at a time, and its triggers lock nothing.
  it.skipIf(dialect !== 'postgres')('re-judges a problem while a member answers it in review, without a deadlock', async () => {
    const uid = await createProblem(database.db, { test_code: exam, no: 20, illustration: CHOICES, answer: '③' });
    const member = other.member;
    // A self-judged answer (re-judging leaves it alone, so the member's row is not taken with the answers) and its card.
    await database.db
      .insertInto('solve_attempts')
      .values({
        member_code: member.code,
        problem_uid: uid,
        answer: '④',
        is_correct: 1,
        judged_by: 'self',
        source: 'solve',
        creation_time: new Date(Date.now() - 3 * DAY).toISOString(),
      })
      .execute();
    await read(READS.due, other.onB);
    let answered!: () => void;
    let goOn!: () => void;
    const answerStored = new Promise<void>((resolve) => (answered = resolve));
    const cardMayFollow = new Promise<void>((resolve) => (goOn = resolve));
    // A review answer as answerReview writes it: the answer (which takes the member's row), then the card.
    const answering = database.db.transaction().execute(async (trx) => {
      await trx.insertInto('solve_attempts').values({ member_code: member.code, problem_uid: uid, answer: '③', is_correct: 1, source: 'review' }).execute();
      answered();
      await cardMayFollow;
      await rescheduleReviewCard(trx, member.code, uid);
    });
    await answerStored;
    // Meanwhile a lead changes the key: the answers are judged again and the problem's cards dropped.
    const rejudging = database.db.transaction().execute(async (trx) => {
      await trx.updateTable('problems').set({ answer: '④' }).where('uid', '=', uid).execute();
      await rejudgeProblemAnswers(trx, dialect, uid);
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    goOn();
    await Promise.all([answering, rejudging]);
  });

  it('counts every committed write when answers and re-judgings run at once, without deadlocks', async () => {
    const members = [student.member, other.member];
    const before = await Promise.all(members.map(activityOf));
    const answer = (member: MemberRow) => ({ member_code: member.code, problem_uid: p[9]!, answer: '①', is_correct: 0, source: 'solve' as const });
    await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        i % 3 === 2
          ? // Every member's answers to the problem in one statement, as a key change re-judges
            // them (answers/rejudge.ts): after the problem's row (the key's update takes it, so
            // two re-judgings of one problem take turns) and its members' rows. Two bare statements
            // over the same rows can deadlock on PostgreSQL (each re-reads the rows the other moved).
            database.db.transaction().execute(async (trx) => {
              if (dialect === 'postgres') {
                await trx.selectFrom('problems').select('uid').where('uid', '=', p[9]!).forNoKeyUpdate().execute();
                await lockMembersOfProblem(trx, p[9]!);
              }
              await trx.updateTable('solve_attempts').set({ is_correct: 0 }).where('problem_uid', '=', p[9]!).execute();
            })
          : database.db.transaction().execute(async (trx) => {
              await trx
                .insertInto('solve_attempts')
                .values(answer(members[i % 2]!))
                .execute();
              await trx
                .insertInto('solve_attempts')
                .values(answer(members[i % 2]!))
                .execute();
            }),
      ),
    );
    const after = await Promise.all(members.map(activityOf));
    // Each member's 8 two-insert transactions at least (SQLite's row triggers count rows, PostgreSQL's statements).
    expect(after[0]! - before[0]!).toBeGreaterThanOrEqual(16);
    expect(after[1]! - before[1]!).toBeGreaterThanOrEqual(16);
    await around(student, () => database.db.updateTable('solve_attempts').set({ is_correct: 1 }).where('problem_uid', '=', p[9]!).execute());
  });
});
