import type { Problem, SetHeader } from '@qbank/shared/problems';
import type { ClassMeta } from '@qbank/shared/subjects';
import type { TestInfo } from '@qbank/shared/tests';

// Canned API rows for the viewer tests (shapes from the shared schemas).

let nextUid = 1000;

export function problemRow(overrides: Partial<Problem> = {}): Problem {
  const uid = overrides.uid ?? nextUid++;
  return {
    uid,
    problem_code: uid,
    no: 1,
    test_code: 3,
    test_name: '2026 순환기내과학 중간고사',
    subject_code: 5,
    subject_name: '순환기내과학',
    year: 2026,
    type: 1,
    choice_type: 5,
    question: '<p>가장 적절한 것은?</p>',
    question_text: '가장 적절한 것은?',
    illustration: '① 하나\n② 둘\n③ 셋',
    answer: '②',
    comments: '<p>해설 본문</p>',
    is_vacant: 0,
    is_voided: 0,
    question_pic_path: null,
    answer_pic_path: null,
    comment_pic_path: null,
    set_header: null,
    reply_count: 0,
    ...overrides,
  };
}

export function setHeaderRow(overrides: Partial<SetHeader> = {}): SetHeader {
  return {
    code: 9,
    test_code: 3,
    type: 2,
    begin_problem_no: 1,
    end_problem_no: 3,
    header_text: '다음 증례를 읽고 물음에 답하시오.',
    pic_path: null,
    ...overrides,
  };
}

export function testInfoRow(overrides: Partial<TestInfo> = {}): TestInfo {
  return {
    test_code: 3,
    test_name: '2026 순환기내과학 중간고사',
    year: 2026,
    subject_code: 5,
    subject_name: '순환기내과학',
    problem_count: 12,
    grades: [24, 30],
    ...overrides,
  };
}

export function classMetaRow(overrides: Partial<ClassMeta> = {}): ClassMeta {
  return {
    uid: 41,
    subject_code: 5,
    subject_name: '순환기내과학',
    class_name: '허혈성 심질환',
    class_date: '2026-10-05',
    class_time: 3,
    professor: '강태호 교수',
    problem_count: 7,
    ...overrides,
  };
}

/** One page of GET /v1/problem. */
export function problemsPage(problem: Problem[], init: { page?: number; limit?: number; count?: number; capped?: boolean; test?: TestInfo | null } = {}) {
  return {
    problem,
    problem_count: init.count ?? problem.length,
    ...(init.capped ? { problem_count_capped: true } : {}),
    page: init.page ?? 1,
    limit: init.limit ?? 20,
    test: init.test ?? null,
  };
}
