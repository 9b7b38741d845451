import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures';
import { signIn } from '../support/sign-in';
import { expectNoHorizontalScroll, expectTouchTargets } from '../support/phone';

// The review screen on a 375 px phone, one-handed: nothing wider than the screen, every control
// at least 44 px tall, a due problem reviewed with taps only.

test.use({ viewport: { width: 375, height: 812 } });

test('reviews a due problem on a phone', async ({ page }) => {
  await signIn(page, 'demo-student', '/home');
  const card = page.getByTestId('review-due-card');
  await expect(card.getByRole('heading', { level: 2 })).toHaveText(/오늘 복습할 문제 \d+개/);
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: 'test-results/review-home-375.png' });

  await card.getByRole('link', { name: '복습 시작' }).tap();
  await expect(page.getByRole('heading', { level: 2, name: '1번 문제' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectTouchTargets(page);

  const options = page.getByRole('group', { name: '보기' });
  if (await options.isVisible()) await options.getByRole('button').first().tap();
  else {
    await page.getByLabel('답안').fill('모르겠음');
    await page.getByRole('button', { name: '제출' }).tap();
    // A typed answer waits for the member's own verdict before it schedules anything (decision 075).
    await page.getByTestId('self-judgment').getByRole('button', { name: /틀림/ }).tap();
  }
  await expect(page.getByTestId('solve-verdict')).toBeVisible();
  await page
    .getByRole('group', { name: /얼마나 잘 기억했나요/ })
    .getByRole('button', { name: /^다시/ })
    .tap();
  await expect(page.getByTestId('review-next-due')).toHaveText(/다음 복습: (오늘|내일)/);
  await expect(page.getByRole('button', { name: '알림 닫기' })).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  await expectTouchTargets(page);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'test-results/review-screen-375.png', fullPage: true });

  await page.getByRole('button', { name: /다음 문제|복습 마치기/ }).tap();
  await expect(page.getByRole('heading', { level: 2, name: '2번 문제' }).or(page.getByTestId('review-end'))).toBeVisible();
});
