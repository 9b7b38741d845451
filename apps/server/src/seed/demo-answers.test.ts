import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, loginCookie, type TestContext } from '../testing/harness';
import { DEMO_PASSWORD, seedDemoData } from './demo-data';

// A newcomer sees the statistics at once: the demo's class has solved one exam.
describe('demo answers', () => {
  let t: TestContext;
  let exam: number;
  const get = async (url: string, id: string) => t.app.inject({ method: 'GET', url, headers: { cookie: await loginCookie(t.app, id, DEMO_PASSWORD) } });

  beforeAll(async () => {
    t = await createTestContext('sqlite');
    await seedDemoData(t.db, { storage: t.app.ctx.storage });
    const row = await t.db
      .selectFrom('solve_runs')
      .select((eb) => ['test_code', eb.fn.countAll<number>().as('n')])
      .groupBy('test_code')
      .orderBy('n', 'desc')
      .executeTakeFirstOrThrow();
    exam = row.test_code;
  });
  afterAll(async () => t?.close());

  it("shows a lead the exam's item analysis on real numbers, with a problem to check", async () => {
    const analysis = (await get(`/v1/test/${exam}/item-analysis`, 'demo-lead')).json();
    expect(analysis.members).toBeGreaterThanOrEqual(15);
    expect(analysis.kr20).not.toBeNull();
    expect(analysis.items.some((item: { flags: string[] }) => item.flags.includes('probably_miskeyed'))).toBe(true);
    const first = analysis.items[0];
    const stats = (await get(`/v1/problem/${first.uid}/stats`, 'demo-student')).json();
    expect(stats.answers).toBeGreaterThanOrEqual(15);
    expect(stats.correct_rate).not.toBeNull();
  });

  it('shows the demo student their subjects, activity, streak and percentile', async () => {
    const me = (await get('/v1/stats/me', 'demo-student')).json();
    expect(me.by_subject.length).toBeGreaterThanOrEqual(3);
    expect(me.streak_days).toBeGreaterThanOrEqual(5);
    expect(me.by_day.length).toBeGreaterThanOrEqual(10);
    const mine = (await get(`/v1/stats/me/tests/${exam}`, 'demo-student')).json();
    expect(mine.completed).toBe(true);
    expect(mine.percentile).not.toBeNull();
  });
});
