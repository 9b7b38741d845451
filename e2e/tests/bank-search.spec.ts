import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures';
import { signIn } from '../support/sign-in';

// Issue 28 item 5: a student searches the whole bank from the top bar, sees the matches grouped by
// lineage (the demo's 잡음 questions were asked in several years), keeps to the 중간고사, and opens
// one in its exam.

test('a student searches every exam from the top bar, keeps to one exam type and opens a problem of a lineage', async ({ page }) => {
  await signIn(page, 'demo-student', '/exams');
  await page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: '검색' }).click();
  await expect(page).toHaveURL(/\/search$/);
  // The address changes before the page's chunk is in, while the exam list (with a 검색어 box of its own) is still shown.
  await expect(page.getByRole('heading', { level: 1, name: '전체 검색' })).toBeVisible();
  await page.getByRole('textbox', { name: '검색어' }).fill('잡음');
  await page.getByRole('button', { name: '검색', exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=%EC%9E%A1%EC%9D%8C$/);
  await expect(page.getByRole('heading', { name: /^잡음: \d+개 계열, \d+문항$/ })).toBeVisible();
  const first = page.getByTestId('bank-search-group').first();
  await expect(first.getByText(/^출제 \d회 · \d{4}(·\d{4})+$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/bank-search-1280.png`, fullPage: true });

  // The exam type (decision 207): only the 중간고사 are left, and the address says so.
  await page.getByRole('combobox', { name: '시험 종류' }).selectOption({ label: '중간고사' });
  await expect(page).toHaveURL(/\/search\?q=%EC%9E%A1%EC%9D%8C&type=midterm$/);
  await expect(page.getByRole('heading', { name: /^잡음: \d+개 계열, \d+문항$/ })).toBeVisible();
  const links = page.getByTestId('bank-search-group').getByRole('link');
  await expect(links.first()).toBeVisible();
  await expect(links.filter({ hasNotText: '중간고사' })).toHaveCount(0);

  await first.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/tests\/\d+\/problems/);
  await expect(page.locator('article[data-highlighted="true"]')).toBeVisible();
});
