import type { Page, Response } from '@playwright/test';
import { signIn } from '../support/content-fixtures';
import { expect, test } from '../support/fixtures';
import { CIRCLED, OFFLINE_CONSOLE_ERRORS, offlineShotsDir, type ProblemRow } from '../support/offline';

// A study session on the subway (issue 17 item 5, decision 054): started online, it opens again
// with no connection after a reload, two problems are answered offline, and when the connection
// returns each answer is on the server exactly once, with the server's verdict on the screen.
// Strikes and the review mark made offline stay across a reload and reach the server once, the
// last change winning (decision 197).

test.use({ allowedConsoleErrors: OFFLINE_CONSOLE_ERRORS });

/** A demo exam whose first three problems in exam order are multiple choice with one circled answer. */
async function findExam(page: Page): Promise<{ test_code: number; problems: ProblemRow[] }> {
  const { tests } = (await (await page.request.get('/v1/test/tests?limit=100')).json()) as { tests: Array<{ test_code: number; test_name: string }> };
  for (const exam of tests) {
    const { problem } = (await (await page.request.get(`/v1/problem?test_code=${exam.test_code}&limit=1000`)).json()) as { problem: ProblemRow[] };
    const solvable = problem.filter((p) => p.answer.trim()).sort((a, b) => a.type - b.type || a.no - b.no || a.uid - b.uid);
    if (solvable.length >= 3 && solvable.slice(0, 3).every((p) => p.type === 1 && CIRCLED.includes(p.answer.trim())))
      return { test_code: exam.test_code, problems: solvable };
  }
  throw new Error('no demo exam starting with three multiple-choice problems');
}

const option = (page: Page, digit: string) => page.getByRole('group', { name: '보기' }).getByRole('button', { name: new RegExp(`^${digit}`) });

test('a study session started online is answered offline after a reload; the answers reach the server once', async ({ page, context }) => {
  const SHOTS = offlineShotsDir();
  await signIn(page, 'demo-student', '/study/sessions');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  const exam = await findExam(page);
  const [first, second, third] = exam.problems as [ProblemRow, ProblemRow, ProblemRow];

  // Started online: every problem of the exam, in exam order, in tutor mode.
  const created = await page.request.post('/v1/study/sessions', {
    data: { scope: { test_codes: [exam.test_code] }, filter: 'all', count: 200, order: 'exam', mode: 'tutor' },
  });
  expect(created.status()).toBe(201);
  const { session } = (await created.json()) as { session: { code: number; problem_uids: number[] } };
  expect(session.problem_uids.slice(0, 3)).toEqual([first.uid, second.uid, third.uid]);
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

  // Offline, two wrong options of the third problem (left unanswered) struck, the second restored
  // again, the problem marked; a reload, still offline, shows them (they wait on this device).
  const [kept, restored] = CIRCLED.filter((digit) => digit !== third.answer.trim()) as [string, string];
  const annotationSends: Array<{ url: string; status: number; body: unknown }> = [];
  context.on('response', (response: Response) => {
    const request = response.request();
    if (request.method() === 'PUT' && /\/v1\/problem\/\d+\/(strikes|mark|highlights)$/.test(response.url()))
      annotationSends.push({ url: new URL(response.url()).pathname, status: response.status(), body: request.postDataJSON() });
  });
  const goTo = async (on: Page, n: number, direction: '이전' | '다음') => {
    while (!(await on.getByRole('heading', { level: 2, name: `${n}번`, exact: true }).isVisible()))
      await on.getByRole('button', { name: direction, exact: true }).click();
  };
  const showsAnnotations = async (on: Page) => {
    await expect(option(on, kept)).toHaveAttribute('data-struck', 'true');
    await expect(option(on, restored)).toBeVisible();
    await expect(option(on, restored)).not.toHaveAttribute('data-struck', 'true');
    await expect(on.getByRole('button', { name: '다시 보기 표시됨' })).toBeVisible();
  };
  await goTo(page, 3, '다음');
  for (const digit of [kept, restored, restored]) await option(page, digit).click({ button: 'right' });
  await page.getByRole('button', { name: '나중에 다시 보기' }).click();
  await showsAnnotations(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: '1번' })).toBeVisible();
  await goTo(page, 3, '다음');
  await showsAnnotations(page);
  await goTo(page, 1, '이전');

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

  // The strikes and the mark reached the server once each, the last change of each; nothing waits.
  await expect.poll(() => annotationSends.length).toBe(2);
  expect(annotationSends.map(({ url, status }) => [url, status]).sort()).toEqual([
    [`/v1/problem/${third.uid}/mark`, 200],
    [`/v1/problem/${third.uid}/strikes`, 200],
  ]);
  const keptNumber = CIRCLED.indexOf(kept) + 1;
  expect(annotationSends.find((send) => send.url.endsWith('/strikes'))?.body).toMatchObject({ options: [keptNumber] });
  expect(await page.evaluate(() => localStorage.getItem('qbank.pending-annotations'))).toBeNull();
  const stored = (await (await page.request.get(`/v1/annotations?problem_uids=${third.uid}`)).json()) as { annotations: unknown[] };
  expect(stored.annotations).toEqual([expect.objectContaining({ problem_uid: third.uid, struck: [keptNumber], marked: true })]);
  // A fresh page, online, shows them from the server: it opens at the first unanswered problem, the third.
  const fresh = await context.newPage();
  await fresh.goto(`/study/sessions/${session.code}`);
  await expect(fresh.getByRole('heading', { level: 2, name: '3번' })).toBeVisible();
  await showsAnnotations(fresh);
  await fresh.close();

  // Online again, the session finishes as usual.
  await page.getByRole('button', { name: '세션 끝내기' }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: '끝내기' }).click();
  await expect(page.getByTestId('result-score')).toContainText(`${total}문제 중 1문제 정답`);

  // Given back: the demo member's third problem unstruck and unmarked.
  expect((await page.request.put(`/v1/problem/${third.uid}/strikes`, { data: { options: [] } })).ok()).toBe(true);
  expect((await page.request.put(`/v1/problem/${third.uid}/mark`, { data: { marked: false } })).ok()).toBe(true);
});
