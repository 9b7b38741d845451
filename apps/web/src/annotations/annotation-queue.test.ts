import { afterEach, describe, expect, it } from 'vitest';
import { ApiRequestError } from '../lib/api-client';
import { clearOfflineData, LEGACY_PENDING_HIGHLIGHTS_KEY } from '../lib/offline-data';
import { flushChanges, sendChange, waitingCount, waitingParts, type PendingChange } from './annotation-queue';

const at = (minute: number) => `2026-12-06T10:${String(minute).padStart(2, '0')}:00.000Z`;
const strikes = (uid: number, value: number[], minute: number): PendingChange => ({ part: 'strikes', problem_uid: uid, value, changed_at: at(minute) });
const mark = (uid: number, value: boolean, minute: number): PendingChange => ({ part: 'mark', problem_uid: uid, value, changed_at: at(minute) });
const offline = () => Promise.reject(new ApiRequestError({ status: 0, message: '연결 없음' }));

/** A server that records what reaches it, in order. */
function server() {
  const got: string[] = [];
  const send = async (change: PendingChange) =>
    void got.push(`${change.part}:${change.problem_uid}=${JSON.stringify(change.value)}@${change.changed_at.slice(14, 16)}`);
  return { got, send };
}

// Strikes, highlights and marks made offline wait on the device and go once the connection is back (decision 197).
describe('the annotation queue', () => {
  afterEach(() => localStorage.clear());

  it('shows what waits, and sends only the latest change per problem and part, oldest first', async () => {
    expect(await sendChange(strikes(7, [3], 1), offline)).toBe(false);
    expect(await sendChange(mark(7, true, 2), offline)).toBe(false);
    expect(await sendChange(strikes(8, [1], 3), offline)).toBe(false);
    // Struck then restored: the restoring replaces the strike.
    expect(await sendChange(strikes(7, [], 4), offline)).toBe(false);
    expect(waitingParts(7)).toEqual({ strikes: [], mark: true });
    expect(waitingParts(8)).toEqual({ strikes: [1] });
    expect(waitingParts(9)).toEqual({});

    const { got, send } = server();
    expect(await flushChanges(send)).toBe(3);
    expect(got).toEqual(['mark:7=true@02', 'strikes:8=[1]@03', 'strikes:7=[]@04']);
    expect(waitingCount()).toBe(0);
    // Nothing left: a second flush (a replay on reconnecting twice) sends nothing.
    expect(await flushChanges(send)).toBe(0);
    expect(got).toHaveLength(3);
  });

  it('sends a change made online after the older ones still waiting, and reports it sent', async () => {
    await sendChange(mark(7, true, 1), offline);
    const { got, send } = server();
    expect(await sendChange(strikes(7, [2], 2), send)).toBe(true);
    expect(got).toEqual(['mark:7=true@01', 'strikes:7=[2]@02']);
  });

  it('keeps a change the server refuses for now and stops there; drops one it refuses for good and goes on', async () => {
    await sendChange(strikes(1, [2], 1), offline);
    await sendChange(strikes(2, [3], 2), offline);
    await sendChange(mark(3, true, 3), offline);
    const got: number[] = [];
    const flaky = async (change: PendingChange) => {
      got.push(change.problem_uid);
      if (change.problem_uid === 1) throw new ApiRequestError({ status: 404, message: '문제를 찾을 수 없습니다.' });
      if (change.problem_uid === 2) throw new ApiRequestError({ status: 503, message: '점검 중' });
    };
    expect(await flushChanges(flaky)).toBe(0);
    expect(got).toEqual([1, 2]);
    expect(waitingParts(1)).toEqual({});
    expect(waitingParts(2)).toEqual({ strikes: [3] });
    expect(waitingParts(3)).toEqual({ mark: true });
    // The next try sends both, in order.
    const { got: later, send } = server();
    expect(await flushChanges(send)).toBe(2);
    expect(later).toEqual(['strikes:2=[3]@02', 'mark:3=true@03']);
  });

  it('sends a change made while an older one is on its way after it, once', async () => {
    await sendChange(strikes(4, [1], 1), offline);
    const { got, send } = server();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow = async (change: PendingChange) => {
      if (change.changed_at === at(1)) await held;
      await send(change);
    };
    const flushing = flushChanges(slow);
    const made = sendChange(strikes(4, [1, 2], 2), send);
    release();
    await flushing;
    expect(await made).toBe(true);
    // The first send was already under way when it was replaced: both go, the newer last.
    expect(got).toEqual(['strikes:4=[1]@01', 'strikes:4=[1,2]@02']);
    expect(waitingCount()).toBe(0);
  });

  it('sends one flush at a time however many screens ask', async () => {
    await sendChange(mark(5, true, 1), offline);
    const { got, send } = server();
    await Promise.all([flushChanges(send), flushChanges(send), flushChanges(send)]);
    expect(got).toEqual(['mark:5=true@01']);
  });

  it('takes over highlights kept by the earlier highlight queue', async () => {
    localStorage.setItem(LEGACY_PENDING_HIGHLIGHTS_KEY, JSON.stringify({ 6: { highlights: [{ part: 'question', start: 0, end: 3 }], changed_at: at(1) } }));
    expect(waitingParts(6)).toEqual({ highlights: [{ part: 'question', start: 0, end: 3 }] });
    const { got, send } = server();
    await flushChanges(send);
    expect(got).toEqual(['highlights:6=[{"part":"question","start":0,"end":3}]@01']);
    expect(localStorage.getItem(LEGACY_PENDING_HIGHLIGHTS_KEY)).toBeNull();
  });

  it("goes with the rest of the member's offline data when they leave (a shared computer)", async () => {
    await sendChange(mark(7, true, 1), offline);
    expect(waitingCount()).toBe(1);
    await clearOfflineData();
    expect(waitingCount()).toBe(0);
  });
});
