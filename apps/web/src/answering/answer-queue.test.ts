import type { Attempt } from '@qbank/shared/solve';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../lib/api-client';
import { answerKindOf, memoryAnswerStore, type QueuedAnswer, type QueuedSolveAnswer } from '../lib/offline-data';
import { createAnswerQueue, newClientId, type QueueEvent } from './answer-queue';

let clock = 0;
function answer(over: Partial<QueuedSolveAnswer> = {}): QueuedAnswer {
  clock++;
  return {
    client_id: newClientId(),
    member_code: 1,
    test_code: 10,
    problem_uid: 100 + clock,
    answer: '③',
    local_correct: true,
    queued_at: new Date(Date.UTC(2026, 10, 25, 0, 0, clock)).toISOString(),
    ...over,
  };
}

const offline = () => new ApiRequestError({ status: 0, message: '네트워크 오류', code: 'NETWORK' });

/** A server that records each client_id once, like POST /v1/solve/attempts, and can be taken offline. */
function fakeServer() {
  const records = new Map<string, Attempt>();
  const server = {
    online: true,
    sends: 0,
    failWith: null as ApiRequestError | null,
    records,
    async send(a: QueuedAnswer): Promise<Attempt> {
      server.sends++;
      if (!server.online) throw offline();
      if (server.failWith) throw server.failWith;
      const earlier = records.get(a.client_id);
      if (earlier) return earlier;
      const attempt: Attempt = {
        code: records.size + 1,
        run_code: 1,
        problem_uid: a.problem_uid,
        answer: a.answer,
        // The server judges: here every ③ is wrong, whatever the screen thought.
        is_correct: a.answer !== '③',
        judged_by: 'machine',
        creation_time: a.queued_at,
      };
      records.set(a.client_id, attempt);
      return attempt;
    },
  };
  return server;
}

describe('the offline answer queue', () => {
  it('sends an answer at once when online, keeps nothing, and reports the server verdict', async () => {
    const store = memoryAnswerStore();
    const server = fakeServer();
    const queue = createAnswerQueue(store, server.send);
    const events: QueueEvent<Attempt>[] = [];
    queue.subscribe((event) => events.push(event));
    const outcome = await queue.submit(answer());
    expect(outcome).toMatchObject({ kind: 'sent', record: { is_correct: false } });
    expect(await store.all()).toEqual([]);
    expect(events.map((e) => e.type)).toEqual(['sent']);
  });

  it('keeps answers made offline and sends each exactly once, oldest first, when the connection returns', async () => {
    const store = memoryAnswerStore();
    const server = fakeServer();
    const queue = createAnswerQueue(store, server.send);
    server.online = false;
    const first = answer();
    const second = answer({ answer: '①' });
    expect(await queue.submit(first)).toEqual({ kind: 'kept' });
    expect(await queue.submit(second)).toEqual({ kind: 'kept' });
    expect((await queue.pending(1)).map((a) => a.client_id)).toEqual([first.client_id, second.client_id]);
    // Still offline: the flush stops at the first failure and loses nothing.
    expect(await queue.flush(1)).toBe(0);
    expect(await store.all()).toHaveLength(2);

    server.online = true;
    const sent: QueueEvent<Attempt>[] = [];
    queue.subscribe((event) => sent.push(event));
    // Two flushes at once (the online event and a page start) share one run.
    const [a, b] = await Promise.all([queue.flush(1), queue.flush(1)]);
    expect(a).toBe(2);
    expect(b).toBe(2);
    expect(sent.map((e) => (e.type === 'sent' ? [e.answer.client_id, e.record.is_correct] : e.type))).toEqual([
      [first.client_id, false],
      [second.client_id, true],
    ]);
    expect(server.records.size).toBe(2);
    expect(await store.all()).toEqual([]);
    expect(await queue.flush(1)).toBe(0);
  });

  it('a reply lost on the way: the answer stays queued, and the replay is recognised by its client_id', async () => {
    const store = memoryAnswerStore();
    const server = fakeServer();
    let dropReply = true;
    const queue = createAnswerQueue(store, async (a) => {
      const attempt = await server.send(a);
      if (dropReply) {
        dropReply = false;
        throw offline(); // recorded on the server, but the phone never heard back
      }
      return attempt;
    });
    const made = answer();
    expect(await queue.submit(made)).toEqual({ kind: 'kept' });
    expect(await queue.flush(1)).toBe(1);
    expect(server.sends).toBe(2);
    expect(server.records.size).toBe(1);
    expect(await store.all()).toEqual([]);
  });

  it('drops an answer the server refuses for good, and tells; keeps it on a server error or a lost session', async () => {
    const store = memoryAnswerStore();
    const server = fakeServer();
    const queue = createAnswerQueue(store, server.send);
    const events: QueueEvent<Attempt>[] = [];
    queue.subscribe((event) => events.push(event));

    for (const status of [500, 503, 429, 401]) {
      server.failWith = new ApiRequestError({ status, message: '오류' });
      expect(await queue.submit(answer())).toEqual({ kind: 'kept' });
    }
    expect(await store.all()).toHaveLength(4);
    await store.clear();

    server.failWith = new ApiRequestError({ status: 404, message: '문제를 찾을 수 없습니다.', code: 'NOT_FOUND' });
    expect(await queue.submit(answer())).toEqual({ kind: 'rejected', message: '문제를 찾을 수 없습니다.', code: 'NOT_FOUND' });
    expect(await store.all()).toEqual([]);
    expect(events).toMatchObject([{ type: 'rejected', message: '문제를 찾을 수 없습니다.', code: 'NOT_FOUND' }]);
  });

  it("sends only the signed-in member's answers, and lists one exam's", async () => {
    const store = memoryAnswerStore();
    const server = fakeServer();
    const queue = createAnswerQueue(store, server.send);
    server.online = false;
    const mine = answer();
    const otherExam = answer({ test_code: 11 });
    const theirs = answer({ member_code: 2 });
    for (const a of [mine, otherExam, theirs]) await queue.submit(a);
    expect((await queue.pending(1, (a) => a.test_code === 10)).map((a) => a.client_id)).toEqual([mine.client_id]);
    server.online = true;
    expect(await queue.flush(1)).toBe(2);
    expect((await store.all()).map((a) => a.client_id)).toEqual([theirs.client_id]);
  });

  it('keeps session and review answers in the same queue, in the order they were made, and lists each screen its own', async () => {
    const store = memoryAnswerStore();
    const sent: QueuedAnswer[] = [];
    let online = false;
    const queue = createAnswerQueue(store, async (a) => {
      if (!online) throw offline();
      sent.push(a);
      return a.client_id;
    });
    const solved = answer();
    const inSession: QueuedAnswer = { ...answer(), kind: 'session', session_code: 7, answered_at: '2026-11-25T00:00:30.000Z' };
    const reviewed: QueuedAnswer = { ...answer(), kind: 'review' };
    for (const a of [solved, inSession, reviewed]) expect(await queue.submit(a)).toEqual({ kind: 'kept' });
    const ofSession = await queue.pending(1, (a) => a.kind === 'session' && a.session_code === 7);
    expect(ofSession.map((a) => a.client_id)).toEqual([inSession.client_id]);
    expect((await queue.pending(1, (a) => answerKindOf(a) === 'solve')).map((a) => a.client_id)).toEqual([solved.client_id]);

    // A rating given while the review answer waits goes with it, also after a reload (it is in the store).
    expect(await queue.amend(reviewed.client_id, (a) => (a.kind === 'review' ? { ...a, rating: 'hard' as const } : a))).toBe(true);
    expect((await store.all()).find((a) => a.client_id === reviewed.client_id)).toMatchObject({ kind: 'review', rating: 'hard' });

    online = true;
    expect(await queue.flush(1)).toBe(3);
    expect(sent.map((a) => [answerKindOf(a), a.client_id])).toEqual([
      ['solve', solved.client_id],
      ['session', inSession.client_id],
      ['review', reviewed.client_id],
    ]);
    expect(sent[2]).toMatchObject({ rating: 'hard' });
    // Gone: nothing left to amend.
    expect(await queue.amend(reviewed.client_id, (a) => a)).toBe(false);
  });

  it('an answer on its way is not amended (the screen sends the change once it is recorded)', async () => {
    const store = memoryAnswerStore();
    let release: (value: string) => void = () => undefined;
    const queue = createAnswerQueue(store, () => new Promise<string>((resolve) => (release = resolve)));
    const reviewed: QueuedAnswer = { ...answer(), kind: 'review' };
    const submitted = queue.submit(reviewed);
    await Promise.resolve();
    await Promise.resolve();
    expect(await queue.amend(reviewed.client_id, (a) => ({ ...a, rating: 'easy' }) as QueuedAnswer)).toBe(false);
    release('recorded');
    expect(await submitted).toEqual({ kind: 'sent', record: 'recorded' });
    expect(await store.all()).toEqual([]);
  });

  it('makes random version-4 UUIDs', () => {
    const ids = new Set(Array.from({ length: 50 }, newClientId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('does not send an answer twice when a flush runs while it is being kept', async () => {
    const store = memoryAnswerStore();
    let release: () => void = () => {};
    const put = store.put.bind(store);
    // The first put waits until the flush below has looked at the store (IndexedDB is asynchronous).
    let firstPut = true;
    store.put = async (a: QueuedAnswer) => {
      await put(a);
      if (firstPut) {
        firstPut = false;
        await new Promise<void>((resolve) => (release = resolve));
      }
    };
    const server = fakeServer();
    const queue = createAnswerQueue(store, server.send);
    const events: QueueEvent<Attempt>[] = [];
    queue.subscribe((event) => events.push(event));
    const submitted = queue.submit(answer());
    const flushed = queue.flush(1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    await Promise.all([submitted, flushed]);
    expect(server.sends).toBe(1);
    expect(events.map((event) => event.type)).toEqual(['sent']);
  });

  it('a flush ends after the answers a screen is sending, so a call made after it (finishing a session) reaches the server after them', async () => {
    const store = memoryAnswerStore();
    const order: string[] = [];
    let release: () => void = () => {};
    const queue = createAnswerQueue(store, () => new Promise<string>((resolve) => (release = () => resolve('recorded'))));
    const submitted = queue.submit(answer()).then(() => order.push('answer recorded'));
    const flushed = queue.flush(1).then(() => order.push('flushed'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual([]);
    release();
    await Promise.all([submitted, flushed]);
    expect(order).toEqual(['answer recorded', 'flushed']);
  });
});
