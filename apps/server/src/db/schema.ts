import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

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
  /** Raised by triggers on every write to the member's answers, cards, notes and boxes (migration 2026-11-26-010). */
  activity_version: Generated<number>;
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
  /** 0 written, 1 vacant, 2 written but withheld while a returned submission is revised (visibility/visible-problems.ts VACANCY, migration 2026-11-28-020). */
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
  /** 문항 무효 (migration 2026-11-24-050): readable, out of every score. */
  is_voided: Generated<number>;
}

/**
 * Each problem's search row (migration 2026-11-27-010): the columns a search filters and sorts on
 * and its two documents, apart from the wide problem row. Written only by the database's triggers
 * on problems; the app reads it.
 */
export interface ProblemSearchTable {
  uid: number;
  test_code: number;
  type: number;
  no: number;
  is_vacant: number;
  search_text: string;
  /** The choseong document with each initial as one ASCII letter (db/search-documents.ts choseongKey). */
  choseong_key: string;
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
  /** 1 for the member's open run of the exam (one at most: unique with member and exam), NULL once restarted. */
  is_open: Generated<number | null>;
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
  /** The member's own FSRS rating of the answer (1 다시 … 4 쉬움), or null (migration 030). */
  review_rating: number | null;
  /** The browser's id for an answer made offline, so a second send is recognised (migration 2026-11-25-010). */
  client_id: string | null;
}

/** A member's private memo and 헷갈림 flag on a problem (migration 2026-11-24-002-problem-notes). */
export interface ProblemNotesTable {
  member_code: number;
  problem_uid: number;
  note_text: Generated<string>;
  is_confused: Generated<number>;
  update_time: Generated<string>;
}

/** What a member struck, highlighted and marked on a problem (migration 2026-11-29-801-exam-tools). */
export interface ProblemAnnotationsTable {
  member_code: number;
  problem_uid: number;
  /** Struck option numbers, comma-separated ('2,4'). */
  struck: Generated<string>;
  /** JSON: [{ part, start, end }]. */
  highlights: Generated<string>;
  /** When the member last changed the highlights (their clock, for queued offline changes). */
  highlights_time: string | null;
  /** When the member last changed the struck options / the mark (as highlights_time). */
  struck_time: string | null;
  is_marked: Generated<number>;
  marked_time: string | null;
  update_time: Generated<string>;
}

/** A member's rating of a problem (migration 2026-11-29-801-exam-tools). */
export interface ProblemRatingsTable {
  member_code: number;
  problem_uid: number;
  is_good: Generated<number>;
  is_erroneous: Generated<number>;
  /** 1 쉬움, 2 보통, 3 어려움, or null. */
  difficulty: number | null;
  comment: Generated<string>;
  update_time: Generated<string>;
}

export interface MemberSettingsTable {
  member_code: number;
  theme: Generated<string>;
  type_size: Generated<string>;
  update_time: Generated<string>;
}

/** The leads' edition of the 참고치 table: one row, id 1 (migration 2026-11-29-801-exam-tools). */
export interface ReferenceTablesTable {
  id: number;
  content: string;
  edited_by: number | null;
  update_time: Generated<string>;
}

/** A member's study session (migration 2026-11-24-020-study-sessions). */
export interface StudySessionsTable {
  code: Generated<number>;
  member_code: number;
  mode: 'tutor' | 'timed';
  filter: string;
  scope: Generated<string>;
  problem_order: 'random' | 'exam' | 'frequency';
  minutes: number | null;
  ends_at: string | null;
  finish_time: string | null;
  retry_of: number | null;
  creation_time: Generated<string>;
}

export interface StudySessionProblemsTable {
  session_code: number;
  position: number;
  problem_uid: number;
}

/** A review-deck card: a cache rebuilt from solve_attempts (migration 2026-11-24-030-review-deck). */
export interface ReviewCardsTable {
  member_code: number;
  problem_uid: number;
  due: string;
  stability: number;
  difficulty: number;
  scheduled_days: number;
  reps: number;
  lapses: number;
  state: number;
  last_review: string;
  synced_attempt_code: number;
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

export type DisputeStatus = 'open' | 'accepted' | 'rejected' | 'voided';

/** An answer-key dispute (이의제기) and its ruling (migration 2026-11-24-050). */
export interface ProblemDisputesTable {
  code: Generated<number>;
  problem_uid: number;
  member_code: number;
  claimed_answer: string;
  reason: string;
  reference: Generated<string>;
  status: Generated<DisputeStatus>;
  ruling_reason: string | null;
  ruling_answer: string | null;
  previous_answer: string | null;
  ruled_by: number | null;
  ruling_time: string | null;
  creation_time: Generated<string>;
}

export interface DisputeSupportsTable {
  dispute_code: number;
  member_code: number;
  creation_time: Generated<string>;
}

export interface DisputeCommentsTable {
  code: Generated<number>;
  dispute_code: number;
  member_code: number | null;
  comment_text: string;
  creation_time: Generated<string>;
}

export interface NotificationsTable {
  code: Generated<number>;
  member_code: number;
  kind: string;
  problem_uid: number | null;
  dispute_code: number | null;
  detail: Generated<string>;
  is_read: Generated<number>;
  creation_time: Generated<string>;
}

/** Each step of a submitted slot: 'submitted' | 'approved' | 'changes_requested'. */
export interface SubmissionReviewsTable {
  code: Generated<number>;
  problem_uid: number;
  actor_code: number | null;
  action: string;
  comment: Generated<string>;
  creation_time: Generated<string>;
}

/** Rows content-0… bumped by triggers on every write to what the public lists show; the version is their sum. */
export interface ContentVersionsTable {
  name: string;
  version: ColumnType<number | string, number, number>;
}

/** Rows lineage-0… bumped by triggers on every write that changes what the 출제 이력 reads show (migration 2026-12-07-211); the version is their sum. */
export interface LineageVersionsTable {
  name: string;
  version: ColumnType<number | string, number, number>;
}

/** Raised by triggers whenever the class's first answers to the problem can change (migration 2026-11-26-020). */
export interface ProblemAnswerVersionsTable {
  problem_uid: number;
  version: ColumnType<number | string, number, number>;
}

/** An exam's answers version (migration 2026-12-08-217): raised with its problems' answers versions. */
export interface ExamAnswerVersionsTable {
  test_code: number;
  version: ColumnType<number | string, number, number>;
}

/** Who may run a once-only job until when (ms since the epoch); see jobs/. */
export interface JobLeasesTable {
  name: string;
  owner: string;
  expires_at: ColumnType<number | string, number, number>;
}

/** When a job last ran to the end (migration 2026-12-06-203, decision 203). */
export interface JobRunsTable {
  name: string;
  finished_at: string;
}

/** Administrative acts, append-only (migration 2026-11-29-700, decision 161). */
export interface AuditLogTable {
  code: Generated<number>;
  at: string;
  actor_code: number | null;
  actor_label: string | null;
  action: string;
  target_kind: string;
  target_id: string | null;
  target_label: string | null;
  /** JSON: { field: { before, after } }. */
  changes: string;
  scope: 'admin' | 'superadmin';
  request_id: string | null;
}

export interface AuditSettingsTable {
  name: string;
  retention_days: number;
}

/** MinHash band keys of a problem's stem and options (migration 2026-11-28-080, decision 129). */
export interface LineageKeysTable {
  key: number;
  problem_uid: number;
}

/** A detected or decided link between two problems; problem_a < problem_b (decision 130). */
export interface LineageLinksTable {
  problem_a: number;
  problem_b: number;
  relation: 'same' | 'variant' | 'inverted';
  similarity: number;
  keys_agree: number;
  /** 1 while the last detection of the pair found it; a lead's confirmed link may outlive it. */
  detected: number;
  decision: 'confirmed' | 'rejected' | null;
  decided_by: number | null;
  decided_at: string | null;
  update_time: Generated<string>;
  /** The end the other was written from ("이 문제에서 시작", decision 187); detection keeps such a link. */
  started_from: Generated<number | null>;
}

/** The lineage a problem is in, over the links students see (the smallest member's uid). */
export interface ProblemLineagesTable {
  problem_uid: number;
  lineage_code: number;
  lineage_size: number;
}

/** Problems waiting for detection; triggers on problems fill it. */
export interface LineageQueueTable {
  problem_uid: number;
  version: number;
}

// The exam calendar (issue 29; migration 2026-11-29-500-exam-dates).
export interface ExamDatesTable {
  code: Generated<number>;
  title: string;
  /** YYYY-MM-DD, Korea's calendar day. */
  exam_date: string;
  /** HH:MM, or null: the time is not known. */
  exam_time: string | null;
  subject_code: number;
  /** The grade a lead published it for; null: the owner's own, private entry. */
  grade: number | null;
  owner_code: number;
  creation_time: Generated<string>;
  update_time: Generated<string>;
}

export interface ExamDateClassesTable {
  exam_date_code: number;
  class_uid: number;
}

export interface ExamDateTestsTable {
  exam_date_code: number;
  test_code: number;
}

export interface ExamDateRemindersTable {
  exam_date_code: number;
  days_before: number;
  creation_time: Generated<string>;
}

export interface StudyPlanSettingsTable {
  member_code: number;
  daily_minutes: number;
  target_recall: number;
  update_time: Generated<string>;
}

export interface MemberFsrsParamsTable {
  member_code: number;
  /** JSON array of the fitted FSRS weights. */
  params: string;
  review_count: number;
  log_loss_fitted: number;
  log_loss_default: number;
  rmse_fitted: number;
  rmse_default: number;
  fitted_at: string;
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
  problem_search: ProblemSearchTable;
  problem_versions: ProblemVersionsTable;
  problem_classes: ProblemClassesTable;
  problem_replies: ProblemRepliesTable;
  boxes: BoxesTable;
  box_problems: BoxProblemsTable;
  solve_runs: SolveRunsTable;
  solve_attempts: SolveAttemptsTable;
  problem_notes: ProblemNotesTable;
  study_sessions: StudySessionsTable;
  study_session_problems: StudySessionProblemsTable;
  review_cards: ReviewCardsTable;
  boards: BoardsTable;
  board_contents: BoardContentsTable;
  board_replies: BoardRepliesTable;
  assignments: AssignmentsTable;
  password_change_requests: PasswordChangeRequestsTable;
  problem_disputes: ProblemDisputesTable;
  dispute_supports: DisputeSupportsTable;
  dispute_comments: DisputeCommentsTable;
  notifications: NotificationsTable;
  submission_reviews: SubmissionReviewsTable;
  content_versions: ContentVersionsTable;
  lineage_versions: LineageVersionsTable;
  problem_answer_versions: ProblemAnswerVersionsTable;
  exam_answer_versions: ExamAnswerVersionsTable;
  job_leases: JobLeasesTable;
  job_runs: JobRunsTable;
  lineage_keys: LineageKeysTable;
  lineage_links: LineageLinksTable;
  problem_lineages: ProblemLineagesTable;
  lineage_queue: LineageQueueTable;
  exam_dates: ExamDatesTable;
  exam_date_classes: ExamDateClassesTable;
  exam_date_tests: ExamDateTestsTable;
  exam_date_reminders: ExamDateRemindersTable;
  study_plan_settings: StudyPlanSettingsTable;
  member_fsrs_params: MemberFsrsParamsTable;
  audit_log: AuditLogTable;
  audit_settings: AuditSettingsTable;
  problem_annotations: ProblemAnnotationsTable;
  problem_ratings: ProblemRatingsTable;
  member_settings: MemberSettingsTable;
  reference_tables: ReferenceTablesTable;
}

export type MemberRow = Selectable<MembersTable>;
export type NewMember = Insertable<MembersTable>;
export type MemberUpdate = Updateable<MembersTable>;
