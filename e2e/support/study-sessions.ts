import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

// Helpers of the study-session specs with typed answers (study-text-answers*.spec.ts).

export interface ExamRow {
  test_code: number;
  test_name: string;
  problem_count: number;
}
export interface ProblemRow {
  uid: number;
  type: number;
  answer: string;
}

/** A demo exam with written essay problems, not the biggest one (study-sessions.spec.ts answers all of that). */
export async function examWithEssays(page: Page): Promise<{ exam: ExamRow; essays: ProblemRow[] }> {
  const { tests } = (await (await page.request.get('/v1/test/tests?limit=1000')).json()) as { tests: ExamRow[] };
  const biggest = [...tests].sort((a, b) => b.problem_count - a.problem_count)[0]!;
  for (const exam of [...tests].sort((a, b) => a.problem_count - b.problem_count)) {
    if (exam.test_code === biggest.test_code) continue;
    const { problem } = (await (await page.request.get(`/v1/problem?test_code=${exam.test_code}&limit=1000`)).json()) as { problem: ProblemRow[] };
    const essays = problem.filter((p) => p.type === 2 && p.answer.trim() !== '');
    if (essays.length >= 2) return { exam, essays };
  }
  throw new Error('no demo exam with two written essay problems');
}

export async function startSession(page: Page, body: object): Promise<number> {
  const created = await page.request.post('/v1/study/sessions', { data: body });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { session: { code: number } }).session.code;
}

/** Every number of the grid is wholly inside the grid's visible box or wholly outside it (scrolled away): none is cut. */
export async function expectWholeGridRows(grid: Locator): Promise<void> {
  const cut = await grid.evaluate((list) => {
    const box = list.getBoundingClientRect();
    return Array.from(list.querySelectorAll('li')).filter((item) => {
      const { top, bottom } = item.getBoundingClientRect();
      const inside = top >= box.top - 0.5 && bottom <= box.bottom + 0.5;
      const outside = bottom <= box.top + 0.5 || top >= box.bottom - 0.5;
      return !inside && !outside;
    }).length;
  });
  expect(cut).toBe(0);
}
