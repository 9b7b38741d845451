import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures';
import { signIn } from '../support/sign-in';

// Issue 30 item 5 (decision 166): 다크 in the member's settings, drawn before the first paint, and
// every screen readable in it: axe (contrast included) on the dashboard, the stats page and the
// answering screens (solve mode, a timed study session).

async function chooseDark(page: Page): Promise<void> {
  await page.goto('/dashboard/settings/look');
  await expect(page.getByRole('heading', { level: 1, name: '화면 설정' })).toBeVisible();
  await page.getByText('다크', { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByText('화면 설정을 저장했습니다.')).toBeVisible();
  await expect(page.getByRole('button', { name: '알림 닫기' })).toHaveCount(0);
}

// demo-student is every spec's student: whatever this spec leaves, light and the medium size come back.
test.afterEach(async ({ page }) => {
  const restored = await page.request.put('/v1/settings', { data: { theme: 'light', type_size: 'medium' } });
  expect(restored.ok()).toBe(true);
});

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test('dark is kept on the server, drawn before any bundle runs, and every screen passes axe in it', async ({ page, context }) => {
  await signIn(page, 'demo-student', '/dashboard/my');
  await shot(page, 'dashboard-light');
  await chooseDark(page);
  expect((await (await page.request.get('/v1/settings')).json()).settings).toEqual({ theme: 'dark', type_size: 'medium' });
  await shot(page, 'settings-dark');
  await expectNoSeriousA11yViolations(page);

  // No flash: with every script of the app refused, the document alone is already dark.
  await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto('/dashboard/my');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  expect(background).toBe('rgb(36, 36, 36)');
  await context.unroute(/\/assets\/.*\.js$/);

  await page.goto('/dashboard/my');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shot(page, 'dashboard-dark');
  await expectNoSeriousA11yViolations(page);

  await page.goto('/dashboard/stats');
  await expect(page.getByRole('heading', { level: 1, name: '내 학습 통계' })).toBeVisible();
  await expect(page.locator('.recharts-wrapper').first()).toBeVisible();
  await shot(page, 'stats-dark');
  await expectNoSeriousA11yViolations(page);

  // The answering screen: a timed session of the demo exams.
  const created = await page.request.post('/v1/study/sessions', { data: { filter: 'all', scope: {}, count: 5, order: 'exam', mode: 'timed' } });
  expect(created.status()).toBe(201);
  const { session } = (await created.json()) as { session: { code: number } };
  await page.goto(`/study/sessions/${session.code}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('시험 모드 · 5문제');
  await shot(page, 'session-dark');
  await expectNoSeriousA11yViolations(page);

  // Solve mode after an answer: the chosen and official options and the explanation on their tints.
  const found = await page.request.get(`/v1/test/tests?search=${encodeURIComponent('순환기내과학 중간고사')}&limit=100`);
  const { tests } = (await found.json()) as { tests: Array<{ test_code: number; year: number }> };
  const exam = tests.sort((a, b) => b.year - a.year)[0]!;
  await page.goto(`/tests/${exam.test_code}/solve`);
  const prompt = page.getByRole('dialog', { name: '이전 풀이 기록' });
  await expect(page.getByRole('heading', { level: 2, name: '1번 문제' }).or(prompt)).toBeVisible();
  if (await prompt.isVisible()) await prompt.getByRole('button', { name: '처음부터 풀기' }).click();
  await page.getByRole('group', { name: '보기' }).getByRole('button').first().click();
  await expect(page.getByTestId('solve-verdict')).toBeVisible();
  await page.getByRole('button', { name: '해설 보기' }).click();
  await expect(page.getByRole('region', { name: '해설' })).toBeVisible();
  await shot(page, 'solve-dark');
  await expectNoSeriousA11yViolations(page);

  // The type size follows too, on the next document as well.
  await page.goto('/dashboard/settings/look');
  await page.getByText('크게', { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-type-size', 'large');
  await page.reload();
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('19px');
  await shot(page, 'settings-dark-large');
});
