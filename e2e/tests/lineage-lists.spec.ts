import type { APIRequestContext } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures';
import { signIn } from '../support/sign-in';

// Issue 28 item 3 and 4 (decision 190): a student sorts next week's class by 빈출 and sees the
// question asked most often first, the class says how much of it recurs, and a 빈출 우선 session
// from /study/new starts with a recurring problem.

interface Summary {
  uid: number;
  count: number;
  years: number[];
}

async function summaries(request: APIRequestContext, uids: number[]): Promise<Summary[]> {
  const response = await request.get(`/v1/lineages/summary?uids=${uids.join(',')}`);
  return ((await response.json()) as { summaries: Summary[] }).summaries;
}

/**
 * The demo's newest 순환기내과학 중간고사 (with its most-asked count) and a class of that year part of which recurs.
 * Detection drains the demo bank after the first start, so the figures are polled for.
 */
async function demoExamAndClass(request: APIRequestContext) {
  const tests = (await (await request.get(`/v1/test/tests?search=${encodeURIComponent('중간고사')}&limit=100`)).json()) as {
    tests: Array<{ test_code: number; year: number; subject_code: number; subject_name: string }>;
  };
  const exam = tests.tests.filter((t) => t.subject_name === '순환기내과학').sort((a, b) => b.year - a.year)[0]!;
  const { classes } = (await (await request.get(`/v1/subject/${exam.subject_code}/classes?year=${exam.year}&limit=100`)).json()) as {
    classes: Array<{ uid: number }>;
  };
  let found: { classCode: number; most: number } | undefined;
  await expect
    .poll(
      async () => {
        for (const { uid: classCode } of classes) {
          const { problem } = (await (await request.get(`/v1/problem?class_heritage_code=${classCode}&limit=1000`)).json()) as {
            problem: Array<{ uid: number }>;
          };
          const uids = problem.map((p) => p.uid);
          const badges = uids.length > 1 ? await summaries(request, uids) : [];
          // A class where some of it recurs, and not all of it.
          if (badges.length > 0 && badges.length < uids.length) {
            found = { classCode, most: Math.max(...badges.map((b) => b.count)) };
            return true;
          }
        }
        return false;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const { problem } = (await (await request.get(`/v1/problem?test_code=${exam.test_code}&limit=1000`)).json()) as { problem: Array<{ uid: number }> };
  const examMost = Math.max(
    ...(
      await summaries(
        request,
        problem.map((p) => p.uid),
      )
    ).map((b) => b.count),
  );
  return { exam, examMost, ...found! };
}

test('a student sorts a class by 빈출, sees its recurrence and builds a 빈출 우선 session', async ({ page }) => {
  await signIn(page, 'demo-student', '/exams');
  const { classCode, most } = await demoExamAndClass(page.request);

  // The class, as it opens: the usual order, and how much of it recurs under its header.
  await page.goto(`/classes/${classCode}/problems`);
  const recurrence = page.getByTestId('class-recurrence');
  await expect(recurrence).toHaveText(/^이 수업 문제 \d+개 중 \d+개\(\d+%\)가 반복 출제$/);
  const figures = (await (await page.request.get(`/v1/lineages/class/${classCode}`)).json()) as { problem_count: number; recurring_count: number };
  expect(figures.recurring_count).toBeGreaterThan(0);
  expect(figures.recurring_count).toBeLessThan(figures.problem_count);

  // 빈출순: the question asked most often comes first, and the URL keeps the choice.
  await page.locator('label', { hasText: /^빈출순$/ }).click();
  await expect(page).toHaveURL(/[?&]sort=frequency/);
  const first = page.locator('article').first();
  await expect(first.getByRole('button', { name: new RegExp(`^출제 ${most}회`) })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/lineage-lists-1280.png` });

  // 반복 출제만: every card has its 출제 N회 badge.
  await page.locator('label', { hasText: /^반복 출제만$/ }).click();
  await expect(page).toHaveURL(/recurring=1/);
  await expect(page.locator('article')).toHaveCount(figures.recurring_count);
  for (const card of await page.locator('article').all()) await expect(card.getByRole('button', { name: /^출제 \d회/ })).toBeVisible();
  // Back to the usual list: the URL forgets the choice.
  await page.locator('label', { hasText: /^반복 출제만$/ }).click();
  await expect(page).not.toHaveURL(/recurring=1/);
  await page.locator('label', { hasText: /^기본순$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/classes/${classCode}/problems$`));

  // A 빈출 우선 session from the builder starts with a recurring problem.
  await page.goto('/study/new');
  await page.getByText('빈출 우선').click();
  await expect(page.getByTestId('matching-count')).toHaveText(/조건에 맞는 문제 \d+개/);
  await page.getByRole('button', { name: /문제 풀기 시작/ }).click();
  await expect(page).toHaveURL(/\/study\/sessions\/\d+/);
  const code = /\/study\/sessions\/(\d+)/.exec(page.url())![1];
  const detail = (await (await page.request.get(`/v1/study/sessions/${code}`)).json()) as { session: { problem_uids: number[]; order: string } };
  expect(detail.session.order).toBe('frequency');
  const [firstUid] = detail.session.problem_uids;
  const [summary] = await summaries(page.request, [firstUid!]);
  expect(summary?.count ?? 1).toBeGreaterThanOrEqual(2);
});

test('an exam list sorted 빈출순 on a phone: the question asked most often first, no sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, 'demo-student', '/exams');
  const { exam, examMost } = await demoExamAndClass(page.request);
  await page.goto(`/tests/${exam.test_code}/problems?sort=frequency`);
  await expect(page.getByRole('radio', { name: '빈출순' })).toBeChecked();
  await expect(
    page
      .locator('article')
      .first()
      .getByRole('button', { name: new RegExp(`^출제 ${examMost}회`) }),
  ).toBeVisible();
  const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/lineage-lists-375.png` });
});
