import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures';
import { signIn } from '../support/sign-in';
import { examWithEssays, expectWholeGridRows, startSession, type ProblemRow } from '../support/study-sessions';

// Typed answers in study sessions (issue 26 items 2 and 18, decision 075): a correct paraphrase of
// an essay answer is no 오답 but waits for the member's 맞음 / 틀림 — at once in tutor mode, on the
// result in 시험 모드 — and the number grid shows whole rows only.

test('tutor mode: a paraphrased essay answer waits for 맞음 / 틀림 and counts as the member says', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'demo-student', '/study/new');
  const { exam, essays } = await examWithEssays(page);
  const code = await startSession(page, { scope: { test_codes: [exam.test_code] }, filter: 'all', count: 200, order: 'exam', mode: 'tutor' });
  await page.goto(`/study/sessions/${code}`);
  const detail = (await (await page.request.get(`/v1/study/sessions/${code}`)).json()) as { problems: ProblemRow[] };
  const at = (uid: number) => detail.problems.findIndex((p) => p.uid === uid);
  const grid = page.getByRole('navigation', { name: '문제 번호' });

  // The focus starts on the problem.
  await expect(page.getByRole('heading', { level: 2, name: '1번' })).toBeFocused();

  // The first essay: the key in other words, then 맞음.
  const [first, second] = [essays[0]!, essays[1]!];
  await grid.getByRole('button', { name: new RegExp(`^${at(first.uid) + 1} ?번 문제`) }).click();
  await page.getByRole('textbox', { name: '답안' }).fill(`${first.answer} (제 말로 풀어 씀)`);
  await page.getByRole('button', { name: '제출' }).click();
  await expect(page.getByTestId('session-verdict')).toHaveText('채점 대기');
  await expect(grid.getByRole('button', { name: new RegExp(`^${at(first.uid) + 1} ?번 문제, 채점 대기`) })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'test-results/study-text-answer-1280.png', fullPage: true });
  await page.getByTestId('self-judgment').getByRole('button', { name: /맞음/ }).click();
  await expect(page.getByTestId('session-verdict')).toHaveText('정답');

  // The second essay is left waiting.
  await grid.getByRole('button', { name: new RegExp(`^${at(second.uid) + 1} ?번 문제`) }).click();
  await page.getByRole('textbox', { name: '답안' }).fill('잘 모르겠지만 이런 뜻');
  await page.getByRole('button', { name: '제출' }).click();
  await expect(page.getByTestId('session-verdict')).toHaveText('채점 대기');
  await expectWholeGridRows(page.locator('.qbank-solve-grid'));

  await page.getByRole('button', { name: '세션 끝내기' }).first().click();
  await page.getByRole('dialog', { name: '세션을 끝낼까요?' }).getByRole('button', { name: '끝내기' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '세션 결과' })).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByTestId('result-score')).toHaveText(/문제 중 1문제 정답/);
  await expect(page.getByTestId('result-pending')).toContainText('1개가 채점을 기다립니다');
  await page.getByRole('button', { name: new RegExp(`^${at(second.uid) + 1}\\. 채점 대기`) }).click();
  await page.getByTestId('self-judgment').getByRole('button', { name: /틀림/ }).click();
  await expect(page.getByTestId('result-pending')).toHaveCount(0);
  await expect(page.getByRole('button', { name: new RegExp(`^${at(second.uid) + 1}\\. 오답`) })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The misses go to 오답 노트, and the result links there.
  await page.getByRole('button', { name: '오답 노트에 모두 담기' }).click();
  await page.getByRole('link', { name: '오답 노트 보기' }).click();
  await expect(page).toHaveURL(/\/dashboard\/library\?box=\d+$/);
});

test('the number grid of a long session shows whole rows, and half a row where it scrolls, at 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'demo-student', '/study/sessions');
  const grid = page.locator('.qbank-solve-grid');
  // 30 numbers make five rows beside the problem: the fifth was cut by 12 px.
  const code = await startSession(page, { filter: 'all', count: 30, order: 'random', mode: 'tutor' });
  await page.goto(`/study/sessions/${code}`);
  await expect(page.getByRole('navigation', { name: '문제 번호' }).getByRole('button')).toHaveCount(30);
  await expectWholeGridRows(grid);
  expect(await grid.evaluate((list) => list.scrollHeight <= list.clientHeight)).toBe(true);
  // 60 scroll: the row at the edge shows its upper half, so the grid says there is more.
  const longer = await startSession(page, { filter: 'all', count: 60, order: 'random', mode: 'tutor' });
  await page.goto(`/study/sessions/${longer}`);
  await expect(page.getByRole('navigation', { name: '문제 번호' }).getByRole('button')).toHaveCount(60);
  const shown = await grid.evaluate((list) => {
    const box = list.getBoundingClientRect();
    const edge = Array.from(list.querySelectorAll('li')).find((item) => item.getBoundingClientRect().bottom > box.bottom);
    return edge ? (box.bottom - edge.getBoundingClientRect().top) / edge.getBoundingClientRect().height : null;
  });
  expect(shown).toBeGreaterThan(0.3);
  expect(shown).toBeLessThan(0.7);
  await page.screenshot({ path: 'test-results/study-grid-1280.png' });
});
