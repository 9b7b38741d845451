import type { FastifyBaseLogger } from 'fastify';
import { PROBLEM_NO_MAX, type ProblemChanges, type ProblemContent, type PutProblemRequest, type UpdateProblemRequest } from '@qbank/shared/authoring';
import { slotCountsOf, type CreateEmptySlotsRequest, type CreateSpecificSlotsRequest } from '@qbank/shared/authoring-slots';
import { type ProblemDetail } from '@qbank/shared/lead-problems';
import { type CreateSetHeaderRequest, type UpdateSetHeaderRequest } from '@qbank/shared/set-headers';
import { htmlToPlainText } from '@qbank/shared/html-text';
import { validationMessages } from '@qbank/shared/messages';
import { mayWorkOnSlot } from '@qbank/shared/policies';
import { roleOf } from '../core/auth-guards';
import type { AppContext } from '../core/context';
import { isUniqueViolation } from '../core/db';
import type { MemberRow } from '../db/schema';
import { conflict, forbidden, notFound, validationError } from '../errors';
import { messages } from '../messages';
import { getTestInfo } from '../exams/service';
import { PendingImages } from '../uploads/images';
import { insertNotifications } from '../notifications/repository';
import { insertReviewStep, markSubmitted, slotReviewers, syncWithheld } from './submission-review-repository';
import { presentLeadRow, presentProblemDetail, presentVersion, parseSnapshot } from './presenter';
import {
  deleteProblem,
  deleteSetHeader,
  deleteVacantSlots,
  findOverlappingHeader,
  findProblemByNumber,
  findProblemDetailRow,
  findProblemRow,
  findSetHeader,
  findTakenNumbers,
  findVersion,
  insertSetHeader,
  insertSlots,
  isAssignee,
  linkHeaderRange,
  linkedProblemUids,
  listAssignees,
  listLeadProblems,
  listProblemClasses,
  listVersions,
  lockTest,
  maxNumbersByType,
  unlinkHeader,
  updateSetHeader,
  type SetHeaderRow,
} from './repository';
import {
  finishPicture,
  finishRichText,
  hasQuestionContent,
  prepareProblemChanges,
  preparedFromSnapshot,
  snapshotOf,
  startPicture,
  startRichText,
  typeLabel,
  writeProblemContent,
  type ProblemRow,
  type WriteOptions,
} from './content';
import { examTarget, problemTarget, recordAudit } from '../audit/service';
import { linkStartedFrom, requireStartingPoint } from '../lineage/started-from';

// Rules of the lead problem screens and of the assignee's submit.

function groupByProblem<T extends { problem_uid: number }>(rows: readonly T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.problem_uid);
    if (group) group.push(row);
    else groups.set(row.problem_uid, [row]);
  }
  return groups;
}

async function requireProblem(ctx: AppContext, uid: number): Promise<ProblemRow> {
  const problem = await findProblemRow(ctx.db, uid);
  if (!problem) throw notFound(messages.problemNotFound);
  return problem;
}

export async function leadProblemList(
  ctx: AppContext,
  query: { test_code: number; include_vacant: boolean; review_status?: string | undefined; page: number; limit: number },
) {
  const [test, { rows, total }] = await Promise.all([
    getTestInfo(ctx, query.test_code),
    listLeadProblems(ctx.db, query.test_code, query.include_vacant, query, query.review_status),
  ]);
  const assignees = await listAssignees(
    ctx.db,
    rows.map((row) => row.uid),
  );
  const byProblem = groupByProblem(assignees);
  return {
    problem: rows.map((row) => presentLeadRow(row, byProblem.get(row.uid) ?? [])),
    problem_count: total,
    page: query.page,
    limit: query.limit,
    test,
  };
}

export async function problemDetail(ctx: AppContext, uid: number): Promise<ProblemDetail> {
  const row = await findProblemDetailRow(ctx.db, uid);
  if (!row) throw notFound(messages.problemNotFound);
  const [assignees, classes, test] = await Promise.all([listAssignees(ctx.db, [uid]), listProblemClasses(ctx.db, uid), getTestInfo(ctx, row.test_code)]);
  return presentProblemDetail(row, { assignees, classes, test });
}

/** Leads see every problem; a member sees the slots assigned to them (vacant ones included). */
export async function requireDetailAccess(ctx: AppContext, member: MemberRow, uid: number): Promise<void> {
  await requireProblem(ctx, uid);
  if (!mayWorkOnSlot(roleOf(member), await isAssignee(ctx.db, uid, member.code))) throw forbidden(messages.problemDetailForbidden);
}

// ---- Empty slots

function takenMessage(slots: ReadonlyArray<{ type: number; no: number }>): string {
  const labels = slots.slice(0, 10).map((slot) => typeLabel(slot.type, slot.no));
  return messages.problemNoTaken(labels.join(', ') + (slots.length > 10 ? ' …' : ''));
}

/** Numbering per type continues after the highest number of that type; all slots in one transaction. */
export async function createEmptySlots(ctx: AppContext, editor: MemberRow, body: CreateEmptySlotsRequest) {
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await lockTest(trx, ctx.dialect, body.test_code))) throw notFound(messages.testNotFound);
    const highest = await maxNumbersByType(trx, body.test_code);
    const slots: Array<{ type: number; no: number }> = [];
    for (const { type, count } of slotCountsOf(body)) {
      const start = highest.get(type) ?? 0;
      if (start + count > PROBLEM_NO_MAX) throw validationError(messages.problemNoOverflow);
      for (let i = 1; i <= count; i += 1) slots.push({ type, no: start + i });
    }
    try {
      return await insertSlots(trx, body.test_code, slots, editor.code);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(takenMessage(slots));
      throw error;
    }
  });
}

/** Slots with the numbers asked for; any clash (with the exam or within the request) creates nothing. */
export async function createSpecificSlots(ctx: AppContext, editor: MemberRow, body: CreateSpecificSlotsRequest) {
  const slots = body.numbers.map((entry) => (typeof entry === 'number' ? { type: body.type ?? 1, no: entry } : entry));
  const seen = new Set<string>();
  const repeated = slots.filter((slot) => {
    const key = `${slot.type}:${slot.no}`;
    if (seen.has(key)) return true;
    seen.add(key);
    return false;
  });
  if (repeated.length > 0) throw conflict(takenMessage(repeated));
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await lockTest(trx, ctx.dialect, body.test_code))) throw notFound(messages.testNotFound);
    const taken = await findTakenNumbers(trx, body.test_code, slots);
    if (taken.length > 0) throw conflict(takenMessage(taken));
    try {
      return await insertSlots(trx, body.test_code, slots, editor.code);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(takenMessage(slots));
      throw error;
    }
  });
}

// ---- Editing

function refuseTypeChange(problem: ProblemRow, type: number | undefined): void {
  if (type !== undefined && type !== problem.type) {
    throw validationError(messages.problemTypeUnchangeable, { type: messages.problemTypeUnchangeable });
  }
}

/**
 * Content started from a past problem ("이 문제에서 시작") is linked to it in the save's transaction
 * (decision 187); the starting point is checked before anything is stored.
 */
async function startedFromLink(ctx: AppContext, uid: number, startedFrom: number | undefined): Promise<WriteOptions['afterWrite']> {
  if (startedFrom === undefined) return undefined;
  await requireStartingPoint(ctx.db, startedFrom, uid);
  return (trx) => linkStartedFrom(trx, uid, startedFrom);
}

async function saveEdit(ctx: AppContext, editor: MemberRow, uid: number, changes: ProblemChanges, startedFrom: number | undefined): Promise<ProblemDetail> {
  const afterWrite = await startedFromLink(ctx, uid, startedFrom);
  const prepared = await prepareProblemChanges(ctx.storage, changes);
  await writeProblemContent(ctx, editor, uid, prepared, { requireChange: true, ...(afterWrite ? { afterWrite } : {}) });
  return problemDetail(ctx, uid);
}

/** PATCH /v1/problem/{id}: only the changed fields; a type is never changed. */
export async function updateProblem(ctx: AppContext, editor: MemberRow, uid: number, body: UpdateProblemRequest): Promise<ProblemDetail> {
  const problem = await requireProblem(ctx, uid);
  const { type, started_from, ...changes } = body;
  refuseTypeChange(problem, type);
  return saveEdit(ctx, editor, uid, changes, started_from);
}

/** PUT /v1/problem: the same save, the problem named in the body with its exam. */
export async function putProblem(ctx: AppContext, editor: MemberRow, body: PutProblemRequest): Promise<ProblemDetail> {
  const { uid, test_code, type, started_from, ...changes } = body;
  const problem = await requireProblem(ctx, uid);
  if (problem.test_code !== test_code) throw validationError(messages.problemTestMismatch, { test_code: messages.problemTestMismatch });
  refuseTypeChange(problem, type);
  return saveEdit(ctx, editor, uid, changes, started_from);
}

export async function problemVersions(ctx: AppContext, uid: number, paging: { page: number; limit: number }) {
  await requireProblem(ctx, uid);
  const { rows, total } = await listVersions(ctx.db, uid, paging);
  return { versions: rows.map(presentVersion), total, page: paging.page, limit: paging.limit };
}

/** Puts a version's content back; the state it replaces becomes a version itself. */
export async function restoreVersion(ctx: AppContext, editor: MemberRow, uid: number, versionCode: number): Promise<ProblemDetail> {
  await requireProblem(ctx, uid);
  const version = await findVersion(ctx.db, uid, versionCode);
  if (!version) throw notFound(messages.versionNotFound);
  await writeProblemContent(ctx, editor, uid, preparedFromSnapshot(parseSnapshot(version.snapshot)), { requireChange: true });
  return problemDetail(ctx, uid);
}

/**
 * POST /v1/problem/{slot}/submit: the assignee (or a lead) fills the slot in. The same versioned
 * write; the question must not be empty; the submitter's assignment becomes 'submitted'.
 */
export async function submitSlot(
  ctx: AppContext,
  member: MemberRow,
  uid: number,
  content: ProblemContent,
  startedFrom?: number | undefined,
): Promise<ProblemDetail> {
  await requireProblem(ctx, uid);
  const assignee = await isAssignee(ctx.db, uid, member.code);
  if (!mayWorkOnSlot(roleOf(member), assignee)) throw forbidden(messages.submitNotAssignee);
  const linkOrigin = await startedFromLink(ctx, uid, startedFrom);
  const prepared = await prepareProblemChanges(ctx.storage, content);
  await writeProblemContent(ctx, member, uid, prepared, {
    requireChange: false,
    requireQuestion: true,
    afterWrite: async (trx, problem, changed) => {
      await linkOrigin?.(trx, problem, changed);
      // A lead submitting on someone's behalf completes the slot for all its assignees.
      await markSubmitted(trx, uid, assignee ? member.code : undefined);
      await insertReviewStep(trx, { problem_uid: uid, actor_code: member.code, action: 'submitted' });
      // A resubmission after 수정 요청 stays withheld until a lead approves it (decision 077).
      await syncWithheld(trx, [uid]);
      // The submission waits for a lead: tell them (issue 26 item 12). A lead's own submit needs no review call.
      if (assignee) {
        const reviewers = await slotReviewers(trx, uid, member.code);
        await insertNotifications(
          trx,
          reviewers.map((member_code) => ({ member_code, kind: 'slot_submitted', problem_uid: uid, detail: member.name })),
        );
      }
    },
  });
  return problemDetail(ctx, uid);
}

// ---- Deletion

async function removeProblem(ctx: AppContext, editor: MemberRow, problem: ProblemRow, log: FastifyBaseLogger) {
  const classes = await listProblemClasses(ctx.db, problem.uid);
  await ctx.db.transaction().execute(async (trx) => {
    const target = await problemTarget(trx, problem);
    await deleteProblem(trx, problem.uid);
    const content = hasQuestionContent(problem) ? { question_text: htmlToPlainText(problem.question).slice(0, 500), answer: problem.answer } : {};
    await recordAudit(trx, { actor: editor, action: 'problem.delete', target, before: { type: problem.type, no: problem.no, ...content } });
  });
  // Versions go with the problem, so a written problem's last content is kept in the log.
  const written = hasQuestionContent(problem);
  log.info(
    {
      problem: { uid: problem.uid, test_code: problem.test_code, type: problem.type, no: problem.no },
      by: editor.code,
      ...(written
        ? {
            snapshot: snapshotOf(
              problem,
              classes.map((c) => c.uid),
            ),
            question_text: htmlToPlainText(problem.question),
          }
        : {}),
    },
    written ? 'written problem deleted' : 'problem slot deleted',
  );
  return { uid: problem.uid, no: problem.no, type: problem.type };
}

export async function deleteProblemByUid(ctx: AppContext, editor: MemberRow, uid: number, log: FastifyBaseLogger) {
  return removeProblem(ctx, editor, await requireProblem(ctx, uid), log);
}

export async function deleteProblemByNumber(
  ctx: AppContext,
  editor: MemberRow,
  query: { test_code: number; no: number; type: number },
  log: FastifyBaseLogger,
) {
  await getTestInfo(ctx, query.test_code);
  const problem = await findProblemByNumber(ctx.db, query.test_code, query.type, query.no);
  if (!problem) throw notFound(messages.problemNotFound);
  return removeProblem(ctx, editor, problem, log);
}

export async function bulkDeleteVacant(ctx: AppContext, editor: MemberRow, testCode: number, log: FastifyBaseLogger): Promise<number> {
  await getTestInfo(ctx, testCode);
  const deleted = await ctx.db.transaction().execute(async (trx) => {
    const count = await deleteVacantSlots(trx, testCode);
    if (count > 0)
      await recordAudit(trx, { actor: editor, action: 'problem.delete', target: await examTarget(trx, testCode), before: { vacant_slots: count } });
    return count;
  });
  log.info({ test_code: testCode, deleted, by: editor.code }, 'vacant slots deleted');
  return deleted;
}

// ---- Set headers

interface HeaderContent {
  header_text?: string;
  pic_path?: string | null;
}

/** Header text and picture go through the same sanitizing and image rules as problem content. */
async function prepareHeaderContent(
  ctx: AppContext,
  input: { header_text?: string | undefined; pic?: string | null | undefined },
  currentPic: string | null,
): Promise<HeaderContent> {
  const images = new PendingImages(ctx.storage);
  const text = input.header_text === undefined ? undefined : startRichText(input.header_text, images, 'header_text');
  const pic = input.pic === undefined ? undefined : await startPicture(input.pic, images, ctx.storage, 'pic');
  if (pic && 'keepOnly' in pic && pic.keepOnly !== currentPic) throw validationError(messages.imagePathInvalid, { pic: messages.imagePathInvalid });
  const links = await images.storeAll();
  const out: HeaderContent = {};
  if (text !== undefined) out.header_text = finishRichText(text, links, 'header_text');
  if (pic !== undefined) {
    const done = finishPicture(pic, links);
    out.pic_path = 'keepOnly' in done ? done.keepOnly : done.path;
  }
  return out;
}

function requireHeaderContent(text: string, pic: string | null): void {
  if (htmlToPlainText(text) === '' && !/<img\b/i.test(text) && pic === null) {
    throw validationError(messages.setHeaderContentRequired, { header_text: messages.setHeaderContentRequired });
  }
}

async function refuseOverlap(ctx: AppContext, testCode: number, begin: number, end: number, exceptCode?: number): Promise<void> {
  const other = await findOverlappingHeader(ctx.db, testCode, begin, end, exceptCode);
  if (other) throw conflict(messages.setHeaderOverlap(`${other.begin_problem_no}–${other.end_problem_no}`));
}

export async function createSetHeader(ctx: AppContext, body: CreateSetHeaderRequest) {
  await getTestInfo(ctx, body.test_code);
  await refuseOverlap(ctx, body.test_code, body.begin_problem_no, body.end_problem_no);
  const content = await prepareHeaderContent(ctx, body, null);
  const headerText = content.header_text ?? '';
  const picPath = content.pic_path ?? null;
  requireHeaderContent(headerText, picPath);
  return ctx.db.transaction().execute(async (trx) => {
    const header = await insertSetHeader(trx, {
      test_code: body.test_code,
      type: body.type,
      begin_problem_no: body.begin_problem_no,
      end_problem_no: body.end_problem_no,
      header_text: headerText,
      pic_path: picPath,
    });
    return { header, problem_uids: await linkHeaderRange(trx, header) };
  });
}

async function requireSetHeader(ctx: AppContext, code: number): Promise<SetHeaderRow> {
  const header = await findSetHeader(ctx.db, code);
  if (!header) throw notFound(messages.setHeaderNotFound);
  return header;
}

export async function editSetHeader(ctx: AppContext, code: number, body: UpdateSetHeaderRequest) {
  const current = await requireSetHeader(ctx, code);
  const begin = body.begin_problem_no ?? current.begin_problem_no;
  const end = body.end_problem_no ?? current.end_problem_no;
  if (end < begin) throw validationError(validationMessages.setHeaderRangeInvalid, { end_problem_no: validationMessages.setHeaderRangeInvalid });
  const rangeChanged = begin !== current.begin_problem_no || end !== current.end_problem_no;
  if (rangeChanged) await refuseOverlap(ctx, current.test_code, begin, end, code);
  const content = await prepareHeaderContent(ctx, body, current.pic_path);
  requireHeaderContent(content.header_text ?? current.header_text, content.pic_path === undefined ? current.pic_path : content.pic_path);
  return ctx.db.transaction().execute(async (trx) => {
    const header = await updateSetHeader(trx, code, {
      ...(body.type !== undefined ? { type: body.type } : {}),
      begin_problem_no: begin,
      end_problem_no: end,
      ...content,
    });
    if (!rangeChanged) return { header, problem_uids: await linkedProblemUids(trx, code) };
    await unlinkHeader(trx, code);
    return { header, problem_uids: await linkHeaderRange(trx, header) };
  });
}

export async function removeSetHeader(ctx: AppContext, code: number): Promise<void> {
  await requireSetHeader(ctx, code);
  await ctx.db.transaction().execute(async (trx) => {
    await unlinkHeader(trx, code);
    await deleteSetHeader(trx, code);
  });
}
