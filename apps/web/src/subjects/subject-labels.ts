import { GRADE_CODES, gradeCodeLabel } from '@qbank/shared/grade';
import { SUBJECT_TYPES } from '@qbank/shared/subjects';
import { messages } from './messages';

const m = messages.subjects;

/** 기초·기타 or 임상 (type 0 basic/other, 1 clinical). */
export function subjectTypeLabel(type: number): string {
  return type === SUBJECT_TYPES.clinical ? m.typeClinical : m.typeBasic;
}

/** 임상종합평가 포함/미포함 (cliexam_type 1 or 0). */
export function cliexamLabel(cliexamType: number): string {
  return cliexamType === 1 ? m.cliexamIncluded : m.cliexamExcluded;
}

/** The grade filter of both subject lists: every grade, then each grade and quarter. */
export const gradeOptions = [{ value: '', label: m.allGrades }, ...GRADE_CODES.map((code) => ({ value: String(code), label: gradeCodeLabel(code) }))];
