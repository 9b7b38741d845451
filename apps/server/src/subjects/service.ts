import type { Subject, SubjectCreateRequest, SubjectUpdateRequest } from '@qbank/shared/subjects';
import type { AppContext } from '../core/context';
import { plainRead } from '../core/plain-reads';
import { isForeignKeyViolation } from '../core/db';
import { conflict, notFound } from '../errors';
import { messages } from '../messages';
import { recordAudit, type AuditActor } from '../audit/service';
import { presentSubject } from './presenter';
import {
  countSubjectClassProblems,
  countSubjectTests,
  deleteSubject,
  findSubject,
  findSubjectGrades,
  insertSubject,
  listClassYears as listClassYearRows,
  listSubjectNames as listSubjectNameRows,
  listSubjects,
  lockSubject,
  replaceSubjectGrades,
  updateSubject,
  type SubjectFilters,
} from './repository';

export async function getSubject(ctx: AppContext, code: number): Promise<Subject> {
  const row = await findSubject(ctx.db, code);
  if (!row) throw notFound(messages.subjectNotFound);
  const grades = await findSubjectGrades(ctx.db, [code]);
  return presentSubject(row, grades.get(code) ?? []);
}

export async function searchSubjects(ctx: AppContext, filters: SubjectFilters, paging: { page: number; limit: number }) {
  const { rows, total } = await listSubjects(ctx.db, ctx.dialect, filters, paging);
  const grades = await findSubjectGrades(
    ctx.db,
    rows.map((row) => row.code),
  );
  return { subjects: rows.map((row) => presentSubject(row, grades.get(row.code) ?? [])), total };
}

/** The subject with its grades, in one transaction. */
export async function createSubject(ctx: AppContext, request: SubjectCreateRequest): Promise<Subject> {
  const code = await ctx.db.transaction().execute(async (trx) => {
    const created = await insertSubject(trx, {
      subject_name: request.subject_name,
      abbr: request.abbr ?? null,
      type: request.type,
      cliexam_type: request.cliexam_type,
    });
    await replaceSubjectGrades(trx, created, request.grades ?? []);
    return created;
  });
  return getSubject(ctx, code);
}

/** Absent abbr and grades stay as they are; given grades replace all of them, atomically. */
export async function changeSubject(ctx: AppContext, request: SubjectUpdateRequest): Promise<Subject> {
  const { code, grades, abbr, ...values } = request;
  await ctx.db.transaction().execute(async (trx) => {
    const found = await updateSubject(trx, code, { ...values, ...(abbr === undefined ? {} : { abbr }) });
    if (!found) throw notFound(messages.subjectNotFound);
    if (grades !== undefined) await replaceSubjectGrades(trx, code, grades);
  });
  return getSubject(ctx, code);
}

/**
 * Refused while exams use the subject (their problems are the bank's content) or while its
 * classes carry problem links (deleting a whole subject would silently strip them; a lead who
 * means it deletes those classes one by one). Otherwise the subject goes with its grades and
 * classes.
 */
export async function removeSubject(ctx: AppContext, actor: AuditActor, code: number): Promise<void> {
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await lockSubject(trx, ctx.dialect, code))) throw notFound(messages.subjectNotFound);
      const tests = await countSubjectTests(trx, code);
      if (tests > 0) throw conflict(messages.subjectUsedByTests(tests));
      const linked = await countSubjectClassProblems(trx, code);
      if (linked > 0) throw conflict(messages.subjectClassesHaveProblems(linked));
      const subject = await findSubject(trx, code);
      const grades = (await findSubjectGrades(trx, [code])).get(code) ?? [];
      await deleteSubject(trx, code);
      // Decision 161: a lead's deletion, on the same transaction; a refused one (409) leaves none.
      await recordAudit(trx, {
        actor,
        action: 'subject.delete',
        target: { kind: 'subject', id: code, label: subject?.subject_name ?? `과목 ${code}` },
        before: { subject_name: subject?.subject_name ?? null, abbr: subject?.abbr ?? null, grade: grades },
      });
    });
  } catch (error) {
    // An exam written for the subject by another process between the count and the delete.
    if (isForeignKeyViolation(error)) throw conflict(messages.subjectInUse);
    throw error;
  }
}

// Plain reads with no rule of their own: the service is still the routes' one door to the repository.
export const listClassYears = plainRead(listClassYearRows);
export const listSubjectNames = plainRead(listSubjectNameRows);
