import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { clearMarks, startExamToolsSession } from '../support/exam-tools';
import { signIn } from '../support/sign-in';
import { expectDialogTouchTargets, expectNoHorizontalScroll, expectTouchTargets } from '../support/phone';

// Issue 30 items 1, 3 and 7 at 375 px, one-handed: in a timed session an option struck by a long
// press, a problem marked and seen marked in the grid, 제출 전 확인 and back; a tutor session paused
// (the problem hidden, also after a reload) and resumed. 44 px targets and no sideways scroll.

test.use({ viewport: { width: 375, height: 812 } });

/** The problems of this test's session: cleared again after it. */
let touched: number[] = [];

test.afterEach(async ({ page }) => {
  await clearMarks(page.request, touched);
  touched = [];
});

async function startSession(page: Page, mode: 'timed' | 'tutor', count: number): Promise<number> {
  const { code, problemUids } = await startExamToolsSession(page, mode, count);
  touched = problemUids;
  return code;
}

/** A finger held on the element for 0.8 s (the screen strikes after 0.55 s), through Chromium's touch input. */
async function longPress(page: Page, target: Locator): Promise<void> {
  // Touch points are viewport coordinates: below a passage's picture the option is out of view.
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await page.waitForTimeout(800);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('a timed session on a phone: strike by long press, mark, see it in the grid, review and go back', async ({ page }) => {
  await signIn(page, 'demo-student', '/study/new');
  const code = await startSession(page, 'timed', 5);
  await page.goto(`/study/sessions/${code}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('시험 모드 · 5문제');
  await expect(page.getByRole('button', { name: '일시정지' })).toHaveCount(0);

  const options = page.getByRole('group', { name: '보기' }).getByRole('button');
  await expect(options.first()).toBeVisible();
  const strikeSaved = page.waitForResponse((response) => response.url().includes('/strikes') && response.request().method() === 'PUT');
  await longPress(page, options.nth(1));
  expect((await strikeSaved).ok()).toBe(true);
  await expect(options.nth(1)).toHaveAttribute('data-struck', 'true');
  // The press struck the option and did not also choose it.
  await expect(page.getByTestId('session-saved')).toHaveCount(0);

  await page.getByRole('button', { name: '나중에 다시 보기' }).click();
  await expect(page.getByRole('button', { name: '다시 보기 표시됨' })).toBeVisible();
  const grid = page.getByRole('navigation', { name: '문제 번호' });
  const first = grid.getByRole('button', { name: /^1 ?번 문제, .*, 다시 보기$/ });
  await expect(first).toHaveAttribute('data-marked', 'true');
  await expectNoHorizontalScroll(page);
  await expectTouchTargets(page);
  await page.screenshot({ path: '/tmp/keys-timed-375.png', fullPage: true });

  // On to 3, then 제출 전 확인 lists 1 as marked and takes the thumb back to it.
  await page.getByRole('button', { name: '다음', exact: true }).click();
  await page.getByRole('button', { name: '다음', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: '3번', exact: true })).toBeVisible();
  await page.getByRole('button', { name: '세션 끝내기' }).first().click();
  const review = page.getByRole('dialog', { name: '제출 전 확인' });
  await expect(review.getByRole('heading', { name: '다시 보기 표시한 문제 1개' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectDialogTouchTargets(review);
  await page.screenshot({ path: '/tmp/keys-review-375.png' });
  await review.getByRole('region', { name: '다시 보기 표시한 문제 1개' }).getByRole('button', { name: '1번 문제로 돌아가기' }).click();
  await expect(review).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: '1번', exact: true })).toBeVisible();
  await expect(options.nth(1)).toHaveAttribute('data-struck', 'true');
});

test('a tutor session on a phone pauses behind a card, stays paused after a reload, and resumes', async ({ page }) => {
  await signIn(page, 'demo-student', '/study/new');
  const code = await startSession(page, 'tutor', 2);
  await page.goto(`/study/sessions/${code}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('튜터 모드 · 2문제');
  const stem = page.getByTestId('highlightable-stem');
  await expect(stem).toBeVisible();
  const stemText = (await stem.innerText()).trim().slice(0, 12);

  await page.getByRole('button', { name: '일시정지' }).click();
  const card = page.getByRole('region', { name: '일시정지됨' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: '다시 시작' })).toBeFocused();
  await expect(stem).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: '문제 번호' })).toHaveCount(0);
  expect(await page.getByRole('main').innerText()).not.toContain(stemText);
  await expectNoHorizontalScroll(page);
  await expectTouchTargets(page);
  await page.screenshot({ path: '/tmp/keys-paused-375.png', fullPage: true });

  await page.reload();
  await expect(card).toBeVisible();
  await expect(stem).toHaveCount(0);
  await card.getByRole('button', { name: '다시 시작' }).click();
  await expect(stem).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '1번', exact: true })).toBeFocused();
});
