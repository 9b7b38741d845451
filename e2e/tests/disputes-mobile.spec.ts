import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures';
import { expectNoHorizontalScroll } from '../support/phone';
import { signIn } from '../support/sign-in';

// Issue 15 on a 375 px phone: the notification bell and the dispute form fit the screen.

test.use({ viewport: { width: 375, height: 812 } });

test('the bell lists the demo notifications and the dispute form fits a phone', async ({ page }) => {
  await signIn(page, 'demo-student', '/exams');

  // The demo data leaves demo-student unread news: the bell says how much.
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName(/알림 \d+개 읽지 않음/);
  await bell.tap();
  const items = page.getByTestId('notification-item');
  await expect(items.first()).toBeVisible();
  await expect(page.getByText(/이의제기가 기각되었습니다/)).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/bell-375.png` });
  await page.getByRole('button', { name: '모두 읽음' }).tap();
  await expect(bell).toHaveAccessibleName('알림');
  await page.keyboard.press('Escape');

  // The dispute form on a problem of the viewer.
  const tests = (await (await page.request.get(`/v1/test/tests?search=${encodeURIComponent('형성평가 2차')}&limit=100`)).json()) as {
    tests: Array<{ test_code: number; subject_name: string }>;
  };
  const exam = tests.tests.find((t) => t.subject_name === '순환기내과학')!;
  await page.goto(`/tests/${exam.test_code}/problems?view=qa`);
  const button = page.getByRole('button', { name: '이의제기' }).first();
  const box = await button.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  await button.tap();
  const dialog = page.getByRole('dialog', { name: /정답 이의제기/ });
  await expect(dialog.getByLabel('맞다고 생각하는 정답')).toBeVisible();
  await expectNoHorizontalScroll(page);
  const form = await dialog.boundingBox();
  expect(form?.width ?? 999).toBeLessThanOrEqual(375);
  await expectNoSeriousA11yViolations(page);
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/dispute-form-375.png` });
});
