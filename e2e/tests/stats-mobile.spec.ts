import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures';
import { expectNoHorizontalScroll } from '../support/phone';
import { signIn } from '../support/sign-in';

// 내 학습 통계 on a 375 px phone: charts and lists inside the screen.

test.use({ viewport: { width: 375, height: 812 } });

test('the stats page fits a phone', async ({ page }) => {
  await signIn(page, 'demo-student', '/dashboard/stats');
  await expect(page.getByRole('heading', { level: 1, name: '내 학습 통계' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '과목별 정답률 (낮은 순)' })).toBeVisible();
  await expect(page.locator('.recharts-wrapper').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: '풀어 본 시험' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('stats-page-375.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page);
});
