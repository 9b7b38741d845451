import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures';
import { expectNoHorizontalScroll } from '../support/phone';
import { signIn } from '../support/sign-in';

// The library and the bookmark modal on a 390 px phone: nothing wider than the screen.

test.use({ viewport: { width: 390, height: 844 } });

test('the library, its detail modal and the bookmark modal fit a phone screen', async ({ page }) => {
  await signIn(page, 'demo-student', '/dashboard/library');

  // demo-student's seeded boxes: the first one opens with its problems as cards.
  await expect(page.getByRole('heading', { level: 1, name: '내 보관함' })).toBeVisible();
  const open = page.getByRole('button', { name: /자세히 보기$/ }).first();
  await expect(open).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);

  await open.click();
  const detail = page.getByRole('dialog');
  await expect(detail.getByRole('article')).toBeVisible();
  await expect(detail.getByLabel('댓글 쓰기')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);

  // From the detail, the problem's exam list; there the bookmark modal.
  await detail.getByRole('link', { name: '시험 문제 목록에서 보기' }).click();
  await expect(page).toHaveURL(/\/tests\/\d+\/problems$/);
  await page.getByRole('article').first().getByRole('button', { name: '북마크' }).click();
  const modal = page.getByRole('dialog', { name: '박스에 북마크' });
  await expect(modal.getByRole('switch').first()).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);
});
