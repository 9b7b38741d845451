import { signIn } from '../support/content-fixtures';
import { expect, test } from '../support/fixtures';
import { OFFLINE_CONSOLE_ERRORS } from '../support/offline';

// The review deck on the subway (decisions 054, 205): the deck carries card data and the screen
// reads each problem from GET /v1/problem?uid=N, all of them when the deck arrives, so one visit
// online is enough for every problem of the deck to open again with no connection after a reload.

test.use({ allowedConsoleErrors: OFFLINE_CONSOLE_ERRORS });

test('the whole review deck opens offline after one visit online', async ({ page, context }) => {
  await signIn(page, 'demo-student', '/home');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  const deck = (await (await page.request.get('/v1/study/review')).json()) as { problems: Array<{ problem_uid: number }> };
  const uids = deck.problems.map((card) => card.problem_uid);
  expect(uids.length).toBeGreaterThan(1);

  await page.goto('/study/review');
  await expect(page.getByRole('heading', { level: 2, name: '1번 문제' })).toBeVisible();
  // The worker kept the deck and every problem's read, not only the one on screen.
  const kept = (urls: string[]) =>
    page.evaluate(async (all) => {
      const api = await caches.open('qbank-api');
      const found = await Promise.all(all.map(async (url) => Boolean(await api.match(url, { ignoreVary: true }))));
      return all.filter((_, i) => !found[i]);
    }, urls);
  await expect.poll(() => kept(['/v1/study/review', ...uids.map((uid) => `/v1/problem?uid=${uid}`)]), { timeout: 30_000 }).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: '오프라인' })).toBeVisible();
  for (let n = 1; n <= uids.length; n++) {
    await expect(page.getByRole('heading', { level: 2, name: `${n}번 문제` })).toBeVisible();
    await expect(page.getByTestId('review-problem-notice')).toHaveCount(0);
    if (n < uids.length) await page.getByRole('button', { name: '다음 문제' }).click();
  }
  await context.setOffline(false);
});
