import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { signIn } from './sign-in';

/**
 * Solve mode of the demo's 순환기내과학 형성평가 2차 with its essay (problem 5) answered in other
 * words than the key, so it waits for the member's own verdict (채점 대기), and problem 1 answered
 * (the accuracy badge). jung-hyunwoo: no other
 * scenario solves as him. Works on a first visit and on a later one (the run goes on).
 */
export async function openAwaitingVerdict(page: Page): Promise<void> {
  await signIn(page, 'jung-hyunwoo', '/exams');
  const response = await page.request.get(`/v1/test/tests?search=${encodeURIComponent('형성평가 2차')}&limit=100`);
  const { tests } = (await response.json()) as { tests: Array<{ test_code: number; subject_name: string }> };
  const exam = tests.find((t) => t.subject_name === '순환기내과학');
  expect(exam, 'demo exam 형성평가 2차').toBeDefined();
  await page.goto(`/tests/${exam!.test_code}/solve`);
  const carryOn = page.getByRole('dialog', { name: '이전 풀이 기록' }).getByRole('button', { name: '이어서 풀기' });
  const firstProblem = page.getByRole('heading', { level: 2, name: '1번 문제' });
  await expect(carryOn.or(firstProblem)).toBeVisible();
  if (await carryOn.isVisible()) await carryOn.click();
  // An objective answer too, so the top bar shows its accuracy badge beside the position.
  const grid = page.getByRole('navigation', { name: '문제 번호' });
  await grid.getByRole('button', { name: /^1\s?번 문제/ }).click();
  const verdict = page.getByTestId('solve-verdict');
  if ((await verdict.count()) === 0) await page.keyboard.press('1');
  await expect(verdict).toBeVisible();
  await grid.getByRole('button', { name: /^5\s?번 문제/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: '5번 문제' })).toBeVisible();
  if ((await verdict.count()) === 0) {
    await page.getByRole('textbox', { name: '답안' }).fill('혈압을 천천히 낮춘다');
    await page.keyboard.press('Enter');
  }
  await expect(verdict).toHaveText('채점 대기');
  // Toasts fade in and out; axe must not judge one half-transparent. They close by themselves.
  await expect(page.getByRole('button', { name: '알림 닫기' })).toHaveCount(0);
}
