import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures';
import { signIn } from '../support/sign-in';
import { expectNoHorizontalScroll, expectTouchTargets } from '../support/phone';

// Solve mode on a 390 px phone: nothing wider than the screen, touch targets of 44 px.

test.use({ viewport: { width: 390, height: 844 } });

test('solve mode fits a phone and its controls are easy to tap', async ({ page }) => {
  await signIn(page, 'demo-student', '/exams');

  // The long exam with a common passage: the grid wraps (or scrolls) inside the screen.
  const response = await page.request.get(`/v1/test/tests?search=${encodeURIComponent('순환기내과학 중간고사')}&limit=100`);
  const { tests } = (await response.json()) as { tests: Array<{ test_code: number; test_name: string; year: number }> };
  const exam = tests.sort((a, b) => b.year - a.year)[0];
  expect(exam).toBeDefined();

  await page.goto(`/tests/${exam?.test_code}/solve`);
  const prompt = page.getByRole('dialog', { name: '이전 풀이 기록' });
  await expect(page.getByRole('heading', { level: 2, name: '1번 문제' }).or(prompt)).toBeVisible();
  if (await prompt.isVisible()) await prompt.getByRole('button', { name: '처음부터 풀기' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '1번 문제' })).toBeVisible();
  // The answering tools of every answering screen (issue 30) fit the phone too.
  await expect(page.getByRole('button', { name: '형광펜' })).toBeVisible();
  await expect(page.getByRole('button', { name: '참고치' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectTouchTargets(page);
  await expectNoSeriousA11yViolations(page);

  // Tap an option, then the explanation switch.
  await page.getByRole('group', { name: '보기' }).getByRole('button').first().tap();
  await expect(page.getByTestId('solve-verdict')).toBeVisible();
  // A wrong answer goes into 오답 노트 after two requests, and the first one of a page says so in a
  // toast: wait for it to come, or it may fade in while axe judges its colours half-transparent.
  if ((await page.getByTestId('solve-verdict').innerText()).includes('오답')) {
    await expect(page.getByText('오답 노트에 추가되었습니다')).toBeVisible();
  }
  await page.getByRole('button', { name: '해설 보기' }).tap();
  await expect(page.getByRole('region', { name: '해설' })).toBeVisible();
  // Toasts fade in and out; axe must not judge one half-transparent. They close by themselves.
  await expect(page.getByRole('button', { name: '알림 닫기' })).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  await expectTouchTargets(page);
  await expectNoSeriousA11yViolations(page);

  // A number of the grid jumps there; the next button moves on.
  await page
    .getByRole('navigation', { name: '문제 번호' })
    .getByRole('button', { name: /^3\s?번 문제/ })
    .tap();
  await expect(page.getByRole('heading', { level: 2, name: '3번 문제' })).toBeVisible();
  await page.getByRole('button', { name: '다음', exact: true }).tap();
  await expect(page.getByRole('heading', { level: 2, name: '4번 문제' })).toBeVisible();
  await expectNoHorizontalScroll(page);
});
