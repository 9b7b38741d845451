import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures';
import { signIn } from '../support/sign-in';
import { openLineageOfDemoProblem, scrollUntilVisible } from '../support/lineage';

// Issue 28 item 3: a student sees how often a demo question was asked (출제 3회 · 2024·2025·2026),
// opens its 출제 이력, sees the reworded year's changed words and follows a link to another year.

test('a student sees 출제 3회 on a demo problem, opens its lineage and follows it to another year', async ({ page }) => {
  await signIn(page, 'demo-student', '/exams');
  const { dialog, years } = await openLineageOfDemoProblem(page, 3);
  await expect(dialog.getByTestId('lineage-member')).toHaveCount(3);
  await expect(dialog.getByText('이 문제')).toBeVisible();
  await expect(dialog.getByText(/^정답 /).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/lineage-1280.png` });

  // The question reworded last year: its changed words are marked.
  await page.keyboard.press('Escape');
  const variant = page.locator('article', { hasText: '수축기 박출성 잡음' }).first();
  await scrollUntilVisible(page, variant);
  await variant.getByRole('button', { name: /출제 이력 보기/ }).click();
  const variantDialog = page.getByRole('dialog', { name: '출제 이력' });
  await expect(variantDialog.getByText('변형').first()).toBeVisible();
  await expect(variantDialog.getByLabel('추가').first()).toBeVisible();
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/lineage-variant-1280.png` });

  // A link leads to the problem in its exam, marked on arrival.
  const link = variantDialog.getByRole('link', { name: new RegExp(`^시험에서 보기: ${years[0]} `) }).first();
  await link.click();
  await expect(page).toHaveURL(/\/tests\/\d+\/problems/);
  await expect(page.locator('article[data-highlighted="true"]')).toBeVisible();
});
