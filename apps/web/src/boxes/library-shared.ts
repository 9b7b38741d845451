import { problemNumberLabel } from '@qbank/shared/problem-labels';
// Labels and small helpers shared by the library page's parts.
import { PROBLEM_TYPES } from '@qbank/shared/problems';
import { errorMessage } from '../lib/api-client';
import { messages } from './messages';

export const m = messages.library;
export const b = messages.boxes;
const types = messages.problems.types;

export const TYPE_OPTIONS = [
  { value: String(PROBLEM_TYPES.multipleChoice), label: types.multipleChoice },
  { value: String(PROBLEM_TYPES.subjective), label: types.subjective },
  { value: String(PROBLEM_TYPES.slide), label: types.slide },
];

export function typeName(type: number): string {
  return TYPE_OPTIONS.find((o) => o.value === String(type))?.label ?? messages.problems.dash;
}

export const qLabel = problemNumberLabel;

export function failure(error: unknown): string {
  return errorMessage(error, error instanceof Error ? error.message : '');
}

export function positiveInt(raw: string | null): number | undefined {
  if (!raw || !/^\d{1,9}$/.test(raw)) return undefined;
  const value = Number(raw);
  return value > 0 ? value : undefined;
}
