import { afterEach, describe, expect, it } from 'vitest';
import { ApiRequestError } from '../lib/api-client';
import { flushHighlights, sendHighlights, waitingHighlights } from './highlight-queue';

const change = (at: string) => ({ highlights: [{ part: 'question' as const, start: 0, end: 3 }], changed_at: at });
const offline = () => Promise.reject(new ApiRequestError({ status: 0, message: '연결 없음' }));

// Highlights made offline wait on the device and go once the connection is back.
describe('the highlight queue', () => {
  afterEach(() => localStorage.clear());

  it('keeps a change made offline, shows it, and sends the latest one per problem later', async () => {
    expect(await sendHighlights(7, change('2026-11-28T01:00:00.000Z'), offline)).toBe(false);
    expect(await sendHighlights(7, change('2026-11-28T02:00:00.000Z'), offline)).toBe(false);
    expect(waitingHighlights(7)?.changed_at).toBe('2026-11-28T02:00:00.000Z');
    const sent: Array<[number, string]> = [];
    await flushHighlights(async (uid, pending) => void sent.push([uid, pending.changed_at]));
    expect(sent).toEqual([[7, '2026-11-28T02:00:00.000Z']]);
    expect(waitingHighlights(7)).toBeUndefined();
  });

  it('drops a change the server refuses for good, keeps one it refuses for now', async () => {
    await sendHighlights(8, change('2026-11-28T01:00:00.000Z'), () =>
      Promise.reject(new ApiRequestError({ status: 404, message: '문제를 찾을 수 없습니다.' })),
    );
    expect(waitingHighlights(8)).toBeUndefined();
    await sendHighlights(9, change('2026-11-28T01:00:00.000Z'), () => Promise.reject(new ApiRequestError({ status: 503, message: '점검 중' })));
    expect(waitingHighlights(9)).toBeDefined();
  });
});
