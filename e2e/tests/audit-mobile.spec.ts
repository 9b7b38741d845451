import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures';
import { expectNoHorizontalScroll } from '../support/phone';
import { signIn } from '../support/sign-in';

// The audit screen on a 375 px phone: filters stack, entries are cards, nothing scrolls sideways.

test.use({ viewport: { width: 375, height: 812 } });

test('the audit screen fits a phone', async ({ page }) => {
  await signIn(page, 'demo-super', '/dashboard/admin/audit');
  await expect(page.getByRole('heading', { level: 1, name: '감사 기록' })).toBeVisible();
  await expect(page.getByRole('button', { name: '보관 기간 저장' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/audit-375.png`, fullPage: true });
});
