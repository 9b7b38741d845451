import type { LeadProblemRow, MySlot, ProblemDetail, ProblemVersion } from '@qbank/shared/authoring';
import type { TestInfo, TestSummary } from '@qbank/shared/tests';

// Canned authoring data for the UI tests (shapes from the shared schemas).

export const ISO = '2026-03-02T00:30:00.000Z';

export function exam(code: number, overrides: Partial<TestSummary> = {}): TestSummary {
  return {
    test_code: code,
    test_name: `시험 ${code}`,
    year: 2026,
    subject_code: 3,
    subject_name: '순환기내과학',
    problem_count: 0,
    ...overrides,
  };
}

export const testInfo = (overrides: Partial<TestInfo> = {}): TestInfo => ({ ...exam(40), grades: [21], ...overrides });

export function leadRow(uid: number, overrides: Partial<LeadProblemRow> = {}): LeadProblemRow {
  return {
    uid,
    problem_code: uid,
    no: uid,
    type: 1,
    choice_type: 5,
    is_vacant: 1,
    question_text: '',
    has_question_pic: false,
    set_header: null,
    status: 'vacant',
    assignees: [],
    update_time: ISO,
    ...overrides,
  };
}

export function detail(overrides: Partial<ProblemDetail> = {}): ProblemDetail {
  return {
    uid: 501,
    problem_code: 501,
    no: 3,
    test_code: 40,
    test_name: '2026 순환기내과학 형성평가 2차',
    subject_code: 3,
    subject_name: '순환기내과학',
    year: 2026,
    type: 1,
    choice_type: 5,
    question: '<p>심방세동 환자의 항응고 치료로 옳은 것은?</p>',
    question_text: '심방세동 환자의 항응고 치료로 옳은 것은?',
    illustration: '① 와파린\n② 아스피린',
    answer: '①',
    comments: '<p>CHA2DS2-VASc 점수로 결정한다.</p>',
    is_vacant: 0,
    is_voided: 0,
    question_pic_path: null,
    answer_pic_path: null,
    comment_pic_path: null,
    set_header: null,
    reply_count: 0,
    status: 'submitted',
    assignees: [{ member_code: 20, id: 'demo-student', name: '김지민', grade: 2 }],
    classes: [],
    test: testInfo({ test_code: 40, test_name: '2026 순환기내과학 형성평가 2차' }),
    updated_by: { member_code: 20, id: 'demo-student', name: '김지민' },
    creation_time: ISO,
    update_time: ISO,
    version_count: 1,
    ...overrides,
  };
}

export function version(code: number, question: string, overrides: Partial<ProblemVersion> = {}): ProblemVersion {
  return {
    code,
    problem_uid: 501,
    edited_by: { member_code: 20, id: 'demo-student', name: '김지민' },
    creation_time: ISO,
    snapshot: {
      no: 3,
      type: 1,
      choice_type: 5,
      question,
      illustration: '',
      answer: '',
      comments: '',
      question_pic_path: null,
      answer_pic_path: null,
      comment_pic_path: null,
      is_vacant: 0,
      set_header_code: null,
      class_uids: [],
    },
    ...overrides,
  };
}

export function mySlot(uid: number, overrides: Partial<MySlot> = {}): MySlot {
  return {
    uid,
    problem_code: uid,
    no: uid - 500,
    type: 1,
    choice_type: null,
    test_code: 40,
    test_name: '2026 순환기내과학 형성평가 2차',
    year: 2026,
    subject_code: 3,
    subject_name: '순환기내과학',
    status: 'assigned',
    is_vacant: 1,
    question_text: '',
    update_time: ISO,
    review_status: 'assigned',
    review_comment: null,
    ...overrides,
  };
}

export function paramsOf(url: string): URLSearchParams {
  return new URL(url, 'http://localhost').searchParams;
}

export function bodyOf(init: RequestInit | undefined): unknown {
  return init?.body ? JSON.parse(String(init.body)) : undefined;
}
