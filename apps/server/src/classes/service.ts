import type { ClassRow as ClassResponse, ClassWriteRequest } from '@qbank/shared/subjects';
import type { AppContext } from '../core/context';
import { plainDialectRead, plainRead } from '../core/plain-reads';
import { notFound } from '../errors';
import { messages } from '../messages';
import { isForeignKeyViolation } from '../core/db';
import { getSubject } from '../subjects/service';
import { recordAudit, type AuditActor } from '../audit/service';
import { presentClass } from './presenter';
import {
  deleteClass,
  findClass,
  subjectNameOf,
  findClassMeta as findClassMetaRow,
  insertClass,
  listSubjectClasses as listSubjectClassRows,
  updateClass,
} from './repository';

async function getClass(ctx: AppContext, uid: number): Promise<ClassResponse> {
  const row = await findClass(ctx.db, uid);
  if (!row) throw notFound(messages.classNotFound);
  return presentClass(row);
}

export async function createClass(ctx: AppContext, subjectCode: number, request: ClassWriteRequest): Promise<ClassResponse> {
  await getSubject(ctx, subjectCode);
  let uid: number;
  try {
    uid = await insertClass(ctx.db, subjectCode, {
      class_name: request.class_name,
      class_date: request.class_date,
      class_time: request.class_time ?? null,
      professor: request.professor ?? null,
    });
  } catch (error) {
    // The subject was deleted between the check and the insert.
    if (isForeignKeyViolation(error)) throw notFound(messages.subjectNotFound);
    throw error;
  }
  return getClass(ctx, uid);
}

/** Absent class_time and professor stay as they are; null clears them. */
export async function changeClass(ctx: AppContext, uid: number, request: ClassWriteRequest): Promise<ClassResponse> {
  const { class_time, professor, ...required } = request;
  const values = {
    ...required,
    ...(class_time === undefined ? {} : { class_time }),
    ...(professor === undefined ? {} : { professor }),
  };
  if (!(await updateClass(ctx.db, uid, values))) throw notFound(messages.classNotFound);
  return getClass(ctx, uid);
}

/** A lead's deletion, with its audit entry on the same transaction (decision 161). */
export async function removeClass(ctx: AppContext, actor: AuditActor, uid: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await findClass(trx, uid);
    if (!row || !(await deleteClass(trx, uid))) throw notFound(messages.classNotFound);
    const subjectName = await subjectNameOf(trx, row.subject_code);
    await recordAudit(trx, {
      actor,
      action: 'class.delete',
      target: { kind: 'class', id: uid, label: `${subjectName ?? `과목 ${row.subject_code}`} · ${row.class_name} (${row.class_date})` },
      before: {
        class_name: row.class_name,
        class_date: row.class_date,
        class_time: row.class_time,
        professor: row.professor,
        linked_problems: row.problem_count,
      },
    });
  });
}

// Plain reads with no rule of their own: the service is still the routes' one door to the repository.
export const findClassMeta = plainRead(findClassMetaRow);
export const listSubjectClasses = plainDialectRead(listSubjectClassRows);
