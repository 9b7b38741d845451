import type { Selectable, Transaction } from 'kysely';
import { numberedChoices } from '@qbank/shared/answers';
import { RICH_TEXT_MAX, type ProblemChanges } from '@qbank/shared/authoring';
import { type ProblemSnapshot } from '@qbank/shared/lead-problems';
import { htmlToPlainText } from '@qbank/shared/html-text';
import { validationMessages } from '@qbank/shared/messages';
import type { AppContext } from '../core/context';
import { isUniqueViolation, nowIso } from '../core/db';
import { VACANCY } from '../visibility/visible-problems';
import { sanitizeRichHtml } from '../rich-text/html';
import type { Database, MemberRow, ProblemsTable } from '../db/schema';
import { conflict, notFound, validationError } from '../errors';
import { messages } from '../messages';
import type { FileStore } from '../core/file-store';
import { PendingImages, isDataUrl, isUploadPath, linkInlineImages, uploadExists } from '../uploads/images';
import { buildProblemSearchText } from '../problems/search-text';
import { rejudgeProblemAnswers } from '../answers/rejudge';
import { problemTarget, recordAudit } from '../audit/service';
import {
  countClassesOfExam,
  findProblemForWrite,
  findSetHeaderExam,
  insertProblemVersion,
  isSlotTaken,
  listProblemClassUids,
  replaceProblemClasses,
  updateProblemContent,
} from './content-repository';

// THE write path of problem content (PATCH, PUT, submit, restore). In one transaction it keeps
// the state being replaced in problem_versions, then writes the new one with its plain text,
// search document and vacancy derived from it. Content students made by hand is never lost:
// every earlier state can be listed and restored.

export type ProblemRow = Selectable<ProblemsTable>;
type Trx = Transaction<Database>;

const PIC_COLUMNS = { question_pic: 'question_pic_path', answer_pic: 'answer_pic_path', comment_pic: 'comment_pic_path' } as const;
type PicField = keyof typeof PIC_COLUMNS;
type PicColumn = (typeof PIC_COLUMNS)[PicField];

/** The columns an edit writes (before the derived ones). */
export interface ContentValues {
  no?: number;
  choice_type?: number | null;
  question?: string;
  illustration?: string;
  answer?: string;
  comments?: string;
  question_pic_path?: string | null;
  answer_pic_path?: string | null;
  comment_pic_path?: string | null;
  set_header_code?: number | null;
}

export interface PreparedChanges {
  values: ContentValues;
  /** Picture values that are neither a data URL nor a known upload: accepted only if they are what the problem already has. */
  keepOnly: Partial<Record<PicColumn, string>>;
  class_uids?: number[];
}

/** PostgreSQL refuses NUL in text; an HTML parser drops it anyway. */
function withoutNul(text: string): string {
  return text.replaceAll('\u0000', '');
}

/** Rich HTML as stored: sanitized, its inline images queued for /uploads. Link with `finishRichText`. */
export function startRichText(raw: string, images: PendingImages, field: string): string {
  const sanitized = withoutNul(sanitizeRichHtml(raw));
  images.addInline(sanitized, field);
  return sanitized;
}

export function finishRichText(sanitized: string, links: Map<string, string>, field: string): string {
  const html = linkInlineImages(sanitized, links);
  if (html.length > RICH_TEXT_MAX) throw validationError(messages.problemContentTooLong, { [field]: messages.problemContentTooLong });
  return html;
}

export type PicResolution = { path: string | null } | { keepOnly: string };

/** A picture field: a data URL is queued for upload, a stored upload is kept, null removes it. */
export async function startPicture(value: string | null, images: PendingImages, store: FileStore, field: string): Promise<PicResolution> {
  if (value === null) return { path: null };
  if (isDataUrl(value)) {
    images.add(value, field);
    return { path: value };
  }
  if (isUploadPath(value) && (await uploadExists(store, value))) return { path: value };
  return { keepOnly: value };
}

export function finishPicture(resolution: PicResolution, links: Map<string, string>): PicResolution {
  if ('keepOnly' in resolution || resolution.path === null) return resolution;
  return { path: links.get(resolution.path) ?? resolution.path };
}

/** Sanitizes and uploads what an edit sends. Images are checked (400/413) before any is stored. */
export async function prepareProblemChanges(store: FileStore, changes: ProblemChanges): Promise<PreparedChanges> {
  const images = new PendingImages(store);
  const question = changes.question === undefined ? undefined : startRichText(changes.question, images, 'question');
  const comments = changes.comments === undefined ? undefined : startRichText(changes.comments, images, 'comments');
  const pictures: Array<[PicColumn, PicResolution]> = [];
  for (const [field, column] of Object.entries(PIC_COLUMNS) as Array<[PicField, PicColumn]>) {
    const value = changes[field];
    if (value !== undefined) pictures.push([column, await startPicture(value, images, store, field)]);
  }
  const links = await images.storeAll();

  const prepared: PreparedChanges = { values: {}, keepOnly: {} };
  const { values } = prepared;
  if (question !== undefined) values.question = finishRichText(question, links, 'question');
  if (comments !== undefined) values.comments = finishRichText(comments, links, 'comments');
  if (changes.illustration !== undefined) values.illustration = withoutNul(changes.illustration);
  if (changes.answer !== undefined) values.answer = withoutNul(changes.answer);
  if (changes.choice_type !== undefined) values.choice_type = changes.choice_type;
  if (changes.no !== undefined) values.no = changes.no;
  if (changes.set_header_code !== undefined) values.set_header_code = changes.set_header_code;
  for (const [column, resolution] of pictures) {
    const done = finishPicture(resolution, links);
    if ('keepOnly' in done) prepared.keepOnly[column] = done.keepOnly;
    else values[column] = done.path;
  }
  if (changes.class_uids !== undefined) prepared.class_uids = [...new Set(changes.class_uids)].sort((a, b) => a - b);
  return prepared;
}

/** Restoring a version puts its content back; number, set header and classes stay as they are now. */
export function preparedFromSnapshot(snapshot: ProblemSnapshot): PreparedChanges {
  return {
    values: {
      choice_type: snapshot.choice_type,
      question: withoutNul(sanitizeRichHtml(snapshot.question)),
      illustration: snapshot.illustration,
      answer: snapshot.answer,
      comments: withoutNul(sanitizeRichHtml(snapshot.comments)),
      question_pic_path: snapshot.question_pic_path,
      answer_pic_path: snapshot.answer_pic_path,
      comment_pic_path: snapshot.comment_pic_path,
    },
    keepOnly: {},
  };
}

/** A question counts as written when it has text, an inline image or a question picture. */
export function hasQuestionContent(problem: { question: string; question_pic_path: string | null }): boolean {
  return htmlToPlainText(problem.question) !== '' || /<img\b/i.test(problem.question) || problem.question_pic_path !== null;
}

export function snapshotOf(problem: ProblemRow, classUids: number[]): ProblemSnapshot {
  return {
    no: problem.no,
    type: problem.type,
    choice_type: problem.choice_type,
    question: problem.question,
    illustration: problem.illustration,
    answer: problem.answer,
    comments: problem.comments,
    question_pic_path: problem.question_pic_path,
    answer_pic_path: problem.answer_pic_path,
    comment_pic_path: problem.comment_pic_path,
    is_vacant: problem.is_vacant,
    set_header_code: problem.set_header_code,
    class_uids: [...classUids].sort((a, b) => a - b),
  };
}

export function typeLabel(type: number, no: number): string {
  return `${messages.problemTypeLabels[type] ?? type} ${no}번`;
}

export interface WriteOptions {
  /** Edits and restores refuse a save that changes nothing; a submit still marks the slot. */
  requireChange: boolean;
  /** Submit: the saved problem must have a question. */
  requireQuestion?: boolean;
  /** A dispute ruling tells the members itself: the re-judging then notifies nobody. */
  rejudgeTellsMembers?: boolean;
  /** Runs in the same transaction after the write (or after finding nothing to change). */
  afterWrite?: (trx: Trx, problem: ProblemRow, changed: boolean) => Promise<void>;
}

async function lockProblem(ctx: AppContext, trx: Trx, uid: number): Promise<ProblemRow> {
  const row = await findProblemForWrite(trx, uid, ctx.dialect === 'postgres');
  if (!row) throw notFound(messages.problemNotFound);
  return row;
}

/** The set header and classes belong to the problem's exam, and a new number is free (409). */
export async function checkLinks(
  trx: Trx,
  problem: Pick<ProblemRow, 'test_code' | 'type' | 'no' | 'set_header_code'>,
  values: ContentValues,
  classUids: number[] | undefined,
): Promise<void> {
  if (values.set_header_code !== undefined && values.set_header_code !== null && values.set_header_code !== problem.set_header_code) {
    if ((await findSetHeaderExam(trx, values.set_header_code)) !== problem.test_code) {
      throw validationError(messages.setHeaderOtherTest, { set_header_code: messages.setHeaderOtherTest });
    }
  }
  if (classUids && classUids.length > 0) {
    if ((await countClassesOfExam(trx, problem.test_code, classUids)) !== classUids.length)
      throw validationError(messages.classesOtherSubject, { class_uids: messages.classesOtherSubject });
  }
  if (values.no !== undefined && values.no !== problem.no) {
    if (await isSlotTaken(trx, { test_code: problem.test_code, type: problem.type, no: values.no }))
      throw conflict(messages.problemNoTaken(typeLabel(problem.type, values.no)), { no: messages.problemNoTaken(typeLabel(problem.type, values.no)) });
  }
}

/**
 * Saves an edit of problem `uid` by `editor`: the previous state goes to problem_versions first
 * (with who wrote it and when), then the new state with question_text, search_text and
 * is_vacant derived from it, and updated_by/update_time set — all in one transaction.
 */
export async function writeProblemContent(ctx: AppContext, editor: MemberRow, uid: number, prepared: PreparedChanges, options: WriteOptions): Promise<void> {
  await ctx.db.transaction().execute((trx) => writeProblemContentIn(ctx, trx, editor, uid, prepared, options));
}

/** The same save inside a caller's transaction (a bulk import fills many slots in one). */
export async function writeProblemContentIn(
  ctx: AppContext,
  trx: Trx,
  editor: MemberRow,
  uid: number,
  prepared: PreparedChanges,
  options: WriteOptions,
): Promise<void> {
  {
    const current = await lockProblem(ctx, trx, uid);
    for (const [column, value] of Object.entries(prepared.keepOnly) as Array<[PicColumn, string]>) {
      if (current[column] !== value) throw validationError(messages.imagePathInvalid, { [column]: messages.imagePathInvalid });
    }
    await checkLinks(trx, current, prepared.values, prepared.class_uids);

    const currentClassUids = await listProblemClassUids(trx, uid);
    // Choices are stored as the viewers read them (numberedChoices); a returned submission stays
    // withheld through every save until a lead approves it (decision 077).
    const merged: ProblemRow = {
      ...current,
      ...prepared.values,
      illustration: numberedChoices(prepared.values.illustration ?? current.illustration, current.type),
    };
    const written = current.is_vacant === VACANCY.withheld ? VACANCY.withheld : VACANCY.written;
    const next: ProblemRow = { ...merged, is_vacant: hasQuestionContent(merged) ? written : VACANCY.vacant };
    if (options.requireQuestion && next.is_vacant === VACANCY.vacant) {
      throw validationError(validationMessages.questionRequired, { question: validationMessages.questionRequired });
    }
    const before = snapshotOf(current, currentClassUids);
    const after = snapshotOf(next, prepared.class_uids ?? currentClassUids);
    const changed = JSON.stringify(before) !== JSON.stringify(after);
    if (!changed) {
      if (options.requireChange) throw validationError(validationMessages.problemNoChanges);
      await options.afterWrite?.(trx, current, false);
      return;
    }

    await insertProblemVersion(trx, { problem_uid: uid, snapshot: JSON.stringify(before), edited_by: current.updated_by, creation_time: current.update_time });
    let saved: ProblemRow;
    try {
      saved = await updateProblemContent(trx, uid, {
        no: next.no,
        choice_type: next.choice_type,
        question: next.question,
        question_text: htmlToPlainText(next.question),
        illustration: next.illustration,
        answer: next.answer,
        comments: next.comments,
        question_pic_path: next.question_pic_path,
        answer_pic_path: next.answer_pic_path,
        comment_pic_path: next.comment_pic_path,
        set_header_code: next.set_header_code,
        search_text: buildProblemSearchText(next),
        is_vacant: next.is_vacant,
        updated_by: editor.code,
        update_time: nowIso(),
      });
    } catch (error) {
      // Two saves renumbering into the same slot at once: the unique constraint decides.
      if (isUniqueViolation(error)) throw conflict(messages.problemNoTaken(typeLabel(current.type, next.no)));
      throw error;
    }
    if (prepared.class_uids && JSON.stringify(prepared.class_uids) !== JSON.stringify(before.class_uids)) {
      await replaceProblemClasses(trx, uid, prepared.class_uids);
    }
    // A new key re-judges every stored answer in this transaction (answers/rejudge.ts).
    if (saved.answer !== current.answer || saved.type !== current.type) {
      await rejudgeProblemAnswers(trx, ctx.dialect, uid, { tellMembers: options.rejudgeTellsMembers ?? true });
      // A key that existed and changed (an edit, a restore, an accepted dispute); a first key written into a slot is authoring.
      if (current.answer !== '')
        await recordAudit(trx, {
          actor: editor,
          action: 'problem.answer_key',
          target: await problemTarget(trx, saved),
          before: { answer: current.answer },
          after: { answer: saved.answer },
        });
    }
    await options.afterWrite?.(trx, saved, true);
  }
}
