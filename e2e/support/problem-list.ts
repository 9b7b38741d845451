import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { signIn } from './sign-in';

/**
 * Scrolls a problem list down, as a reader would, until its end says every problem is loaded.
 * The list draws its cards a couple of screens ahead of the reader and loads the next chunk near
 * its end (decision 065), so the end is reached by scrolling, not by waiting.
 */
export async function scrollToListEnd(page: Page): Promise<void> {
  const end = page.getByText('모든 문제를 불러왔습니다.');
  await expect(async () => {
    await page.mouse.wheel(0, 4000);
    await expect(end).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });
}

/** demo-student signs in and opens the demo exam's problem list from the exam list, as a reader does. */
export async function openDemoExamAsStudent(page: Page): Promise<void> {
  await signIn(page, 'demo-student', '/exams');
  await page
    .getByRole('link', { name: /순환기내과학 중간고사 문제 보기/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/tests\/\d+\/problems$/);
}
