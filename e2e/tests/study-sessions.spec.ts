import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures';
import { signIn } from '../support/sign-in';

// Study sessions (issue 13): a 10-problem timed session built from the wrong answers of one exam,
// finished, its misses put in 오답 노트 and retried; the session resumes after a reload.

interface ExamRow {
  test_code: number;
  test_name: string;
  year: number;
  problem_count: number;
}

interface ProblemRow {
  uid: number;
  type: number;
  answer: string;
}

/** The demo exam with the most written problems, and those that have an official answer. */
async function biggestExam(page: Page): Promise<{ exam: ExamRow; answerable: ProblemRow[] }> {
  const { tests } = (await (await page.request.get('/v1/test/tests?limit=1000')).json()) as { tests: ExamRow[] };
  const exam = [...tests].sort((a, b) => b.problem_count - a.problem_count)[0]!;
  const { problem } = (await (await page.request.get(`/v1/problem?test_code=${exam.test_code}&limit=1000`)).json()) as { problem: ProblemRow[] };
  return { exam, answerable: problem.filter((p) => p.answer.trim() !== '') };
}

const CIRCLED = ['①', '②', '③', '④', '⑤'];
const wrongOption = (answer: string) => CIRCLED.find((digit) => !answer.includes(digit))!;

/** Clicks the option of the current problem that starts with this circled digit. */
async function choose(page: Page, digit: string): Promise<void> {
  await page
    .getByRole('group', { name: '보기' })
    .getByRole('button', { name: new RegExp(`^${digit}`) })
    .click();
}

test('a timed session from the wrong answers of an exam, finished, noted and retried', async ({ page }) => {
  await signIn(page, 'demo-student', '/study/new');
  const { exam, answerable } = await biggestExam(page);
  const choices = answerable.filter((p) => p.type === 1);
  expect(choices.length).toBeGreaterThanOrEqual(10);
  expect(answerable.length).toBeGreaterThan(10);
  // Solve mode first: ten multiple-choice problems wrong, every other problem right (the latest
  // answer is what counts, so earlier answers of other tests do not matter).
  const wrongOnes = choices.slice(0, 10);
  for (const problem of answerable) {
    const answer = wrongOnes.includes(problem) ? wrongOption(problem.answer) : problem.answer;
    expect((await page.request.post('/v1/solve/attempts', { data: { problem_uid: problem.uid, answer } })).status()).toBe(201);
  }

  // The builder: this exam, 틀린 문제, 10 problems, 시험 모드. The match count follows the choices.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: '학습 세션 만들기' })).toBeVisible();
  await expect(page.getByTestId('matching-count')).toHaveText(/조건에 맞는 문제 \d+개/);
  await page.getByRole('textbox', { name: '시험', exact: true }).fill(exam.test_name);
  await page.getByRole('option', { name: new RegExp(exam.test_name) }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('matching-count')).toHaveText(`조건에 맞는 문제 ${answerable.length}개`);
  await page.getByText('틀린 문제', { exact: true }).click();
  await expect(page.getByTestId('matching-count')).toHaveText('조건에 맞는 문제 10개');
  await page.getByLabel('문제 수').fill('10');
  await page.getByText('시험 모드', { exact: true }).click();
  await expect(page.getByLabel('시험 시간(분)')).toHaveValue('12');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: '10문제 풀기 시작' }).click();
  await expect(page).toHaveURL(/\/study\/sessions\/\d+$/);
  const code = Number(new URL(page.url()).pathname.split('/').pop());

  // Timed: a countdown, no verdicts and no answer key while it runs.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('시험 모드 · 10문제');
  await expect(page.getByTestId('session-countdown')).toHaveText(/^1[12]:\d\d$/);
  const detail = (await (await page.request.get(`/v1/study/sessions/${code}`)).json()) as { session: { problem_uids: number[] } };
  expect([...detail.session.problem_uids].sort()).toEqual(wrongOnes.map((p) => p.uid).sort());
  const keyOf = new Map(choices.map((p) => [p.uid, p.answer]));
  // Six right, two wrong, two left unanswered.
  for (const [index, uid] of detail.session.problem_uids.entries()) {
    await expect(page.getByText(`${index + 1} / 10`, { exact: true })).toBeVisible();
    const official = keyOf.get(uid)!;
    if (index < 6)
      await choose(
        page,
        CIRCLED.find((digit) => official.includes(digit))!,
      );
    else if (index < 8) await choose(page, wrongOption(official));
    if (index < 8) await expect(page.getByTestId('session-saved')).toBeVisible();
    await expect(page.getByTestId('session-verdict')).toHaveCount(0);
    if (index < 9) await page.getByRole('button', { name: '다음', exact: true }).click();
  }
  await expect(page.getByText('8/10 답함')).toBeVisible();

  // A reload (or another device) resumes at the first unanswered problem.
  await page.reload();
  await expect(page.getByText('9 / 10', { exact: true })).toBeVisible();
  await expect(page.getByText('8/10 답함')).toBeVisible();

  await page.getByRole('button', { name: '세션 끝내기' }).first().click();
  // A timed session hands in through 제출 전 확인: the two unanswered problems are listed first.
  const review = page.getByRole('dialog', { name: '제출 전 확인' });
  await expect(review.getByRole('heading', { name: '답하지 않은 문제 2개' })).toBeVisible();
  await expect(review.getByRole('button', { name: '9번 문제로 돌아가기' })).toBeVisible();
  await review.getByRole('button', { name: '그대로 제출' }).click();

  // The result: score, time, per-problem verdicts with answers and explanations.
  await expect(page.getByTestId('result-score')).toHaveText('10문제 중 6문제 정답');
  await expect(page.getByText('정답률 60%')).toBeVisible();
  await expect(page.getByText(/걸린 시간/)).toBeVisible();
  await page.getByRole('button', { name: /^7\. 오답/ }).click();
  await expect(page.getByRole('region', { name: '해설' }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: '오답 노트에 모두 담기' }).click();
  await expect(page.getByText(/오답 노트에 담았습니다/)).toBeVisible();
  const boxes = (await (await page.request.post('/v1/box/solve-boxes')).json()) as { wrong: { code: number } };
  const noted = (await (await page.request.get(`/v1/box/${boxes.wrong.code}/problem`)).json()) as { problems: Array<{ uid: number }> };
  const misses = detail.session.problem_uids.slice(6);
  expect(misses.every((uid) => noted.problems.some((p) => p.uid === uid))).toBe(true);

  // 틀린 문제 다시 풀기: a new timed session of exactly the four misses.
  await page.getByRole('button', { name: '틀린 문제 다시 풀기 (4)' }).click();
  await expect(page).toHaveURL((url) => url.pathname !== `/study/sessions/${code}` && /\/study\/sessions\/\d+$/.test(url.pathname));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('시험 모드 · 4문제');
  const retryCode = Number(new URL(page.url()).pathname.split('/').pop());
  const retried = (await (await page.request.get(`/v1/study/sessions/${retryCode}`)).json()) as { session: { problem_uids: number[]; retry_of: number } };
  expect(retried.session.retry_of).toBe(code);
  expect(retried.session.problem_uids).toEqual(misses);

  // The history lists both, newest first.
  await page.getByRole('link', { name: '나가기' }).click();
  await expect(page).toHaveURL(/\/study\/sessions$/);
  const rows = page.getByTestId('session-row');
  await expect(rows.first()).toContainText('진행 중');
  await expect(rows.first()).toContainText('틀린 문제 다시 풀기');
  await expect(rows.nth(1)).toContainText('10문제 중 6문제 정답');
});
