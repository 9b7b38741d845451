import { problemStatus } from '@qbank/shared/authoring';
import { type Assignee } from '@qbank/shared/assignments';
import { problemSnapshotSchema, type LeadProblemRow, type ProblemDetail, type ProblemSnapshot, type ProblemVersion } from '@qbank/shared/lead-problems';
import { preview } from '@qbank/shared/html-text';
import type { TestInfo } from '@qbank/shared/exams';
import type { AssigneeRow, LeadProblemListRow, ProblemDetailRow, VersionRow } from './repository';
import { presentProblem } from '../problems/presenter';
import { specVacancy } from '../visibility/visible-problems';

export const PREVIEW_LENGTH = 100;

export function presentAssignee(row: Pick<AssigneeRow, 'member_code' | 'id' | 'name' | 'grade'>): Assignee {
  return { member_code: row.member_code, id: row.id, name: row.name, grade: row.grade };
}

export function presentLeadRow(row: LeadProblemListRow, assignees: AssigneeRow[]): LeadProblemRow {
  return {
    uid: row.uid,
    problem_code: row.uid,
    no: row.no,
    type: row.type,
    choice_type: row.choice_type,
    is_vacant: specVacancy(row.is_vacant),
    question_text: preview(row.question_text, PREVIEW_LENGTH),
    has_question_pic: row.question_pic_path !== null,
    set_header:
      row.header_code === null
        ? null
        : { code: row.header_code, begin_problem_no: row.begin_problem_no ?? row.no, end_problem_no: row.end_problem_no ?? row.no },
    status: problemStatus(
      row.is_vacant,
      assignees.map((assignee) => assignee.status),
    ),
    assignees: assignees.map(presentAssignee),
    update_time: row.update_time,
  };
}

export function presentProblemDetail(
  row: ProblemDetailRow,
  extra: { assignees: AssigneeRow[]; classes: Array<{ uid: number; class_name: string; class_date: string }>; test: TestInfo },
): ProblemDetail {
  return {
    ...presentProblem(row),
    status: problemStatus(
      row.is_vacant,
      extra.assignees.map((assignee) => assignee.status),
    ),
    assignees: extra.assignees.map(presentAssignee),
    classes: extra.classes,
    test: extra.test,
    updated_by: row.editor_code === null ? null : { member_code: row.editor_code, id: row.editor_id ?? '', name: row.editor_name ?? '' },
    creation_time: row.creation_time,
    update_time: row.update_time,
    version_count: Number(row.version_count),
  };
}

/** A stored snapshot; one written by an older shape is read leniently rather than failing the list. */
export function parseSnapshot(text: string): ProblemSnapshot {
  const parsed = problemSnapshotSchema.safeParse(JSON.parse(text));
  if (parsed.success) return parsed.data;
  const raw = JSON.parse(text) as Partial<ProblemSnapshot>;
  return {
    no: raw.no ?? 0,
    type: raw.type ?? 1,
    choice_type: raw.choice_type ?? null,
    question: raw.question ?? '',
    illustration: raw.illustration ?? '',
    answer: raw.answer ?? '',
    comments: raw.comments ?? '',
    question_pic_path: raw.question_pic_path ?? null,
    answer_pic_path: raw.answer_pic_path ?? null,
    comment_pic_path: raw.comment_pic_path ?? null,
    is_vacant: raw.is_vacant ?? 0,
    set_header_code: raw.set_header_code ?? null,
    class_uids: raw.class_uids ?? [],
  };
}

export function presentVersion(row: VersionRow): ProblemVersion {
  return {
    code: row.code,
    problem_uid: row.problem_uid,
    edited_by: row.editor_code === null ? null : { member_code: row.editor_code, id: row.editor_id ?? '', name: row.editor_name ?? '' },
    creation_time: row.creation_time,
    snapshot: parseSnapshot(row.snapshot),
  };
}
