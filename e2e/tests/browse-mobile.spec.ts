import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures';
import { expectNoHorizontalScroll } from '../support/phone';

// The reading screens on a 390 px wide phone: nothing may widen the page (tables scroll
// inside their own box), and the accessibility check holds there too.
test.use({ viewport: { width: 390, height: 844 } });

test('the reading screens fit a phone', async ({ page }) => {
  await page.goto('/home');
  await expect(page.getByRole('region', { name: '공지사항' }).getByRole('listitem')).toHaveCount(3);
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);

  await page.goto('/exams');
  await expect(page.getByText(/^총 \d+개 시험 · 20개 불러옴$/)).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);

  await page.goto('/subjects');
  // Below 48em the tables become cards, their buttons in reach.
  const anatomy = page.getByRole('list', { name: '과목 목록' }).getByRole('listitem').filter({ hasText: 'ANAT' });
  await expect(anatomy.getByText('1학년 1쿼터')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);

  await anatomy.getByRole('link', { name: '해부학 수업' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '해부학 수업 목록' })).toBeVisible();
  const classes = page.getByRole('list', { name: '수업 목록' });
  await expect(classes.getByText(/^\d교시$/).first()).toBeVisible();
  await expect(classes.getByRole('link').first()).toHaveAttribute('href', /^\/classes\/\d+\/problems$/);
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: '이 과목의 시험 보기' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '해부학 시험 목록' })).toBeVisible();
  await expect(page.getByRole('region', { name: '과목 정보' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);

  await page.goto('/board');
  const notices = page.getByRole('list', { name: '공지사항 게시글 목록' });
  await expect(notices.getByRole('listitem')).toHaveCount(5);
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);

  await notices.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 2, name: /^댓글 \d+개$/ })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);
});

test('the menu reaches the exams page on a phone', async ({ page }) => {
  await page.goto('/home');
  await page.getByRole('button', { name: '메뉴 열기' }).click();
  await page.getByRole('dialog').getByRole('link', { name: '시험', exact: true }).click();
  await expect(page).toHaveURL(/\/exams$/);
  await expect(page.getByRole('heading', { level: 1, name: '시험 목록' })).toBeVisible();
});
