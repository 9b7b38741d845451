import { afterEach, describe, expect, it } from 'vitest';
import { answerStore, claimOfflineData, clearOfflineData, markExamSaved, savedExams, subscribeOfflineData, type QueuedAnswer } from './offline-data';

const queued = (member_code: number): QueuedAnswer => ({
  client_id: `0000000${member_code}-0000-4000-8000-000000000000`,
  member_code,
  test_code: 3,
  problem_uid: 11,
  answer: '②',
  local_correct: true,
  queued_at: '2026-11-25T01:00:00.000Z',
});

describe('offline data of one member on a shared computer (decision 041)', () => {
  afterEach(() => clearOfflineData());

  it('keeps the member’s queue and saved exams while the same member signs in again', async () => {
    await claimOfflineData(1);
    await answerStore.put(queued(1));
    markExamSaved(3, '2026-11-25T01:00:00.000Z');
    await claimOfflineData(1);
    expect(await answerStore.all()).toHaveLength(1);
    expect(savedExams()).toEqual({ 3: '2026-11-25T01:00:00.000Z' });
  });

  it('clears everything when another member signs in, and on logout, and tells the listeners', async () => {
    await claimOfflineData(1);
    await answerStore.put(queued(1));
    markExamSaved(3, '2026-11-25T01:00:00.000Z');
    let told = 0;
    const unsubscribe = subscribeOfflineData(() => told++);
    await claimOfflineData(2);
    expect(await answerStore.all()).toEqual([]);
    expect(savedExams()).toEqual({});
    expect(told).toBeGreaterThan(0);

    await answerStore.put(queued(2));
    await clearOfflineData();
    expect(await answerStore.all()).toEqual([]);
    unsubscribe();
  });
});
