import type { Page } from '@playwright/test';
import { expect } from './fixtures';

// The second-year class solved 소아과학 형성평가 1차 in solve mode (apps/server/src/seed/demo-answers.ts):
// its problems have the class's first answers, and every classmate may rate them.

export const CLASS_EXAM = '소아과학 형성평가 1차';

/** The newest exam of that name. */
export async function classExam(page: Page): Promise<{ test_code: number; test_name: string }> {
  const response = await page.request.get(`/v1/test/tests?search=${encodeURIComponent(CLASS_EXAM)}&limit=100`);
  const { tests } = (await response.json()) as { tests: Array<{ test_code: number; test_name: string; year: number }> };
  const exam = tests.filter((t) => t.test_name.endsWith(CLASS_EXAM)).sort((a, b) => b.year - a.year)[0];
  expect(exam, CLASS_EXAM).toBeDefined();
  return exam!;
}
