import { validationMessages } from '@qbank/shared/messages';
import { PROBLEM_TYPES } from '@qbank/shared/problems';
import type { TestDeleteCheck, TestInfo, TestWriteRequest } from '@qbank/shared/exams';
import type { AppContext } from '../core/context';
import { plainDialectRead, plainRead } from '../core/plain-reads';
import type { DbOrTx } from '../core/db';
import { conflict, notFound, validationError } from '../errors';
import { messages } from '../messages';
import { isForeignKeyViolation } from '../core/db';
import { findSubject } from '../subjects/repository';
import type { MemberRow } from '../db/schema';
import { examTarget, recordAudit } from '../audit/service';
import {
  countProblemsForDeletion,
  countSetHeaders,
  countTests as countTestRows,
  countWrittenProblemsByType,
  deleteTestWithProblems,
  findTestGrades,
  findTestSummary,
  insertTest,
  listTestYears as listTestYearRows,
  listTests as listTestRows,
  lockTestForDeletion,
  replaceTestGrades,
  updateTest,
} from './repository';

export async function getTestInfo(ctx: AppContext, code: number): Promise<TestInfo> {
  const [summary, grades] = await Promise.all([findTestSummary(ctx.db, code), findTestGrades(ctx.db, code)]);
  if (!summary) throw notFound(messages.testNotFound);
  return { ...summary, grades };
}

export async function getTestMeta(ctx: AppContext, code: number) {
  const [info, byType, setHeaderCount] = await Promise.all([getTestInfo(ctx, code), countWrittenProblemsByType(ctx.db, code), countSetHeaders(ctx.db, code)]);
  return {
    ...info,
    counts: {
      multiple_choice: byType.get(PROBLEM_TYPES.multipleChoice) ?? 0,
      subjective: byType.get(PROBLEM_TYPES.subjective) ?? 0,
      slide: byType.get(PROBLEM_TYPES.slide) ?? 0,
    },
    set_header_count: setHeaderCount,
  };
}

// ---- Exam management (saving and deleting an exam) ----

// An unknown subject is a form error of the subject field, worded as the exam form's invalid subject (@qbank/shared/messages).
const subjectFieldError = () => validationError(validationMessages.testSubjectInvalid, { subject_code: validationMessages.testSubjectInvalid });

async function requireSubjectForTest(db: DbOrTx, subjectCode: number): Promise<void> {
  if (!(await findSubject(db, subjectCode))) throw subjectFieldError();
}

/** A subject deleted by another process between the check and the write is still an unknown subject. */
async function withSubjectCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw subjectFieldError();
    throw error;
  }
}

/** The exam with its grade codes, in one transaction. */
export async function createTest(ctx: AppContext, request: TestWriteRequest): Promise<TestInfo> {
  const { grades, ...values } = request;
  const code = await withSubjectCheck(() =>
    ctx.db.transaction().execute(async (trx) => {
      await requireSubjectForTest(trx, values.subject_code);
      const created = await insertTest(trx, values);
      await replaceTestGrades(trx, created, grades ?? []);
      return created;
    }),
  );
  return getTestInfo(ctx, code);
}

/** Absent grades stay as they are; given grades replace all of them. */
export async function changeTest(ctx: AppContext, code: number, request: TestWriteRequest): Promise<TestInfo> {
  const { grades, ...values } = request;
  await withSubjectCheck(() =>
    ctx.db.transaction().execute(async (trx) => {
      if (!(await findTestSummary(trx, code))) throw notFound(messages.testNotFound);
      await requireSubjectForTest(trx, values.subject_code);
      await updateTest(trx, code, values);
      if (grades !== undefined) await replaceTestGrades(trx, code, grades);
    }),
  );
  return getTestInfo(ctx, code);
}

export async function checkTestDeletion(ctx: AppContext, code: number): Promise<TestDeleteCheck> {
  if (!(await findTestSummary(ctx.db, code))) throw notFound(messages.testNotFound);
  return countProblemsForDeletion(ctx.db, code);
}

/**
 * Decision 023: refused while any problem is written; otherwise the exam goes with its vacant slots,
 * set headers and grades, all in one transaction. Returns how many vacant slots went with it.
 */
export async function removeTest(ctx: AppContext, actor: MemberRow, code: number): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await lockTestForDeletion(trx, ctx.dialect, code))) throw notFound(messages.testNotFound);
    const { written_count } = await countProblemsForDeletion(trx, code);
    if (written_count > 0) throw conflict(messages.testHasWrittenProblems(written_count));
    const target = await examTarget(trx, code);
    const vacant = await deleteTestWithProblems(trx, code);
    await recordAudit(trx, { actor, action: 'exam.delete', target, before: { exam: target.label, vacant_slots: vacant } });
    return vacant;
  });
}

// Plain reads with no rule of their own: the service is still the routes' one door to the repository.
export const countTests = plainDialectRead(countTestRows);
export const listTestYears = plainRead(listTestYearRows);
export const listTests = plainDialectRead(listTestRows);
