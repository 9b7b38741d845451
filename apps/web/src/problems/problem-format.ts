import { CHOICE_TYPES, PROBLEM_TYPES, type Problem, type SetHeader } from '@qbank/shared/problems';
import { messages } from './messages';
import { problemNumberLabel } from '@qbank/shared/problem-labels';

// Pure helpers of the problem viewers: numbering, labels, the view mode and the groupings.

const m = messages.problems;

/** The number as Q plus (at least) two digits — Q01, Q12, Q120 (the shared label). */
export const problemLabel = problemNumberLabel;

const TYPE_LABELS: Record<number, { long: string; short: string }> = {
  [PROBLEM_TYPES.multipleChoice]: { long: m.types.multipleChoice, short: m.shortTypes.multipleChoice },
  [PROBLEM_TYPES.subjective]: { long: m.types.subjective, short: m.shortTypes.subjective },
  [PROBLEM_TYPES.slide]: { long: m.types.slide, short: m.shortTypes.slide },
};

/** 객관식 / 주관식 / 슬라이드; null for a type the spec does not know. */
export function typeLabel(type: number): string | null {
  return TYPE_LABELS[type]?.long ?? null;
}

/** 객 / 주 / 슬 for the answers table. */
export function shortTypeLabel(type: number): string {
  return TYPE_LABELS[type]?.short ?? m.dash;
}

const CHOICE_LABELS: Record<number, string> = {
  [CHOICE_TYPES.lettered]: m.choiceTypes.lettered,
  [CHOICE_TYPES.option]: m.choiceTypes.option,
  [CHOICE_TYPES.four]: m.choiceTypes.four,
  [CHOICE_TYPES.five]: m.choiceTypes.five,
};

/** 가나다형 / 선지형 / 4지선다 / 5지선다; null when the problem has no choice type. */
export function choiceTypeLabel(choiceType: number | null): string | null {
  return choiceType === null ? null : (CHOICE_LABELS[choiceType] ?? null);
}

/** The illustration holds the choices, one per line; blank lines are not choices. */
export function splitChoices(illustration: string): string[] {
  return illustration
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/** The element id of a problem's card, for scrolling to it. */
export const problemAnchorId = (uid: number) => `problem-${uid}`;

/** The answer as the answers table shows it: a dash when there is none. */
export function answerOrDash(answer: string): string {
  return answer.trim() ? answer : m.dash;
}

export const VIEW_MODES = ['q', 'qa', 'all'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];
export const DEFAULT_VIEW_MODE: ViewMode = 'q';

export function parseViewMode(raw: string | null): ViewMode {
  return (VIEW_MODES as readonly string[]).includes(raw ?? '') ? (raw as ViewMode) : DEFAULT_VIEW_MODE;
}

export const showsAnswer = (view: ViewMode) => view === 'qa' || view === 'all';
export const showsExplanation = (view: ViewMode) => view === 'all';

/** Stored HTML that is really plain text (no tags): its line breaks are kept when shown. */
export function isPlainText(html: string): boolean {
  return !/<[a-z!/][^>]*>/i.test(html);
}

export type ProblemGroup = { kind: 'single'; key: string; problem: Problem } | { kind: 'set'; key: string; header: SetHeader; problems: Problem[] };

/**
 * Problems sharing a common passage (the same set header, one after the other) become one
 * group under its banner; every other problem stands alone. Server order is kept.
 */
export function groupBySetHeader(problems: readonly Problem[]): ProblemGroup[] {
  const groups: ProblemGroup[] = [];
  for (const problem of problems) {
    const header = problem.set_header;
    const last = groups.at(-1);
    if (header && last?.kind === 'set' && last.header.code === header.code) {
      last.problems.push(problem);
    } else if (header) {
      groups.push({ kind: 'set', key: `set-${header.code}-${problem.uid}`, header, problems: [problem] });
    } else {
      groups.push({ kind: 'single', key: `p-${problem.uid}`, problem });
    }
  }
  return groups;
}

export interface TestGroup {
  test_code: number;
  test_name: string;
  year: number;
  problems: Problem[];
}

/**
 * The class problem list: consecutive rows of one exam form a group. The server already sorts
 * by year (newest first), exam, type and number, so its order is the groups' order.
 */
export function groupByTest(problems: readonly Problem[]): TestGroup[] {
  const groups: TestGroup[] = [];
  for (const problem of problems) {
    const last = groups.at(-1);
    if (last && last.test_code === problem.test_code) {
      last.problems.push(problem);
    } else {
      groups.push({ test_code: problem.test_code, test_name: problem.test_name, year: problem.year, problems: [problem] });
    }
  }
  return groups;
}

/** Pages of an infinite list flattened, without a problem twice (a page boundary can shift). */
export function uniqueProblems(pages: ReadonlyArray<{ problem: Problem[] }>): Problem[] {
  const seen = new Set<number>();
  const out: Problem[] = [];
  for (const page of pages) {
    for (const problem of page.problem) {
      if (seen.has(problem.uid)) continue;
      seen.add(problem.uid);
      out.push(problem);
    }
  }
  return out;
}
