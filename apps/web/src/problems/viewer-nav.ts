import { idParam } from '@qbank/shared/paging';
import { testSummarySchema } from '@qbank/shared/exams';
import { sanitizeNextPath } from '../lib/next-path';
import { paths } from '../lib/paths';
import { messages } from './messages';
import type { BackTarget } from './components/viewer-breadcrumb';

// Navigation state read by the viewers. State comes from another screen (or an old history
// entry), so every field is checked before use.

const t = messages.titles;

/** A code from the URL (`/tests/:testCode/...`); null when it is not a positive integer. */
export function parseCode(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const parsed = idParam.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

function field(state: unknown, key: string): unknown {
  return typeof state === 'object' && state !== null ? (state as Record<string, unknown>)[key] : undefined;
}

const FROM_PATHS: ReadonlyArray<{ pattern: RegExp; label: string }> = [
  { pattern: /^\/exams$/, label: t.exams },
  { pattern: /^\/subjects\/\d+\/tests$/, label: t.subjectTests },
  { pattern: /^\/classes\/\d+\/problems$/, label: t.classProblems },
];

/**
 * The exam viewer's way back: `fromPath` from navigation state when it is one of the lists
 * that open an exam (the exam list, a subject's tests, a class problem list), else /exams.
 */
export function examBackTarget(state: unknown): BackTarget {
  const fromPath = field(state, 'fromPath');
  if (typeof fromPath === 'string') {
    const href = sanitizeNextPath(fromPath, '');
    const pathname = href.split(/[?#]/)[0] ?? '';
    const known = FROM_PATHS.find((entry) => entry.pattern.test(pathname));
    if (href && known) return { href, label: known.label };
  }
  return { href: paths.exams.getHref(), label: t.exams };
}

/** The exam name passed along by the list that opened it, shown until the info card loads. */
export function examNameFromState(state: unknown): string | null {
  const parsed = testSummarySchema.pick({ test_name: true }).safeParse(field(state, 'test'));
  return parsed.success ? parsed.data.test_name : null;
}

/**
 * The class viewer's way back: the subject's classes page — the subject from navigation state
 * (`subject_id`), else the class's own subject once its info has loaded — or /subjects.
 */
export function classBackTarget(state: unknown, metaSubjectCode: number | undefined): BackTarget {
  const raw = field(state, 'subject_id');
  const fromState = typeof raw === 'number' || typeof raw === 'string' ? parseCode(String(raw)) : null;
  const subjectId = fromState ?? metaSubjectCode ?? null;
  return subjectId !== null
    ? { href: paths.subjectClasses.getHref(subjectId), label: t.subjectClasses }
    : { href: paths.subjects.getHref(), label: t.subjects };
}
