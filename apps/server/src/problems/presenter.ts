import type { Problem } from '@qbank/shared/problems';
import { specVacancy } from '../visibility/visible-problems';
import type { ProblemListRow } from './repository';

export function presentProblem(row: ProblemListRow): Problem {
  return {
    uid: row.uid,
    problem_code: row.uid,
    no: row.no,
    test_code: row.test_code,
    test_name: row.test_name,
    subject_code: row.subject_code,
    subject_name: row.subject_name,
    year: row.year,
    type: row.type,
    choice_type: row.choice_type,
    question: row.question,
    question_text: row.question_text,
    illustration: row.illustration,
    answer: row.answer,
    comments: row.comments,
    is_vacant: specVacancy(row.is_vacant),
    question_pic_path: row.question_pic_path,
    answer_pic_path: row.answer_pic_path,
    comment_pic_path: row.comment_pic_path,
    set_header:
      row.header_code === null
        ? null
        : {
            code: row.header_code,
            test_code: row.test_code,
            type: row.header_type ?? 1,
            begin_problem_no: row.begin_problem_no ?? row.no,
            end_problem_no: row.end_problem_no ?? row.no,
            header_text: row.header_text ?? '',
            pic_path: row.header_pic_path,
          },
    reply_count: Number(row.reply_count),
    is_voided: row.is_voided,
  };
}
