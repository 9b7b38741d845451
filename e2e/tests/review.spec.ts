import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures';
import { signIn } from '../support/sign-in';

// Spaced review (issue 13 item 4, 6): the demo student sees how many problems are due on /home,
// reviews the most overdue one with a self-rating, writes a private memo under it, and finds the
// memo again from the library.

async function dueCount(page: Page): Promise<number> {
  const title = page.getByTestId('review-due-card').getByRole('heading', { level: 2 });
  await expect(title).toHaveText(/오늘 복습할 문제/);
  return Number((await title.textContent())?.match(/(\d+)개/)?.[1] ?? 0);
}

/** Answers the problem on screen: the first option, or a typed answer for essays and slides. */
async function answerShownProblem(page: Page) {
  const options = page.getByRole('group', { name: '보기' });
  if (await options.isVisible()) await options.getByRole('button').first().click();
  else {
    await page.getByLabel('답안').fill('모르겠음');
    await page.getByLabel('답안').press('Enter');
    // A typed answer waits for the member's own verdict before it schedules anything (decision 075).
    await page.getByTestId('self-judgment').getByRole('button', { name: /틀림/ }).click();
  }
  await expect(page.getByTestId('solve-verdict')).toBeVisible();
}

test('review a due problem with a self-rating, keep a memo on it, and find the memo in the library', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'demo-student', '/home');
  const before = await dueCount(page);
  expect(before).toBeGreaterThan(0);
  await page.screenshot({ path: 'test-results/review-home-1280.png' });

  await page.getByRole('link', { name: '복습 시작' }).click();
  await expect(page).toHaveURL(/\/study\/review$/);
  await expect(page.getByRole('heading', { level: 2, name: '1번 문제' })).toBeVisible();
  // Nothing of the previous answer before this one is given (issue 26 item 1): it would give the key away.
  await expect(page.getByText(/지난번 답:/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await answerShownProblem(page);
  await expect(page.getByText(/지난번 답:/)).toBeVisible();
  const rating = page.getByRole('group', { name: /얼마나 잘 기억했나요/ });
  await rating.getByRole('button', { name: /^쉬움/ }).click();
  await expect(rating.getByRole('button', { name: /^쉬움/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('review-next-due')).toHaveText(/다음 복습: (\d+일 뒤|내일)/);

  // A private memo under the problem.
  const memo = `복습 메모 ${Date.now()}`;
  const panel = page.getByTestId('note-panel');
  await panel.getByRole('button', { name: /메모 (쓰기|고치기)/ }).click();
  await panel.getByLabel('내 메모').fill(memo);
  await panel.getByRole('button', { name: '저장' }).click();
  await expect(panel.getByTestId('note-text')).toHaveText(memo);
  await page.screenshot({ path: 'test-results/review-screen-1280.png', fullPage: true });

  // One fewer is due now.
  await page.getByRole('link', { name: '나가기' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect.poll(() => dueCount(page)).toBe(before - 1);

  // The library finds the memo.
  await page.goto('/dashboard/library');
  await page.getByLabel('메모 검색어').fill(memo.slice(-8));
  await expect(page.getByTestId('note-search-item')).toHaveCount(1);
  await expect(page.getByTestId('note-search-item')).toContainText(memo);
  await expect(page.getByText('메모 1개')).toBeVisible();
  await page.screenshot({ path: 'test-results/review-library-1280.png', fullPage: true });
});
