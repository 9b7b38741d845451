import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, loginCookie, testDialects, type TestContext } from '../testing/harness';
import { DEMO_PASSWORD, seedDemoData } from './demo-data';

describe.each(testDialects)('demo study sessions on %s', (dialect) => {
  let t: TestContext;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestContext(dialect);
    await seedDemoData(t.db, { storage: t.app.ctx.storage });
    cookie = await loginCookie(t.app, 'demo-student', DEMO_PASSWORD);
  });
  afterAll(async () => t?.close());

  it('gives demo-student a finished tutor and a finished timed session, with results and misses to retry', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/v1/study/sessions', headers: { cookie } })).json();
    expect(list.sessions.map((s: { mode: string }) => s.mode)).toEqual(['timed', 'tutor']);
    for (const summary of list.sessions) {
      expect(summary.finish_time).not.toBeNull();
      const detail = (await t.app.inject({ method: 'GET', url: `/v1/study/sessions/${summary.code}`, headers: { cookie } })).json();
      expect(detail.result.total).toBe(detail.problems.length);
      expect(detail.result.correct).toBeGreaterThan(0);
      expect(detail.result.correct).toBeLessThan(detail.result.total);
      expect(detail.problems.every((problem: { answer: string }) => problem.answer !== '')).toBe(true);
    }
    const tutor = list.sessions[1];
    expect(tutor).toMatchObject({ total: 10, answered: 10, correct: 8 });
    const timed = list.sessions[0];
    expect(timed).toMatchObject({ total: 20, answered: 18, correct: 13 });
  });
});
