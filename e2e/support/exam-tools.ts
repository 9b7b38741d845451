import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';

// Marks and strikes are kept per problem, not per session: the exam-tools specs start their
// problems clean and leave them clean.

export async function clearMarks(request: APIRequestContext, uids: readonly number[]): Promise<void> {
  for (const uid of uids) {
    expect((await request.put(`/v1/problem/${uid}/mark`, { data: { marked: false } })).ok()).toBe(true);
    expect((await request.put(`/v1/problem/${uid}/strikes`, { data: { options: [] } })).ok()).toBe(true);
  }
}

/**
 * A session of the signed-in member's made through the API, in exam order from the latest
 * 순환기내과학 중간고사 (its first problem has options; "every exam" would start wherever the exams
 * other specs wrote sort); its problems start without marks or strikes.
 */
export async function startExamToolsSession(page: Page, mode: 'timed' | 'tutor', count: number): Promise<{ code: number; problemUids: number[] }> {
  const found = await page.request.get(`/v1/test/tests?search=${encodeURIComponent('순환기내과학 중간고사')}&limit=100`);
  const { tests } = (await found.json()) as { tests: Array<{ test_code: number; year: number }> };
  const exam = tests.sort((a, b) => b.year - a.year)[0]!;
  const created = await page.request.post('/v1/study/sessions', {
    data: { filter: 'all', scope: { test_codes: [exam.test_code] }, count, order: 'exam', mode },
  });
  expect(created.status()).toBe(201);
  const { session } = (await created.json()) as { session: { code: number; problem_uids: number[] } };
  await clearMarks(page.request, session.problem_uids);
  return { code: session.code, problemUids: session.problem_uids };
}
