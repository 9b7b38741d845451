// How a problem is named wherever it is shown: the viewer, the answers tab, solve mode and the
// .docx export (issue 12 item 4). An exam numbers each type from 1, so "Q01" alone is ambiguous
// in an exam with several types: the sections are headed by their type and its count, and where a
// problem stands outside its section (solve mode) the type goes with the number: "주관식 Q01".

import { PROBLEM_TYPE_ORDER } from './problems';

const TYPE_NAMES: Readonly<Record<number, string>> = { 1: '객관식', 2: '주관식', 4: '슬라이드' };
const OTHER_TYPE = '기타';

/** Q plus (at least) two digits — Q01, Q12, Q120. */
export function problemNumberLabel(no: number): string {
  return `Q${String(no).padStart(2, '0')}`;
}

/** 객관식 / 주관식 / 슬라이드 (기타 for a type the spec does not know). */
export function problemTypeName(type: number): string {
  return TYPE_NAMES[type] ?? OTHER_TYPE;
}

/** A section heading: "객관식 · 12문항". */
export function problemSectionLabel(type: number, count: number): string {
  return `${problemTypeName(type)} · ${count}문항`;
}

/** A problem named outside its section: "주관식 Q01". */
export function problemFullLabel(type: number, no: number): string {
  return `${problemTypeName(type)} ${problemNumberLabel(no)}`;
}

export interface TypeSection<T> {
  type: number;
  items: T[];
}

/** Items split by problem type in the viewer's order (객관식, 주관식, 슬라이드, others); order inside kept. */
export function sectionsByType<T extends { type: number }>(items: readonly T[]): TypeSection<T>[] {
  const byType = new Map<number, T[]>();
  for (const item of items) {
    const list = byType.get(item.type);
    if (list) list.push(item);
    else byType.set(item.type, [item]);
  }
  const rank = (type: number) => {
    const index = (PROBLEM_TYPE_ORDER as readonly number[]).indexOf(type);
    return index < 0 ? PROBLEM_TYPE_ORDER.length + type : index;
  };
  return [...byType.entries()].sort(([a], [b]) => rank(a) - rank(b)).map(([type, list]) => ({ type, items: list }));
}
