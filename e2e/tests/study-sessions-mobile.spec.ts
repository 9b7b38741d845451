import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures';
import { signIn } from '../support/sign-in';
import { expectNoHorizontalScroll, expectTouchTargets } from '../support/phone';

// Study sessions on a 375 px phone, one-handed: the builder, a tutor session with its verdict and
// explanation, the result and the history, with nothing wider than the screen and 44 px targets.

test.use({ viewport: { width: 375, height: 812 } });

test('a tutor session built, solved and reviewed on a phone', async ({ page }) => {
  await signIn(page, 'demo-student', '/home');

  // From /home to the builder.
  await page.getByTestId('study-entry').click();
  await expect(page).toHaveURL(/\/study\/new$/);
  await expect(page.getByTestId('matching-count')).toHaveText(/조건에 맞는 문제 \d+개/);
  await page.getByText('안 푼 문제', { exact: true }).click();
  await expect(page.getByTestId('matching-count')).toHaveText(/조건에 맞는 문제 \d+개/);
  await page.getByLabel('문제 수').fill('3');
  await page.getByText('시험 순서', { exact: true }).click();
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: '3문제 풀기 시작' }).click();
  await expect(page).toHaveURL(/\/study\/sessions\/\d+$/);
  const code = Number(new URL(page.url()).pathname.split('/').pop());

  // Tutor mode: the verdict, the official answer and the explanation right after answering.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('튜터 모드 · 3문제');
  await expectNoHorizontalScroll(page);
  await expectTouchTargets(page);
  const detail = (await (await page.request.get(`/v1/study/sessions/${code}`)).json()) as { problems: Array<{ type: number; answer: string }> };
  const first = detail.problems[0]!;
  // "Unseen" draws at random from every exam, including those other specs wrote; a multiple-choice
  // problem whose options are one line of text is answered by typing, so follow what the screen offers.
  const options = page.getByRole('group', { name: '보기' });
  await expect(options.or(page.getByRole('textbox', { name: '답안' })).first()).toBeVisible();
  if (first.type === 1 && (await options.isVisible())) {
    await options.getByRole('button').first().click();
  } else {
    await page.getByRole('textbox', { name: '답' }).fill(first.answer);
    await page.getByRole('button', { name: '제출' }).click();
  }
  await expect(page.getByTestId('session-verdict')).toHaveText(/정답|오답/);
  await expect(page.getByRole('region', { name: '해설' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);

  // Finish with two unanswered: they count as misses.
  await page.getByRole('button', { name: '세션 끝내기' }).first().click();
  await page.getByRole('dialog', { name: '세션을 끝낼까요?' }).getByRole('button', { name: '끝내기' }).click();
  await expect(page.getByTestId('result-score')).toHaveText(/3문제 중 [01]문제 정답/);
  await expect(page.getByRole('button', { name: /틀린 문제 다시 풀기 \([23]\)/ })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectTouchTargets(page);
  await expectNoSeriousA11yViolations(page);

  // The history: this session first, the demo sessions (and any of other tests) below it.
  await page.getByRole('link', { name: '내 학습 세션' }).click();
  await expect(page).toHaveURL(/\/study\/sessions$/);
  await expect(page.getByTestId('session-row').first()).toContainText('튜터 모드');
  await expect(page.getByTestId('session-row').first()).toContainText('안 푼 문제');
  expect(await page.getByTestId('session-row').count()).toBeGreaterThanOrEqual(3);
  await expectNoHorizontalScroll(page);
  await expectTouchTargets(page);
});
