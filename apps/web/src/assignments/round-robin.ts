// Decision 028: auto-assign gives each chosen problem one owner,
// round robin over the grade's students sorted by Korean name, starting at the chosen start number.
// Pure functions: the screen and its tests share them.

export interface RosterStudent {
  code: number;
  id: string;
  name: string;
}

/** 가나다 order of the Korean name (`localeCompare` with `ko`); the id breaks ties, then the code. */
export function compareByKoreanName(a: RosterStudent, b: RosterStudent): number {
  return a.name.localeCompare(b.name, 'ko') || a.id.localeCompare(b.id, 'ko') || a.code - b.code;
}

export function sortByKoreanName<T extends RosterStudent>(students: readonly T[]): T[] {
  return [...students].sort(compareByKoreanName);
}

export type RoundRobinError =
  | { kind: 'noStudents' }
  | { kind: 'noProblems' }
  /** The start number is not a whole number from 1 to `max` (the student count). */
  | { kind: 'startOutOfRange'; max: number };

export type RoundRobinResult = { ok: true; owners: Map<number, number> } | { ok: false; error: RoundRobinError };

/**
 * Owners of `problemUids` (in the order given): the student numbered `start` (1-based, in Korean
 * name order) takes the first problem, the next student the next, wrapping around after the last.
 * Checks, in order: students, problems, then the start number.
 */
export function roundRobin(problemUids: readonly number[], students: readonly RosterStudent[], start: number): RoundRobinResult {
  if (students.length === 0) return { ok: false, error: { kind: 'noStudents' } };
  if (problemUids.length === 0) return { ok: false, error: { kind: 'noProblems' } };
  if (!Number.isInteger(start) || start < 1 || start > students.length) {
    return { ok: false, error: { kind: 'startOutOfRange', max: students.length } };
  }
  const roster = sortByKoreanName(students);
  const owners = new Map<number, number>();
  problemUids.forEach((uid, index) => {
    const student = roster[(start - 1 + index) % roster.length];
    if (student) owners.set(uid, student.code);
  });
  return { ok: true, owners };
}
