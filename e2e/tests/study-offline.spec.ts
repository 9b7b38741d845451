import type { Page, Response } from '@playwright/test';
import { signIn } from '../support/content-fixtures';
import { expect, test } from '../support/fixtures';
import { CIRCLED, OFFLINE_CONSOLE_ERRORS, offlineShotsDir, type ProblemRow } from '../support/offline';

// A study session on the subway (issue 17 item 5, decision 054): started online, it opens again
// with no connection after a reload, two problems are answered offline, and when the connection
// returns each answer is on the server exactly once, with the server's verdict on the screen.

test.use({ allowedConsoleErrors: OFFLINE_CONSOLE_ERRORS });

/** A demo exam whose first two problems in exam order are multiple choice with one circled answer. */
async function findExam(page: Page): Promise<{ test_code: number; problems: ProblemRow[] }> {
  const { tests } = (await (await page.request.get('/v1/test/tests?limit=100')).json()) as { tests: Array<{ test_code: number; test_name: string }> };
  for (const exam of tests) {
    const { problem } = (await (await page.request.get(`/v1/problem?test_code=${exam.test_code}&limit=1000`)).json()) as { problem: ProblemRow[] };
    const solvable = problem.filter((p) => p.answer.trim()).sort((a, b) => a.type - b.type || a.no - b.no || a.uid - b.uid);
    if (solvable.length >= 2 && solvable.slice(0, 2).every((p) => p.type === 1 && CIRCLED.includes(p.answer.trim())))
      return { test_code: exam.test_code, problems: solvable };
  }
  throw new Error('no demo exam starting with two multiple-choice problems');
}

const option = (page: Page, digit: string) => page.getByRole('group', { name: '보기' }).getByRole('button', { name: new RegExp(`^${digit}`) });

test('a study session started online is answered offline after a reload; the answers reach the server once', async ({ page, context }) => {
  const SHOTS = offlineShotsDir();
  await signIn(page, 'demo-student', '/study/sessions');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  const exam = await findExam(page);
  const [first, second] = exam.problems as [ProblemRow, ProblemRow];

  // Started online: every problem of the exam, in exam order, in tutor mode.
  const created = await page.request.post('/v1/study/sessions', {
    data: { scope: { test_codes: [exam.test_code] }, filter: 'all', count: 200, order: 'exam', mode: 'tutor' },
  });
  expect(created.status()).toBe(201);
  const { session } = (await created.json()) as { session: { code: number; problem_uids: number[] } };
  expect(session.problem_uids.slice(0, 2)).toEqual([first.uid, second.uid]);
  const total = session.problem_uids.length;
  await page.goto(`/study/sessions/${session.code}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`튜터 모드 · ${total}문제`);
  // The worker kept the session's read (network first) for the tunnel.
  await expect
    .poll(() => page.evaluate(async (url) => Boolean(await (await caches.open('qbank-api')).match(url)), `/v1/study/sessions/${session.code}`))
    .toBe(true);

  const sends: Array<{ status: number; body: { problem_uid: number; client_id: string } }> = [];
  context.on('response', (response: Response) => {
    const request = response.request();
    if (request.method() !== 'POST' || !/\/v1\/study\/sessions\/\d+\/answers$/.test(response.url())) return;
    sends.push({ status: response.status(), body: request.postDataJSON() as { problem_uid: number; client_id: string } });
  });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`튜터 모드 · ${total}문제`);
  const indicator = page.getByRole('status').filter({ hasText: '오프라인' });
  await expect(indicator).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '1번' })).toBeVisible();

  // The first answer right, the second wrong: the screen judges with the key it has, at once.
  await option(page, first.answer.trim()).click();
  await expect(page.getByTestId('session-verdict')).toHaveText('정답');
  await expect(page.getByTestId('session-queued')).toHaveText('연결되면 보냅니다');
  await page.getByRole('button', { name: '다음', exact: true }).click();
  const wrong = CIRCLED[CIRCLED.indexOf(second.answer.trim()) === 0 ? 1 : 0]!;
  await option(page, wrong).click();
  await expect(page.getByTestId('session-verdict')).toHaveText('오답');
  await expect(indicator).toContainText('오프라인 · 2');
  await expect(page.getByText(`2/${total} 답함`)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/session-offline-1280.png` });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SHOTS}/session-offline-375.png` });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/session-offline-top-375.png` });
  await page.getByRole('button', { name: '세션 끝내기' }).first().click();
  await expect(page.getByText(/인터넷 연결이 없어 지금은 끝낼 수 없습니다/)).toBeVisible();
  // (the dialog's opening transition is over before the picture)
  await page.waitForTimeout(400);
  await expect(page.getByRole('dialog').getByRole('button', { name: '끝내기' })).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/session-finish-offline-375.png` });
  await page.getByRole('button', { name: '계속 풀기' }).click();
  await page.setViewportSize({ width: 1280, height: 720 });
  expect(sends.filter((s) => s.status > 0)).toEqual([]);

  await context.setOffline(false);
  await expect(indicator).toHaveCount(0);
  await expect(page.getByTestId('session-queued')).toHaveCount(0);
  await expect(page.getByTestId('session-verdict')).toHaveText('오답');

  // On the server: each answer recorded exactly once (201 creates; a replay would be a 200).
  const createdSends = sends.filter((s) => s.status === 201);
  expect(createdSends.map((s) => s.body.problem_uid)).toEqual([first.uid, second.uid]);
  expect(new Set(createdSends.map((s) => s.body.client_id)).size).toBe(2);
  const detail = (await (await page.request.get(`/v1/study/sessions/${session.code}`)).json()) as {
    session: { answered: number };
    answers: Array<{ problem_uid: number; is_correct: boolean }>;
  };
  expect(detail.answers.map((a) => [a.problem_uid, a.is_correct])).toEqual([
    [first.uid, true],
    [second.uid, false],
  ]);
  expect(detail.session.answered).toBe(2);

  // Online again, the session finishes as usual.
  await page.getByRole('button', { name: '세션 끝내기' }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: '끝내기' }).click();
  await expect(page.getByTestId('result-score')).toContainText(`${total}문제 중 1문제 정답`);
});
