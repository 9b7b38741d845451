import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

interface Summary {
  uid: number;
  count: number;
  years: number[];
}

/**
 * Opens the 출제 이력 panel of a problem of the demo's 2026 순환기내과학 중간고사 that was asked
 * `count` times in three different years. Detection drains the demo bank after the first start
 * (the queue the seed's inserts filled), so the badges are polled for until they are there.
 */
export async function openLineageOfDemoProblem(page: Page, count: number): Promise<{ dialog: Locator; years: number[] }> {
  const tests = (await (await page.request.get(`/v1/test/tests?search=${encodeURIComponent('중간고사')}&limit=100`)).json()) as {
    tests: Array<{ test_code: number; year: number; subject_name: string }>;
  };
  const exam = tests.tests.filter((t) => t.subject_name === '순환기내과학').sort((a, b) => b.year - a.year)[0]!;
  const { problem } = (await (await page.request.get(`/v1/problem?test_code=${exam.test_code}&limit=1000`)).json()) as { problem: Array<{ uid: number }> };
  let target: Summary | undefined;
  await expect
    .poll(async () => {
      const { summaries } = (await (await page.request.get(`/v1/lineages/summary?uids=${problem.map((p) => p.uid).join(',')}`)).json()) as {
        summaries: Summary[];
      };
      target = summaries.find((s) => s.count === count && s.years.length === count);
      return target !== undefined;
    })
    .toBe(true);
  const { uid, years } = target!;
  await page.goto(`/tests/${exam.test_code}/problems`);
  const card = page.locator(`#problem-${uid}`);
  await scrollUntilVisible(page, card.getByText(`출제 ${count}회 · ${years.join('·')}`));
  await card.getByRole('button', { name: /출제 이력 보기/ }).click();
  const dialog = page.getByRole('dialog', { name: '출제 이력' });
  await expect(dialog).toBeVisible();
  return { dialog, years };
}

/** The list draws its cards a few screens ahead of the reader: scroll as a reader would. */
export async function scrollUntilVisible(page: Page, target: Locator): Promise<void> {
  await expect(async () => {
    if (!(await target.isVisible())) await page.mouse.wheel(0, 1200);
    await expect(target).toBeVisible({ timeout: 1000 });
  }).toPass();
}
