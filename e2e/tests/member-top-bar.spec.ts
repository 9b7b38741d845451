import type { Browser, Page } from '@playwright/test';
import { E2E_BASE_URL } from '../support/browser';
import { DEMO_PASSWORD, expect, test } from '../support/fixtures';
import { signIn } from '../support/sign-in';

// Issue 26 item 14: a signed-in member's top bar shows the bell, the dashboard and 로그아웃 with
// the first render and in the server's drawing of a page, not once the page has settled (their
// code still waits for that, decision 065: stand-ins of the same look hold their places, and the
// real parts take them over without moving anything).

declare global {
  interface Window {
    qbankIdle?: Array<() => void>;
  }
}

/** Idle callbacks are held, so the page does not settle until the test lets it (`settle`). */
async function holdIdleCallbacks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.qbankIdle = [];
    window.requestIdleCallback = (callback) => window.qbankIdle!.push(() => callback({ didTimeout: false, timeRemaining: () => 50 }));
    window.cancelIdleCallback = () => undefined;
  });
}

const runHeldIdleCallbacks = (page: Page) => page.evaluate(() => window.qbankIdle!.splice(0).forEach((run) => run()));

const topBar = (page: Page) => page.locator('header').first();

test('the bell, the dashboard and 로그아웃 are there before the page settles, and stay put when it does', async ({ page }) => {
  await signIn(page, 'demo-student', '/home');
  await holdIdleCallbacks(page);
  await page.goto('/exams');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const bar = topBar(page);
  const bell = bar.getByRole('button', { name: /^알림/ });
  const dashboard = bar.getByRole('link', { name: '대시보드' });
  const logout = bar.getByRole('button', { name: '로그아웃' });
  for (const part of [bell, dashboard, logout]) await expect(part).toBeVisible();
  // Not settled yet: the bell's own code (its popover) has not loaded.
  await expect(page.getByTestId('notification-bell')).toHaveCount(0);
  const before = await Promise.all([bell, dashboard, logout].map((part) => part.boundingBox()));

  await expect
    .poll(async () => {
      await runHeldIdleCallbacks(page);
      return page.getByTestId('notification-bell').count();
    })
    .toBe(1);
  expect(await Promise.all([bell, dashboard, logout].map((part) => part.boundingBox()))).toEqual(before);
});

test('로그아웃 pressed before the page has settled logs out', async ({ page }) => {
  await signIn(page, 'demo-student', '/home');
  await holdIdleCallbacks(page);
  await page.goto('/exams');
  await topBar(page).getByRole('button', { name: '로그아웃' }).click();
  await expect(topBar(page).getByRole('link', { name: '로그인' })).toBeVisible();
  expect((await page.request.get('/v1/auth/me')).status()).toBe(401);
});

test('the bell pressed before the page has settled opens the notifications', async ({ page }) => {
  await signIn(page, 'demo-student', '/home');
  await holdIdleCallbacks(page);
  await page.goto('/exams');
  await topBar(page).getByRole('button', { name: /^알림/ }).click();
  await expect(page.getByRole('dialog', { name: '알림' })).toBeVisible();
});

async function drawnPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, viewport: { width, height: 800 }, javaScriptEnabled: false, locale: 'ko-KR' });
  const login = await context.request.post('/v1/auth/login', { data: { id: 'demo-student', email: 'demo-student', password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  return context.newPage();
}

test("the server's drawing of a reading page has the member's top bar", async ({ browser }) => {
  const { tests } = (await (await (await drawnPage(browser, 1280)).request.get('/v1/test/tests?limit=100')).json()) as { tests: Array<{ test_code: number }> };
  const code = tests[0]!.test_code;
  for (const width of [1280, 375]) {
    const page = await drawnPage(browser, width);
    await page.goto(`/tests/${code}/problems`);
    // No script ran: what is on screen is the server's drawing.
    const paint = page.locator('#qbank-paint');
    await expect(paint).toBeVisible();
    await expect(paint.locator('header').getByRole('button', { name: /^알림/ })).toBeVisible();
    if (width === 1280) {
      await expect(paint.locator('header').getByRole('button', { name: '로그아웃' })).toBeVisible();
      await expect(paint.locator('header').getByRole('link', { name: '대시보드' })).toBeVisible();
    }
    await page.context().close();
  }
});
