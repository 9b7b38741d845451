import { clearMarks, startExamToolsSession } from '../support/exam-tools';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/sign-in';

// Issue 30 items 1–3 on a timed study session: strikes kept across a reload, a highlighted clue,
// three problems marked and found again from 제출 전 확인.

/** The problems of this test's session: their strikes and marks are cleared again after it. */
let touched: number[] = [];

test.afterEach(async ({ page }) => {
  await clearMarks(page.request, touched);
  touched = [];
});

test('strike two options, highlight a clue, mark three problems and return to one from the review', async ({ page }) => {
  await signIn(page, 'demo-student', '/study/new');
  const session = await startExamToolsSession(page, 'timed', 5);
  touched = session.problemUids;
  await page.goto(`/study/sessions/${session.code}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('시험 모드 · 5문제');

  const options = page.getByRole('group', { name: '보기' }).getByRole('button');
  await expect(options.first()).toBeVisible();
  const strikeSaved = () => page.waitForResponse((response) => response.url().includes('/strikes') && response.request().method() === 'PUT');
  for (const n of [0, 1]) {
    const saved = strikeSaved();
    await options.nth(n).click({ button: 'right' });
    expect((await saved).ok()).toBe(true);
    await expect(options.nth(n)).toHaveAttribute('data-struck', 'true');
  }
  await page.reload();
  await expect(options.nth(0)).toHaveAttribute('data-struck', 'true');
  await expect(options.nth(1)).toHaveAttribute('data-struck', 'true');
  await expect(options.nth(2)).not.toHaveAttribute('data-struck', 'true');
  // A struck option is not chosen by a press.
  await options.nth(0).click();
  await expect(page.getByTestId('session-saved')).toHaveCount(0);

  // 형광펜: select the first words of the stem and press it.
  const stem = page.getByTestId('highlightable-stem');
  await stem.evaluate((root) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const text = walker.nextNode() as Text;
    const range = document.createRange();
    range.setStart(text, 0);
    range.setEnd(text, Math.min(4, text.data.length));
    document.getSelection()!.removeAllRanges();
    document.getSelection()!.addRange(range);
  });
  await page.getByRole('button', { name: '형광펜', exact: true }).click();
  await expect(stem.locator('mark.qbank-highlight')).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('session-marks-light.png'), fullPage: true });

  // Mark problems 1, 3 and 4, then open 제출 전 확인 and go back to 3.
  for (const target of [1, 3, 4]) {
    while (!(await page.getByRole('heading', { level: 2, name: `${target}번`, exact: true }).isVisible()))
      await page.getByRole('button', { name: '다음', exact: true }).click();
    await page.getByRole('button', { name: '나중에 다시 보기' }).click();
    await expect(page.getByRole('button', { name: '다시 보기 표시됨' })).toBeVisible();
  }
  await page.getByRole('button', { name: '세션 끝내기' }).first().click();
  const review = page.getByRole('dialog', { name: '제출 전 확인' });
  await expect(review.getByRole('heading', { name: '다시 보기 표시한 문제 3개' })).toBeVisible();
  await review.getByRole('button', { name: '3번 문제로 돌아가기' }).last().click();
  await expect(page.getByRole('heading', { level: 2, name: '3번', exact: true })).toBeVisible();
});
