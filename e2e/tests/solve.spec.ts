import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures';
import { signIn } from '../support/sign-in';

// Solve mode with the demo data: the short 순환기내과학 형성평가 2차 (four written multiple-choice
// problems, the rest empty slots) solved from the keyboard only, then continued after a reload.

const CIRCLED = ['①', '②', '③', '④', '⑤', '⑥', '⑦', '⑧', '⑨'];

interface ExamRow {
  test_code: number;
  test_name: string;
  subject_name: string;
}

async function findExam(page: Page, kind: string): Promise<ExamRow> {
  const response = await page.request.get(`/v1/test/tests?search=${encodeURIComponent(kind)}&limit=100`);
  expect(response.status()).toBe(200);
  const { tests } = (await response.json()) as { tests: ExamRow[] };
  const exam = tests.find((t) => t.subject_name === '순환기내과학' && t.test_name.endsWith(kind));
  expect(exam, `demo exam ${kind}`).toBeDefined();
  return exam as ExamRow;
}

interface ProblemRow {
  type: number;
  no: number;
  answer: string;
}

/** The exam's problems in solve order (type, then number), with their official answers. */
async function solveOrder(page: Page, testCode: number): Promise<ProblemRow[]> {
  const response = await page.request.get(`/v1/problem?test_code=${testCode}&limit=1000`);
  const { problem } = (await response.json()) as { problem: ProblemRow[] };
  return problem.filter((p) => p.answer.trim()).sort((a, b) => a.type - b.type || a.no - b.no);
}

/** The keyboard digit that chooses a multiple-choice answer such as ③. */
const digitOf = (answer: string) => CIRCLED.indexOf(answer.trim()) + 1;

/** Toasts fade in and out; axe must not judge one half-transparent. They close by themselves. */
async function waitForToastsToClose(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: '알림 닫기' })).toHaveCount(0);
}

/** Keyboard only: Tab until the answer box has the focus. */
async function tabTo(page: Page, name: string): Promise<void> {
  const target = page.getByRole('textbox', { name });
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('a student solves an exam by keyboard only, sees the accuracy and continues after a reload', async ({ page }) => {
  await signIn(page, 'demo-student', '/exams');
  const exam = await findExam(page, '형성평가 2차');
  const problems = await solveOrder(page, exam.test_code);
  // Four written multiple-choice problems and one essay (the rest of the exam is empty slots).
  expect(problems.map((p) => p.type)).toEqual([1, 1, 1, 1, 2]);
  const keys = problems.slice(0, 4).map((p) => digitOf(p.answer));
  expect(keys.every((k) => k >= 1)).toBe(true);
  const essayAnswer = problems[4]?.answer ?? '';
  const total = problems.length;

  // From the exam's problem list, its 풀이 모드 (Beta) button.
  await page.goto(`/tests/${exam.test_code}/problems`);
  await page.getByRole('link', { name: /풀이 모드/ }).click();
  await expect(page).toHaveURL(new RegExp(`/tests/${exam.test_code}/solve$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(exam.test_name);
  await expect(page.getByRole('heading', { level: 2, name: '1번 문제' })).toBeVisible();
  await expect(page.getByText(`1 / ${total}`, { exact: true })).toBeVisible();
  await expect(page.getByText(/정답률/)).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  const verdict = page.getByTestId('solve-verdict');
  const explanation = page.getByRole('region', { name: '해설' });
  const wrongKey = (right: number) => (right === 1 ? 2 : 1);

  // 1: the right answer by its digit; H shows the explanation.
  await page.keyboard.press(String(keys[0]));
  await expect(verdict).toHaveText('정답');
  await expect(page.getByText('정답률 100%')).toBeVisible();
  await expect(explanation).toHaveCount(0);
  await page.keyboard.press('h');
  await expect(page.getByRole('button', { name: '해설 보기' })).toHaveAttribute('aria-pressed', 'true');
  await expect(explanation).toBeVisible();

  // 2: a wrong answer, which goes to 오답 노트 (said once).
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('heading', { level: 2, name: '2번 문제' })).toBeVisible();
  await expect(page.getByText(`2 / ${total}`, { exact: true })).toBeVisible();
  await page.keyboard.press(String(wrongKey(keys[1] ?? 1)));
  await expect(verdict).toHaveText('오답');
  await expect(explanation).toBeVisible();
  await expect(page.getByText('오답 노트에 추가되었습니다')).toBeVisible();
  await expect(page.getByText('정답률 50%')).toBeVisible();

  // 3 and 4: right; H turns the explanation off again.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press(String(keys[2]));
  await expect(verdict).toHaveText('정답');
  await page.keyboard.press('H');
  await expect(explanation).toHaveCount(0);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press(String(keys[3]));
  await expect(verdict).toHaveText('정답');
  await expect(page.getByText('정답률 75%')).toBeVisible();

  // 5: an essay. Digits choose nothing; the answer is typed (Tab to the box) and sent with Enter.
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText(`5 / ${total}`, { exact: true })).toBeVisible();
  await page.keyboard.press('1');
  await expect(verdict).toHaveCount(0);
  await tabTo(page, '답안');
  await page.keyboard.type(essayAnswer);
  await expect(page.getByRole('heading', { level: 2, name: '5번 문제' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(verdict).toHaveText('정답');
  await expect(page.getByText('정답률 80%')).toBeVisible();

  // The number grid: colour plus a name that says it.
  const grid = page.getByRole('navigation', { name: '문제 번호' });
  await expect(grid.getByRole('button', { name: /^2\s?번 문제, 오답$/ })).toBeVisible();
  await expect(grid.getByRole('button', { name: /^5\s?번 문제, 정답$/ })).toHaveAttribute('aria-current', 'step');
  await waitForToastsToClose(page);
  await expectNoSeriousA11yViolations(page);

  // ? opens the help, Esc closes it.
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: '단축키 안내' });
  await expect(help).toBeVisible();
  await expect(help).toContainText('해설 보기 켜기 / 끄기');
  await expect(help).toContainText('이전 문제 / 다음 문제');
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);

  // ← goes back; the answered problem keeps its result.
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('heading', { level: 2, name: '2번 문제' })).toBeVisible();
  await expect(verdict).toHaveText('오답');

  // The answers are on the server: a reload offers to continue.
  await page.reload();
  const prompt = page.getByRole('dialog', { name: '이전 풀이 기록' });
  await expect(prompt).toContainText(`${total}문항을 풀었습니다. 이어서 푸시겠습니까?`);
  await expectNoSeriousA11yViolations(page);
  await expect(prompt.getByRole('button', { name: '이어서 풀기' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(prompt).toHaveCount(0);
  await expect(page.getByText('정답률 80%')).toBeVisible();
  await expect(grid.getByRole('button', { name: /^2\s?번 문제, 오답$/ })).toBeVisible();

  // Exit back to the problem list.
  await page.getByRole('link', { name: '나가기' }).click();
  await expect(page).toHaveURL(new RegExp(`/tests/${exam.test_code}/problems$`));
});
