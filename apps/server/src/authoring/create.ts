import type { Transaction } from 'kysely';
import { numberedChoices } from '@qbank/shared/answers';
import type { ProblemDetail } from '@qbank/shared/lead-problems';
import { htmlToPlainText } from '@qbank/shared/html-text';
import type { CreateProblemRequest } from '@qbank/shared/problem-create';
import type { AppContext } from '../core/context';
import { isUniqueViolation } from '../core/db';
import type { Database, MemberRow } from '../db/schema';
import { conflict, notFound, validationError } from '../errors';
import { messages } from '../messages';
import { insertProblemRow } from './create-repository';
import { lockTest } from './repository';
import { problemDetail } from './service';
import { checkLinks, hasQuestionContent, prepareProblemChanges, typeLabel, type PreparedChanges } from './content';
import { buildProblemSearchText } from '../problems/search-text';

// POST /v1/problem and the bulk import: a new problem goes through the edit path's
// preparation (sanitizing, image checks and upload, NUL removal) and is stored with the same
// derived columns (plain text, search document, vacancy). Its author is `updated_by`: the first
// edit moves this state, with that author, into the version history.

/** A multiple-choice problem without a choice type gets five choices, the common case. */
function defaultChoiceType(type: number): number | null {
  return type === 1 ? 5 : null;
}

/** Inserts one prepared problem inside the caller's transaction (which holds the exam's lock). */
export async function insertPreparedProblem(
  trx: Transaction<Database>,
  editor: MemberRow,
  target: { test_code: number; type: number; no: number },
  prepared: PreparedChanges,
): Promise<number> {
  const column = Object.keys(prepared.keepOnly)[0];
  // A picture path that is neither a data URL nor a stored upload: a new problem has none to keep.
  if (column) throw validationError(messages.imagePathInvalid, { [column]: messages.imagePathInvalid });
  // A new problem has no number yet, so its number is checked like a renumbering (409 if taken).
  await checkLinks(trx, { ...target, no: 0, set_header_code: null }, { ...prepared.values, no: target.no }, prepared.class_uids);
  const { values } = prepared;
  const content = {
    question: values.question ?? '',
    illustration: numberedChoices(values.illustration ?? '', target.type),
    answer: values.answer ?? '',
    comments: values.comments ?? '',
    question_pic_path: values.question_pic_path ?? null,
  };
  try {
    return await insertProblemRow(
      trx,
      {
        ...target,
        ...content,
        choice_type: values.choice_type === undefined ? defaultChoiceType(target.type) : values.choice_type,
        question_text: htmlToPlainText(content.question),
        answer_pic_path: values.answer_pic_path ?? null,
        comment_pic_path: values.comment_pic_path ?? null,
        set_header_code: values.set_header_code ?? null,
        search_text: buildProblemSearchText(content),
        is_vacant: hasQuestionContent(content) ? 0 : 1,
        updated_by: editor.code,
      },
      prepared.class_uids ?? [],
    );
  } catch (error) {
    // Two creations of the same number at once: the unique constraint decides.
    if (isUniqueViolation(error))
      throw conflict(messages.problemNoTaken(typeLabel(target.type, target.no)), { no: messages.problemNoTaken(typeLabel(target.type, target.no)) });
    throw error;
  }
}

/** POST /v1/problem: 201 with the problem as the lead detail shows it. */
export async function createProblem(ctx: AppContext, editor: MemberRow, body: CreateProblemRequest): Promise<ProblemDetail> {
  const { test_code, type, no, ...changes } = body;
  const prepared = await prepareProblemChanges(ctx.storage, changes);
  const uid = await ctx.db.transaction().execute(async (trx) => {
    if (!(await lockTest(trx, ctx.dialect, test_code))) throw notFound(messages.testNotFound);
    return insertPreparedProblem(trx, editor, { test_code, type, no }, prepared);
  });
  return problemDetail(ctx, uid);
}
