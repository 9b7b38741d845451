import type { ClassRow as ClassResponse } from '@qbank/shared/subjects';
import type { ClassRow } from './repository';

export function presentClass(row: ClassRow): ClassResponse {
  return {
    uid: row.uid,
    subject_code: row.subject_code,
    class_name: row.class_name,
    class_date: row.class_date,
    class_time: row.class_time,
    professor: row.professor,
    problem_count: row.problem_count,
  };
}
