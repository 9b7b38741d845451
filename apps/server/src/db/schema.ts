import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

// Row types of the tables made by db/migrations. Times are ISO-8601 UTC strings; flags 0/1.

export interface MembersTable {
  code: Generated<number>;
  id: string;
  name: string;
  nickname: string;
  email: string | null;
  school_no: string | null;
  password_hash: string;
  grad_year: number | null;
  grade: number | null;
  authority: number | null;
  validated: Generated<number>;
  token_version: Generated<number>;
  creation_time: Generated<string>;
  update_time: Generated<string>;
}

export interface SubjectsTable {
  code: Generated<number>;
  subject_name: string;
  abbr: string | null;
  type: Generated<number>;
  cliexam_type: Generated<number>;
  creation_time: Generated<string>;
}

export interface SubjectGradesTable {
  subject_code: number;
  grade: number;
}

export interface ClassesTable {
  uid: Generated<number>;
  subject_code: number;
  class_name: string;
  class_date: string;
  class_time: number | null;
  professor: string | null;
  creation_time: Generated<string>;
}

export interface TestsTable {
  code: Generated<number>;
  test_name: string;
  year: number;
  subject_code: number;
  creation_time: Generated<string>;
  update_time: Generated<string>;
}

export interface TestGradesTable {
  test_code: number;
  grade: number;
}

export interface SetHeadersTable {
  code: Generated<number>;
  test_code: number;
  type: Generated<number>;
  begin_problem_no: number;
  end_problem_no: number;
  header_text: Generated<string>;
  pic_path: string | null;
}

export interface ProblemsTable {
  uid: Generated<number>;
  test_code: number;
  no: number;
  type: number;
  choice_type: number | null;
  question: Generated<string>;
  question_text: Generated<string>;
  illustration: Generated<string>;
  answer: Generated<string>;
  comments: Generated<string>;
  is_vacant: Generated<number>;
  question_pic_path: string | null;
  answer_pic_path: string | null;
  comment_pic_path: string | null;
  search_text: Generated<string>;
  /** Filled by the database from search_text (migration 2026-11-24-060); never written by the app. */
  choseong_text: Generated<string>;
  set_header_code: number | null;
  updated_by: number | null;
  creation_time: Generated<string>;
  update_time: Generated<string>;
}

export interface ProblemVersionsTable {
  code: Generated<number>;
  problem_uid: number;
  snapshot: string;
  edited_by: number | null;
  creation_time: Generated<string>;
}

export interface ProblemClassesTable {
  problem_uid: number;
  class_uid: number;
}

export interface ProblemRepliesTable {
  reply_code: Generated<number>;
  problem_uid: number;
  member_code: number | null;
  reply_text: string;
  creation_time: Generated<string>;
  update_time: Generated<string>;
}

export interface BoxesTable {
  code: Generated<number>;
  member_code: number;
  box_name: string;
  precidence: Generated<number>;
  solve_slot: number | null;
  creation_time: Generated<string>;
}

export interface BoxProblemsTable {
  box_code: number;
  problem_uid: number;
  creation_time: Generated<string>;
}

export interface SolveRunsTable {
  code: Generated<number>;
  member_code: number;
  test_code: number;
  creation_time: Generated<string>;
}

export type AnswerSource = 'solve' | 'session' | 'review';
export type AnswerJudge = 'machine' | 'self';

/** Every answer a member gives anywhere (see migration 2026-11-24-001-answer-record). */
export interface SolveAttemptsTable {
  code: Generated<number>;
  run_code: number | null;
  member_code: number;
  problem_uid: number;
  answer: string;
  is_correct: number;
  creation_time: Generated<string>;
  source: Generated<AnswerSource>;
  session_code: number | null;
  judged_by: Generated<AnswerJudge>;
}

/** A member's private memo and 헷갈림 flag on a problem (migration 2026-11-24-002-problem-notes). */
export interface ProblemNotesTable {
  member_code: number;
  problem_uid: number;
  note_text: Generated<string>;
  is_confused: Generated<number>;
  update_time: Generated<string>;
}

export interface BoardsTable {
  code: Generated<number>;
  board_name: string;
  board_id: string;
  creation_time: Generated<string>;
}

export interface BoardContentsTable {
  code: Generated<number>;
  board_code: number;
  title: string;
  content: Generated<string>;
  author_code: number | null;
  access_no: Generated<number>;
  attached_filename: string | null;
  attached_filesize: number | null;
  attached_path: string | null;
  attached_mime: string | null;
  creation_time: Generated<string>;
  update_time: Generated<string>;
}

export interface BoardRepliesTable {
  code: Generated<number>;
  content_code: number;
  member_code: number | null;
  reply_text: string;
  creation_time: Generated<string>;
  update_time: Generated<string>;
}

export interface AssignmentsTable {
  problem_uid: number;
  member_code: number;
  status: Generated<string>;
  assigned_by: number | null;
  creation_time: Generated<string>;
  update_time: Generated<string>;
}

export interface PasswordChangeRequestsTable {
  code: Generated<number>;
  member_code: number;
  token_hash: string;
  email: string;
  new_password_hash: string;
  expires_at: string;
  used_at: string | null;
  creation_time: Generated<string>;
}

export interface Database {
  members: MembersTable;
  subjects: SubjectsTable;
  subject_grades: SubjectGradesTable;
  classes: ClassesTable;
  tests: TestsTable;
  test_grades: TestGradesTable;
  set_headers: SetHeadersTable;
  problems: ProblemsTable;
  problem_versions: ProblemVersionsTable;
  problem_classes: ProblemClassesTable;
  problem_replies: ProblemRepliesTable;
  boxes: BoxesTable;
  box_problems: BoxProblemsTable;
  solve_runs: SolveRunsTable;
  solve_attempts: SolveAttemptsTable;
  problem_notes: ProblemNotesTable;
  boards: BoardsTable;
  board_contents: BoardContentsTable;
  board_replies: BoardRepliesTable;
  assignments: AssignmentsTable;
  password_change_requests: PasswordChangeRequestsTable;
}

export type MemberRow = Selectable<MembersTable>;
export type NewMember = Insertable<MembersTable>;
export type MemberUpdate = Updateable<MembersTable>;
