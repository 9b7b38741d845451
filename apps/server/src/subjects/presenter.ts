import type { Subject } from '@qbank/shared/subjects';
import type { SubjectRow } from './repository';

export function presentSubject(row: SubjectRow, grades: number[]): Subject {
  return {
    subject_code: row.code,
    subject_name: row.subject_name,
    abbr: row.abbr,
    type: row.type,
    cliexam_type: row.cliexam_type,
    grades,
    positions: grades.map((grade) => ({ grade })),
  };
}
