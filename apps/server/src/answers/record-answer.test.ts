import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conflict } from '../errors';
import { createProblem, createSubject, createTest } from '../testing/factories';
import { createMember, openTestDatabase, testDialects, type TestDatabase } from '../testing/harness';
import { recordAnswer, type AnswerPlace, type ProblemKey } from './service';

// The one way every feature records an answer (decision 134): once per client_id, by an insert
// that does nothing when the id is taken, never by a read before it.

describe.each(testDialects)('recordAnswer on %s', (dialect) => {
  let database: TestDatabase;
  let problem: ProblemKey;
  let examCode: number;

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    examCode = await createTest(database.db, { subject_code: await createSubject(database.db) });
    const uid = await createProblem(database.db, { test_code: examCode, no: 1, illustration: '① 가\n② 나\n③ 다', answer: '③' });
    problem = await database.db.selectFrom('problems').select(['uid', 'type', 'answer']).where('uid', '=', uid).executeTakeFirstOrThrow();
  });
  afterAll(async () => {
    await database?.close();
  });

  const review: AnswerPlace = { source: 'review', review_rating: null };
  const send = (memberCode: number, clientId: string | null, answer = '③', admit = async () => problem) =>
    recordAnswer(database.db, { memberCode, clientId, answer, admit, place: async () => review });
  const rowsOf = (memberCode: number) =>
    database.db.selectFrom('solve_attempts').select(['code', 'is_correct']).where('member_code', '=', memberCode).execute();

  it('judges with the shared rule and records each send without a client_id', async () => {
    const member = await createMember(database.db);
    const right = await send(member.code, null, '③');
    const wrong = await send(member.code, null, '①');
    expect([right.replayed, right.answer.is_correct, wrong.replayed, wrong.answer.is_correct]).toEqual([false, true, false, false]);
    expect(await rowsOf(member.code)).toHaveLength(2);
  });

  it('records sends of one client_id once, at once or later, and answers the others with the first record', async () => {
    const member = await createMember(database.db);
    const sent = await Promise.all([1, 2, 3, 4].map(() => send(member.code, 'offline-1')));
    const later = await send(member.code, 'offline-1');
    const all = [...sent, later];
    expect(all.filter((result) => !result.replayed)).toHaveLength(1);
    expect(new Set(all.map((result) => result.answer.code)).size).toBe(1);
    expect(await rowsOf(member.code)).toHaveLength(1);
  });

  it('undoes what a replayed send wrote before its insert met the first record', async () => {
    const member = await createMember(database.db);
    const sendOpeningARun = () =>
      recordAnswer(database.db, {
        memberCode: member.code,
        clientId: 'offline-2',
        answer: '③',
        admit: async () => problem,
        place: async (trx) => {
          const run = await trx
            .insertInto('solve_runs')
            .values({ member_code: member.code, test_code: examCode, creation_time: new Date().toISOString(), is_open: null })
            .returning('code')
            .executeTakeFirstOrThrow();
          return { source: 'solve', run_code: run.code };
        },
      });
    const first = await sendOpeningARun();
    const again = await sendOpeningARun();
    expect([first.replayed, again.replayed, again.answer.code]).toEqual([false, true, first.answer.code]);
    const runs = await database.db.selectFrom('solve_runs').select('code').where('member_code', '=', member.code).execute();
    expect(runs.map((run) => run.code)).toEqual([first.answer.run_code]);
  });

  it('answers a send the feature refuses with the first record when its id names one, else with the refusal', async () => {
    const member = await createMember(database.db);
    const first = await send(member.code, 'offline-3');
    const refuse = async (): Promise<ProblemKey> => {
      throw conflict('이미 끝난 학습입니다.');
    };
    const replayed = await send(member.code, 'offline-3', '③', refuse);
    expect([replayed.replayed, replayed.answer.code]).toEqual([true, first.answer.code]);
    await expect(send(member.code, 'offline-4', '③', refuse)).rejects.toMatchObject({ statusCode: 409 });
    expect(await rowsOf(member.code)).toHaveLength(1);
  });
});
