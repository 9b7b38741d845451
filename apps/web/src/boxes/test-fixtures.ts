import type { Box, BoxProblem } from '@qbank/shared/boxes';

// Canned API rows for the box tests (shapes from the shared schemas).

export function boxRow(overrides: Partial<Box> = {}): Box {
  return {
    code: 1,
    box_name: '심장 복습',
    precidence: 0,
    solve_slot: null,
    problem_count: 2,
    creation_time: '2026-10-01T09:00:00.000Z',
    ...overrides,
  };
}

export function boxProblemRow(overrides: Partial<BoxProblem> = {}): BoxProblem {
  const problemUid = overrides.problem_uid ?? overrides.uid ?? 11;
  return {
    uid: problemUid,
    problem_uid: problemUid,
    no: 1,
    type: 1,
    test_code: 3,
    subject_code: 5,
    subject_name: '순환기내과학',
    test_name: '2026 순환기내과학 중간고사',
    test_year: 2026,
    question_text: '가장 적절한 것은?',
    creation_time: '2026-10-02T09:00:00.000Z',
    ...overrides,
  };
}

/**
 * `GET /v1/box` as the server answers it: with `?problem_uid=` each box says whether it holds that
 * problem; with `?problem_uids=` the answer lists which of them are in any box (the stars).
 */
export function boxListBody(url: string, boxes: Array<{ row: Box; holds: (problemUid: number) => boolean }>) {
  const search = new URL(url, 'http://test').searchParams;
  const uid = Number(search.get('problem_uid'));
  const uids = search.get('problem_uids')?.split(',').map(Number);
  return {
    boxes: boxes.map(({ row, holds }) => (uid ? { ...row, has_problem: holds(uid) } : row)),
    ...(uids ? { bookmarked_uids: uids.filter((u) => boxes.some(({ holds }) => holds(u))) } : {}),
  };
}
