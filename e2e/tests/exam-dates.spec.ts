import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/sign-in';

// The exam calendar (issue 29): a lead publishes an exam for their grade, a student of the grade
// sees "D-3 … · 예상 NN %" on /home, opens the plan, starts today's work in one tap, does it, and the
// plan and the prediction move. The demo's lead leads the 3rd grade and the demo student is in the
// 2nd: an admin moves the lead to the 2nd grade for the test and back after it.

const koreaDay = (offsetDays: number) => new Date(Date.now() + 9 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function setLeadGrade(browser: Browser, grade: number) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'demo-admin', '/home');
  const list = (await (await page.request.get('/v1/member/members?q=demo-lead')).json()) as { members: Array<{ code: number; id: string }> };
  const lead = list.members.find((member) => member.id === 'demo-lead')!;
  expect((await page.request.patch(`/v1/member/${lead.code}`, { data: { grade } })).status()).toBe(200);
  await context.close();
}

async function planFigures(page: Page) {
  await expect(page.getByTestId('readiness-value')).toHaveText(/예상 \d+ %/);
  return {
    readiness: await page.getByTestId('readiness-value').textContent(),
    today: await page.getByTestId('today-summary').textContent(),
    scope: await page.getByText(/범위 \d+문제 중/).textContent(),
  };
}

test('a lead publishes an exam; a student plans for it from /home, does today’s work, and the plan moves', async ({ browser }) => {
  await setLeadGrade(browser, 2);
  try {
    const leadContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const lead = await leadContext.newPage();
    await signIn(lead, 'demo-lead', '/dashboard/calendar');
    await lead.getByLabel('시험 이름').fill('순환기내과학 중간고사');
    await lead.getByLabel('날짜').fill(koreaDay(3));
    await lead.getByLabel('시각 (선택)').fill('09:00');
    await lead.getByRole('textbox', { name: '과목' }).click();
    await lead.getByRole('option', { name: '순환기내과학', exact: true }).click();
    await expect(lead.getByLabel('우리 학년 전체에 공개 (학습부장)')).toBeChecked();
    await lead.getByRole('button', { name: '추가', exact: true }).click();
    await expect(lead.getByTestId('exam-date-row').filter({ hasText: '순환기내과학 중간고사' })).toContainText('2학년 공개');
    await lead.screenshot({ path: 'test-results/exam-calendar-lead-1280.png', fullPage: true });
    await leadContext.close();

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, 'demo-student', '/home');
    const strip = page.getByTestId('exam-strip');
    await expect(strip).toContainText('D-3');
    await expect(strip).toContainText('순환기내과학 중간고사');
    await expect(strip).toContainText(/예상 \d+ % \(\d+–\d+\)/);
    await page.screenshot({ path: 'test-results/exam-home-1280.png' });

    await strip.getByRole('link', { name: '계획 보기' }).click();
    await expect(page).toHaveURL(/\/study\/plan\/\d+$/);
    const before = await planFigures(page);
    await expect(page.getByTestId('plan-days').getByRole('row')).toHaveCount(4);
    await page.screenshot({ path: 'test-results/exam-plan-1280.png', fullPage: true });

    // 오늘 할 일 from /home: one tap opens the session of today's problems.
    await page.goto('/home');
    await page.getByTestId('exam-strip').getByRole('button', { name: '오늘 할 일' }).click();
    await expect(page).toHaveURL(/\/study\/sessions\/\d+$/);
    const sessionCode = Number(page.url().split('/').at(-1));
    // The first answer by hand, the rest through the API (the session screen has its own specs).
    await page.getByRole('group', { name: '보기' }).getByRole('button').first().click();
    const detail = (await (await page.request.get(`/v1/study/sessions/${sessionCode}`)).json()) as { session: { problem_uids: number[] } };
    for (const uid of detail.session.problem_uids.slice(1)) {
      const answered = await page.request.post(`/v1/study/sessions/${sessionCode}/answers`, { data: { problem_uid: uid, answer: '①' } });
      expect([200, 201]).toContain(answered.status());
    }

    await page.goto('/home');
    await page.getByTestId('exam-strip').getByRole('link', { name: '계획 보기' }).click();
    await expect.poll(async () => (await planFigures(page)).scope).not.toBe(before.scope);
    const after = await planFigures(page);
    expect(after.today).not.toBe(before.today);
    expect(after.readiness).not.toBe(before.readiness);
    await page.screenshot({ path: 'test-results/exam-plan-after-1280.png', fullPage: true });

    // The phone: the strip and the plan at 375 px, nothing wider than the screen.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/home');
    await expect(page.getByTestId('exam-strip')).toContainText(/예상 \d+ %/);
    await page.screenshot({ path: 'test-results/exam-home-375.png' });
    await page.goBack();
    await expect(page.getByTestId('readiness-value')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: 'test-results/exam-plan-375.png', fullPage: true });
    await page.goto('/dashboard/calendar');
    await expect(page.getByTestId('exam-date-row').first()).toBeVisible();
    await page.screenshot({ path: 'test-results/exam-calendar-375.png', fullPage: true });
    await context.close();
  } finally {
    await setLeadGrade(browser, 3);
  }
});
