import { ILLUSTRATION_MAX, PROBLEM_ANSWER_MAX, PROBLEM_NO_MAX } from '@qbank/shared/authoring';
import { IMPORT_IMAGES_PER_PROBLEM_MAX, IMPORT_SET_HEADERS_MAX, IMPORT_TEXT_MAX } from '@qbank/shared/imports';
import { validationError } from '../errors';
import { typeLabel } from '../authoring/content';
import type { ParsedExam } from './exam-text-parser';
import { importMessages as m } from './messages';

// What a file read may hold is checked on the way in, against the limits of the import's own
// schemas (packages/shared/src/imports.ts): a .csv cell of 3 MB failed the preview response's
// `max 20000` on the way out, a 500. An over-long text is refused whole with 400 naming the
// problem and the field, never cut: a cut explanation would be imported as if complete
// (docs/decisions/070-import-limits-on-the-way-in.md).

const TEXT_LIMITS = [
  ['question', IMPORT_TEXT_MAX],
  ['illustration', ILLUSTRATION_MAX],
  ['answer', PROBLEM_ANSWER_MAX],
  ['comments', IMPORT_TEXT_MAX],
] as const;

const validNo = (no: number) => Number.isInteger(no) && no >= 1 && no <= PROBLEM_NO_MAX;

export function checkImportLimits(exam: ParsedExam): void {
  for (const problem of exam.problems) {
    const where = typeLabel(problem.type, problem.no);
    for (const [field, max] of TEXT_LIMITS) {
      if (problem[field].length > max) throw validationError(m.textTooLong(where, m.fieldNames[field], problem[field].length, max));
    }
    for (const pictures of [problem.images, problem.comment_images]) {
      if (pictures.length > IMPORT_IMAGES_PER_PROBLEM_MAX) throw validationError(m.tooManyPictures(where, pictures.length));
    }
  }
  if (exam.set_headers.length > IMPORT_SET_HEADERS_MAX) throw validationError(m.tooManySetHeaders(exam.set_headers.length));
  for (const header of exam.set_headers) {
    const where = m.setHeaderLabel(header.begin_problem_no, header.end_problem_no);
    if (!validNo(header.begin_problem_no) || !validNo(header.end_problem_no)) throw validationError(m.setHeaderNumbersInvalid(where));
    if (header.header_text.length > IMPORT_TEXT_MAX)
      throw validationError(m.textTooLong(where, m.fieldNames.header_text, header.header_text.length, IMPORT_TEXT_MAX));
    if (header.images.length > IMPORT_IMAGES_PER_PROBLEM_MAX) throw validationError(m.tooManyPictures(where, header.images.length));
  }
}
