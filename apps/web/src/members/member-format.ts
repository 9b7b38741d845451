import type { Member } from '@qbank/shared/auth';
import { calculateGrade, type CalculatedGrade } from '@qbank/shared/grade';
import { memberProtection } from '@qbank/shared/policies';
import { messages } from './messages';

const m = messages.members;

/** 김도윤(newbie-kim): how a member is named in buttons, dialogs and banners. */
export function memberLabel(member: Pick<Member, 'name' | 'id'>): string {
  return m.label(member.name, member.id);
}

/** calculateGrade (packages/shared/src/grade.ts): the grade is calculated from the graduation year, never read from the stored grade. */
export function calculatedGradeOf(member: Pick<Member, 'grad_year'>, currentYear: number): CalculatedGrade {
  return calculateGrade(member.grad_year, currentYear);
}

export function calculatedGradeText(member: Pick<Member, 'grad_year'>, currentYear: number): string {
  const grade = calculatedGradeOf(member, currentYear);
  if (grade.kind === 'student') return m.grade(grade.grade);
  if (grade.kind === 'graduated') return m.graduated;
  return m.noValue;
}

/** The appointment search matches id, name or nickname, case-insensitively. */
export function matchesMemberSearch(member: Pick<Member, 'id' | 'name' | 'nickname'>, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase('ko');
  if (!needle) return true;
  return [member.id, member.name, member.nickname].some((text) => text.toLocaleLowerCase('ko').includes(needle));
}

/**
 * Why `actor` may not change `target` (decision 122), or null when they may.
 * The server enforces the same rules; the screens only disable what would be refused.
 */
export function protectionReason(actor: Pick<Member, 'code' | 'role'>, target: Pick<Member, 'code' | 'role'>): string | null {
  const protection = memberProtection(actor, target);
  return protection && m.protectedReasons[protection];
}

/** Korean alphabetical order by name, then id. */
export function byName(a: Pick<Member, 'name' | 'id'>, b: Pick<Member, 'name' | 'id'>): number {
  return a.name.localeCompare(b.name, 'ko') || a.id.localeCompare(b.id);
}
