import { idParam } from '@qbank/shared/paging';
import { testSummarySchema, type TestSummary } from '@qbank/shared/exams';

// What solve mode takes from the URL and the navigation that opened it.

/** A code from the URL; null when it is not a positive integer. */
export function parseTestCode(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const parsed = idParam.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** The exam handed over by the problem list (navigation state), when it is this exam. */
export function testFromState(state: unknown, testCode: number): TestSummary | null {
  const raw = typeof state === 'object' && state !== null ? (state as Record<string, unknown>).test : undefined;
  const parsed = testSummarySchema.safeParse(raw);
  return parsed.success && parsed.data.test_code === testCode ? parsed.data : null;
}
