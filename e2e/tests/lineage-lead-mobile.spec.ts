import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures';
import { expectNoHorizontalScroll } from '../support/phone';
import { signIn } from '../support/sign-in';

// Decision 203 on a 375 px phone: 출제 이력 관리 stacks the two problems of a suggestion and its
// buttons fit the screen; the whole-bank search's subject, year and exam-type selects fit the screen.

test.use({ viewport: { width: 375, height: 812 } });

test('출제 이력 관리 and the search filters fit a phone', async ({ page }) => {
  await signIn(page, 'demo-lead', '/dashboard/lead/lineage');
  await expect(page.getByRole('heading', { name: '출제 이력 관리', level: 1 })).toBeVisible();
  const card = page.getByTestId('lineage-suggestion').first();
  await expect(card.getByRole('button', { name: /^같은 문제: / })).toBeVisible();
  await expect(card.getByText(/^정답 /).first()).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/lineage-lead-375.png`, fullPage: true });

  await page.goto(`/search?q=${encodeURIComponent('빈맥')}`);
  await expect(page.getByRole('heading', { name: /^빈맥: / })).toBeVisible();
  await page.getByRole('combobox', { name: '과목' }).selectOption({ label: '순환기내과학' });
  await expect(page).toHaveURL(/[?&]subject=\d+/);
  await expect(page).toHaveURL(/q=%EB%B9%88%EB%A7%A5/);
  await expect(page.getByTestId('bank-search-group').first()).toContainText('순환기내과학');
  await page.getByRole('combobox', { name: '시험 종류' }).selectOption({ label: '중간고사' });
  await expect(page).toHaveURL(/[?&]subject=\d+&type=midterm$/);
  await expect(page.getByTestId('bank-search-group').first()).toContainText('중간고사');
  await expectNoHorizontalScroll(page);
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/bank-search-375.png` });
});
