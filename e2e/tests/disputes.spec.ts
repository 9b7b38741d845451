import { E2E_BASE_URL } from '../support/browser';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures';
import { signIn } from '../support/sign-in';

// Issue 15 end to end: a student disputes an answer key, a lead accepts it in the queue, the
// student is told by the bell and finds their earlier answer judged correct in solve mode.

interface ProblemRow {
  uid: number;
  type: number;
  no: number;
  answer: string;
}

const CIRCLED = ['①', '②', '③', '④', '⑤'];

test('a student disputes a key, a lead accepts it, the student is told and sees the corrected verdict', async ({ page, browser }) => {
  await signIn(page, 'demo-student', '/exams');
  const tests = (await (await page.request.get(`/v1/test/tests?search=${encodeURIComponent('형성평가 2차')}&limit=100`)).json()) as {
    tests: Array<{ test_code: number; test_name: string; subject_name: string }>;
  };
  const exam = tests.tests.find((t) => t.subject_name === '순환기내과학')!;
  const { problem } = (await (await page.request.get(`/v1/problem?test_code=${exam.test_code}&limit=1000`)).json()) as { problem: ProblemRow[] };
  const target = problem.filter((p) => p.type === 1 && p.answer.trim()).sort((a, b) => a.no - b.no)[0]!;
  const claim = CIRCLED.find((c) => c !== target.answer.trim())!;

  // The student answered with what they believe is right; the key says it is wrong.
  const attempt = await page.request.post('/v1/solve/attempts', { data: { problem_uid: target.uid, answer: claim } });
  expect((await attempt.json()).attempt.is_correct).toBe(false);

  // The dispute form on the problem, in the viewer with answers shown.
  await page.goto(`/tests/${exam.test_code}/problems?view=qa`);
  const card = page.locator(`#problem-${target.uid}`);
  await card.getByRole('button', { name: '이의제기' }).click();
  const dialog = page.getByRole('dialog', { name: /정답 이의제기/ });
  await expect(dialog).toContainText('아직 이의제기가 없습니다.');
  await dialog.getByRole('button', { name: '이의제기 제출' }).click();
  await expect(dialog.getByText('맞다고 생각하는 정답을 입력하세요.')).toBeVisible();
  await dialog.getByLabel('맞다고 생각하는 정답').fill(claim);
  await dialog.getByLabel('근거').fill('교과서 개정판에 따르면 이 보기가 정답입니다.');
  await dialog.getByLabel('참고 자료 (선택)').fill('해리슨 21판');
  await dialog.getByRole('button', { name: '이의제기 제출' }).click();
  await expect(dialog.getByText('이 문제에 제출한 이의제기가 검토 중입니다.')).toBeVisible();
  await expect(dialog.getByTestId('dispute-card')).toContainText('내 이의제기');
  await expectNoSeriousA11yViolations(page);
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/dispute-modal-1280.png` });
  await page.keyboard.press('Escape');
  await expect(card.getByText('이의제기 검토 중 (1명 동의)')).toBeVisible();

  // The lead: the menu badge, the queue, the ruling.
  const leadContext = await browser.newContext({ baseURL: E2E_BASE_URL, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  const lead = await leadContext.newPage();
  await signIn(lead, 'demo-lead', '/dashboard/lead/tests');
  const menuLink = lead.getByRole('link', { name: /이의제기 검토/ });
  await expect(menuLink.getByLabel(/검토 중 \d+건/)).toBeVisible();
  await menuLink.click();
  await expect(lead).toHaveURL(/\/dashboard\/lead\/disputes$/);
  const item = lead.getByRole('region', { name: `${exam.test_name} ${target.no}번` });
  await expect(item).toContainText('교과서 개정판에 따르면');
  await expect(item).toContainText(`현재 정답${target.answer}`);
  await expectNoSeriousA11yViolations(lead);
  if (process.env.SCREENSHOT_DIR) await lead.screenshot({ path: `${process.env.SCREENSHOT_DIR}/lead-queue-1280.png`, fullPage: true });
  await expect(item.getByLabel('새 정답')).toHaveValue(claim);
  await item.getByLabel('처리 사유').fill('개정판을 확인했습니다. 정답을 정정합니다.');
  await item.getByRole('button', { name: '처리하기' }).click();
  await expect(item).toHaveCount(0);
  await lead.getByRole('radiogroup', { name: '처리 상태' }).getByText('인정', { exact: true }).click();
  await expect(lead.getByRole('region', { name: `${exam.test_name} ${target.no}번` }).first()).toContainText(`정답 변경: ${target.answer} → ${claim}`);
  await leadContext.close();

  // The student: the bell counts the news; the notification leads to the problem.
  await page.goto('/exams');
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName(/알림 \d+개 읽지 않음/);
  await bell.click();
  const news = page.getByRole('link', { name: `${exam.test_name} ${target.no}번에 제기한 이의제기가 인정되었습니다.` });
  await expect(news).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await news.click();
  await expect(page).toHaveURL(new RegExp(`/tests/${exam.test_code}/problems`));
  await expect(page.locator(`#problem-${target.uid}`).getByText('정답 정정됨')).toBeVisible();
  if (process.env.SCREENSHOT_DIR) {
    await page.locator(`#problem-${target.uid}`).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/corrected-1280.png` });
  }

  // The history: solve mode shows the earlier answer judged correct now.
  await page.goto(`/tests/${exam.test_code}/solve`);
  const prompt = page.getByRole('dialog', { name: '이전 풀이 기록' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: '이어서 풀기' }).click();
  await page.getByRole('button', { name: new RegExp(`^1\\s?번 문제, 정답$`) }).click();
  await expect(page.getByTestId('solve-verdict')).toHaveText('정답');

  // The suite shares one demo database: leave this exam's solve mode as a fresh start for the
  // keyboard walk-through in solve.spec (a new run; the answer stays in the history).
  expect((await page.request.post(`/v1/solve/tests/${exam.test_code}/restart`)).ok()).toBe(true);
});
