import type { Page, Response } from '@playwright/test';
import { signIn } from '../support/content-fixtures';
import { expect, test } from '../support/fixtures';
import { CIRCLED, OFFLINE_CONSOLE_ERRORS, offlineShotsDir, type ProblemRow } from '../support/offline';

// Studying on the subway (issue 17 item 5, decision 041): an exam saved with 오프라인 저장 opens
// again with no connection, two problems are solved offline, and when the connection returns each
// answer is on the server exactly once, with the server's verdict on the screen.

test.use({ allowedConsoleErrors: OFFLINE_CONSOLE_ERRORS });

/** An exam of the demo data with at least two multiple-choice problems to solve (not the one solve.spec walks). */
async function findExam(page: Page): Promise<{ test_code: number; test_name: string; problems: ProblemRow[] }> {
  const { tests } = (await (await page.request.get('/v1/test/tests?limit=100')).json()) as { tests: Array<{ test_code: number; test_name: string }> };
  for (const exam of tests) {
    if (exam.test_name.endsWith('형성평가 2차')) continue;
    const { problem } = (await (await page.request.get(`/v1/problem?test_code=${exam.test_code}&limit=1000`)).json()) as { problem: ProblemRow[] };
    const solvable = problem.filter((p) => p.answer.trim()).sort((a, b) => a.type - b.type || a.no - b.no || a.uid - b.uid);
    if (solvable.filter((p) => p.type === 1 && CIRCLED.includes(p.answer.trim())).length >= 2 && solvable[1]?.type === 1) {
      return { ...exam, problems: solvable };
    }
  }
  throw new Error('no demo exam with two multiple-choice problems');
}

test('an exam saved for offline opens and is solved without a connection; the answers reach the server once', async ({ page, context }) => {
  const SHOTS = offlineShotsDir();
  await signIn(page, 'demo-student', '/exams');
  // The service worker installs on the first visit and takes over the open page.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  const exam = await findExam(page);
  const [first, second] = exam.problems as [ProblemRow, ProblemRow];

  // A fresh run, so the answers of this test are the run's only ones.
  expect((await page.request.post(`/v1/solve/tests/${exam.test_code}/restart`)).ok()).toBe(true);

  await page.goto(`/tests/${exam.test_code}/problems`);
  const save = page.getByRole('button', { name: '오프라인 저장' });
  await save.click();
  await expect(page.getByRole('button', { name: '저장됨' })).toBeVisible();
  await expect(page.getByText(/오프라인용으로 저장했습니다/)).toBeVisible();
  await page.getByRole('button', { name: '저장됨' }).screenshot({ path: `${SHOTS}/save-offline-1280.png` });
  await page.screenshot({ path: `${SHOTS}/problems-saved-1280.png` });

  // Every send of an answer, and what the server said to it.
  const sends: Array<{ status: number; body: { problem_uid: number; client_id: string } }> = [];
  context.on('response', (response: Response) => {
    const request = response.request();
    if (request.method() !== 'POST' || !response.url().endsWith('/v1/solve/attempts')) return;
    sends.push({ status: response.status(), body: request.postDataJSON() as { problem_uid: number; client_id: string } });
  });

  await context.setOffline(true);
  // Without a connection the exam's page opens from the caches, its problems readable.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(exam.test_name);
  await expect(page.getByRole('heading', { name: /^Q01/ }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: '저장됨' })).toBeDisabled();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SHOTS}/problems-offline-375.png` });
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.goto(`/tests/${exam.test_code}/solve`);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(exam.test_name);
  const indicator = page.getByRole('status').filter({ hasText: '오프라인' });
  await expect(indicator).toBeVisible();

  await expect(page.getByRole('heading', { level: 2, name: /번 문제$/ })).toBeVisible();
  await page.keyboard.press(String(CIRCLED.indexOf(first.answer.trim()) + 1));
  await expect(page.getByText('연결되면 보냅니다', { exact: true })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  // The second answer is a wrong one: the screen says 오답 until the server agrees.
  const wrongKey = ((CIRCLED.indexOf(second.answer.trim()) + 1) % 4) + 1;
  await page.keyboard.press(String(wrongKey));
  await expect(page.getByText('연결되면 보냅니다', { exact: true })).toBeVisible();
  await expect(indicator).toContainText('오프라인 · 2');
  await page.screenshot({ path: `${SHOTS}/solve-offline-1280.png` });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SHOTS}/solve-offline-375.png` });
  await page.getByRole('banner').screenshot({ path: `${SHOTS}/indicator-375.png` });
  await page.setViewportSize({ width: 1280, height: 720 });
  expect(sends.filter((s) => s.status > 0)).toEqual([]);

  await context.setOffline(false);
  await expect(indicator).toHaveCount(0);
  await expect(page.getByText('연결되면 보냅니다', { exact: true })).toHaveCount(0);
  await expect(page.getByTestId('solve-verdict')).toHaveText('오답');

  // On the server: each answer recorded exactly once (201 creates; a replay would be a 200).
  const created = sends.filter((s) => s.status === 201);
  expect(created.map((s) => s.body.problem_uid).sort()).toEqual([first.uid, second.uid].sort());
  expect(new Set(created.map((s) => s.body.client_id)).size).toBe(2);
  const progress = (await (await page.request.get(`/v1/solve/tests/${exam.test_code}`)).json()) as {
    attempts: Array<{ problem_uid: number; is_correct: boolean }>;
  };
  expect(progress.attempts.map((a) => [a.problem_uid, a.is_correct])).toEqual([
    [first.uid, true],
    [second.uid, false],
  ]);

  // Leave the exam as a fresh start for the other specs.
  expect((await page.request.post(`/v1/solve/tests/${exam.test_code}/restart`)).ok()).toBe(true);
});
