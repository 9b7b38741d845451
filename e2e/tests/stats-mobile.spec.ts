import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, expectNoSeriousA11yViolations, test } from '../support/fixtures';

// 내 학습 통계 on a 375 px phone: charts and lists inside the screen.

test.use({ viewport: { width: 375, height: 812 } });

async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test('the stats page fits a phone', async ({ page }) => {
  await page.goto('/login?next=/dashboard/stats');
  await page.getByLabel('아이디 또는 이메일').fill('demo-student');
  await page.getByLabel('비밀번호').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page).toHaveURL(/\/dashboard\/stats$/);
  await expect(page.getByRole('heading', { level: 1, name: '내 학습 통계' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '과목별 정답률 (낮은 순)' })).toBeVisible();
  await expect(page.locator('.recharts-wrapper').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: '풀어 본 시험' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('stats-page-375.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page);
});
