import type { AssignRequest } from '@qbank/shared/assignments';
import { parsePositiveId } from '../lib/parse-positive-id';

// The assignment screen's working state (problem uid → member codes) and
// what the screen derives from it: chips, changes and the save request. Pure functions.

/** Problem uid (a string key, as the server sends the map) → member codes. */
export type AssignmentMap = Readonly<Record<string, readonly number[]>>;

/** Someone a member code stands for, as far as the screen knows. */
export interface KnownMember {
  code: number;
  id: string;
  name: string;
  validated: number;
}

export const toKnown = (member: KnownMember): KnownMember => ({ code: member.code, id: member.id, name: member.name, validated: member.validated });

/** Assignment chips: existing from the server (blue), new and unsaved (green), unknown or deleted (grey). */
export type ChipState = 'existing' | 'new' | 'unknown';

export interface AssigneeChip {
  code: number;
  /** The member's name, or null when the screen does not know the member. */
  name: string | null;
  state: ChipState;
  /** Why a chip is grey: a member nobody knows (deleted) or one no longer approved. */
  reason: 'unknown' | 'unapproved' | null;
  /** An approved student who is not in the target grade's list. */
  otherGrade: boolean;
}

const key = (uid: number) => String(uid);

export function assigneesOf(map: AssignmentMap, uid: number): readonly number[] {
  return map[key(uid)] ?? [];
}

/**
 * The chips of one problem. `gradeStudents` holds the codes of the target grade's students, or is
 * null while no grade (or no list) is there to compare with.
 */
export function chipsOf(
  uid: number,
  current: AssignmentMap,
  saved: AssignmentMap,
  members: ReadonlyMap<number, KnownMember>,
  gradeStudents: ReadonlySet<number> | null,
): AssigneeChip[] {
  const stored = assigneesOf(saved, uid);
  return assigneesOf(current, uid).map((code) => {
    const member = members.get(code);
    if (!member || member.validated !== 1) {
      return { code, name: member?.name ?? null, state: 'unknown', reason: member ? 'unapproved' : 'unknown', otherGrade: false };
    }
    return {
      code,
      name: member.name,
      state: stored.includes(code) ? 'existing' : 'new',
      reason: null,
      otherGrade: gradeStudents !== null && !gradeStudents.has(code),
    };
  });
}

function withList(map: AssignmentMap, uid: number, codes: readonly number[]): AssignmentMap {
  const next: Record<string, readonly number[]> = { ...map };
  if (codes.length === 0) delete next[key(uid)];
  else next[key(uid)] = codes;
  return next;
}

/** Adds `code` to each problem that does not have it yet (a click on a student). */
export function addAssignee(map: AssignmentMap, uids: readonly number[], code: number): AssignmentMap {
  let next = map;
  for (const uid of uids) {
    const codes = assigneesOf(next, uid);
    if (!codes.includes(code)) next = withList(next, uid, [...codes, code]);
  }
  return next;
}

/** A chip click: that member no longer holds that problem. */
export function removeAssignee(map: AssignmentMap, uid: number, code: number): AssignmentMap {
  return withList(
    map,
    uid,
    assigneesOf(map, uid).filter((c) => c !== code),
  );
}

/** Auto-assign: each problem named gets exactly the one owner given. */
export function setOwners(map: AssignmentMap, owners: ReadonlyMap<number, number>): AssignmentMap {
  let next = map;
  for (const [uid, code] of owners) next = withList(next, uid, [code]);
  return next;
}

/** Pairs added plus pairs removed, compared with what the server holds. */
export function countChanges(current: AssignmentMap, saved: AssignmentMap): number {
  const pairs = (map: AssignmentMap) => new Set(Object.entries(map).flatMap(([uid, codes]) => codes.map((code) => `${uid}:${code}`)));
  const now = pairs(current);
  const before = pairs(saved);
  let changes = 0;
  for (const pair of now) if (!before.has(pair)) changes += 1;
  for (const pair of before) if (!now.has(pair)) changes += 1;
  return changes;
}

/** Pairs the server would refuse: members unknown to the screen or no longer approved. */
export function unsavablePairs(current: AssignmentMap, members: ReadonlyMap<number, KnownMember>): number {
  return Object.values(current).reduce((sum, codes) => sum + codes.filter((code) => members.get(code)?.validated !== 1).length, 0);
}

/**
 * POST /v1/problem/assign for the whole exam (test_code given: the server replaces the exam's whole
 * set in one transaction), in the order of the problem list. Pairs of unknown or unapproved members
 * are left out (the server refuses them), so saving releases them.
 */
export function saveRequestOf(
  testCode: number,
  problemUids: readonly number[],
  current: AssignmentMap,
  members: ReadonlyMap<number, KnownMember>,
): AssignRequest {
  const assignments = problemUids.flatMap((uid) =>
    assigneesOf(current, uid)
      .filter((code) => members.get(code)?.validated === 1)
      .map((code) => ({ problem_code: uid, assignee_code: code })),
  );
  return { test_code: testCode, assignments };
}

/** The grades a lead assigns to: 1학년 to 4학년. */
export const TARGET_GRADES = [1, 2, 3, 4] as const;

/** The grade in the URL when it is one of TARGET_GRADES, else null. */
export function targetGradeOf(value: string | null): number | null {
  const n = parsePositiveId(value);
  return n !== null && (TARGET_GRADES as readonly number[]).includes(n) ? n : null;
}
