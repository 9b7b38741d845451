import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures';
import { signIn } from '../support/sign-in';
import { expectNoHorizontalScroll, expectTouchTargets } from '../support/phone';
import { examWithEssays, expectWholeGridRows, startSession, type ProblemRow } from '../support/study-sessions';

// A typed answer in 시험 모드 on a 375 px phone (issue 26 item 2, decision 075): judged on the
// result, one 맞음 / 틀림 per answer, and the history says what the session was.

test.use({ viewport: { width: 375, height: 812 } });

test('시험 모드 on a phone: the result asks 맞음 / 틀림 for each typed answer', async ({ page }) => {
  await signIn(page, 'demo-student', '/study/sessions');
  const { exam, essays } = await examWithEssays(page);
  const code = await startSession(page, { scope: { test_codes: [exam.test_code] }, filter: 'all', count: 200, order: 'exam', mode: 'timed' });
  const essay = essays[0]!;
  const given = await page.request.post(`/v1/study/sessions/${code}/answers`, { data: { problem_uid: essay.uid, answer: `${essay.answer}, 다르게 씀` } });
  const { answer } = (await given.json()) as { answer: { code: number } };
  // Not while it runs: the key is still hidden.
  expect((await page.request.post(`/v1/solve/attempts/${answer.code}/self-judgment`, { data: { is_correct: true } })).status()).toBe(409);
  await page.goto(`/study/sessions/${code}`);
  await expectWholeGridRows(page.locator('.qbank-solve-grid'));
  await page.getByRole('button', { name: '세션 끝내기' }).first().tap();
  await page.getByRole('dialog', { name: '제출 전 확인' }).getByRole('button', { name: '그대로 제출' }).tap();
  await expect(page.getByTestId('result-pending')).toBeVisible();
  const detail = (await (await page.request.get(`/v1/study/sessions/${code}`)).json()) as { problems: ProblemRow[] };
  const position = detail.problems.findIndex((p) => p.uid === essay.uid) + 1;
  await page.getByRole('button', { name: new RegExp(`^${position}\\. 채점 대기`) }).tap();
  await page.getByTestId('self-judgment').getByRole('button', { name: /맞음/ }).tap();
  await expect(page.getByTestId('result-pending')).toHaveCount(0);
  await expect(page.getByTestId('result-score')).toHaveText(/문제 중 1문제 정답/);
  await expectNoHorizontalScroll(page);
  await expectTouchTargets(page);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'test-results/study-text-result-375.png', fullPage: true });

  // The list says what the session was.
  await page.getByRole('link', { name: '내 학습 세션' }).tap();
  await expect(page.getByTestId('session-row').first()).toContainText(`시험 모드 · ${detail.problems.length}문제`);
  await expect(page.getByTestId('session-row').first().getByTestId('session-what')).toHaveText(exam.test_name);
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: 'test-results/study-sessions-list-375.png', fullPage: true });
});
