import { SUBJECT_TYPES } from '@qbank/shared/subjects';
import { messages } from './messages';

const m = messages.subjects;

/** 기초·기타 or 임상 (spec §3: type 0 basic/other, 1 clinical). */
export function subjectTypeLabel(type: number): string {
  return type === SUBJECT_TYPES.clinical ? m.typeClinical : m.typeBasic;
}

/** 임상종합평가 포함/미포함 (cliexam_type 1 or 0). */
export function cliexamLabel(cliexamType: number): string {
  return cliexamType === 1 ? m.cliexamIncluded : m.cliexamExcluded;
}
