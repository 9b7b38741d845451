import path from 'node:path';
import { IMAGE_MAX_BYTES } from '@qbank/shared/authoring';
import {
  IMPORT_PROBLEMS_MAX,
  importRowError,
  type ImportPreviewResponse,
  type ImportProblem,
  type ImportRequest,
  type ImportResponse,
  type ImportSetHeader,
} from '@qbank/shared/imports';
import { ERROR_CODES } from '@qbank/shared/errors';
import { htmlToPlainText } from '@qbank/shared/html-text';
import type { AppContext } from '../core/context';
import { refreshPlannerStatistics } from '../core/planner-statistics';
import { VACANCY } from '../visibility/visible-problems';
import type { MemberRow } from '../db/schema';
import { AppError, conflict, notFound, validationError } from '../errors';
import { messages } from '../messages';
import { insertPreparedProblem } from '../authoring/create';
import { findOverlappingHeader, insertSetHeader, linkHeaderRange, lockTest } from '../authoring/repository';
import { prepareProblemChanges, typeLabel, writeProblemContentIn, type PreparedChanges } from '../authoring/content';
import { sniffImageKind } from '../uploads/storage';
import { readDocx } from './docx-reader';
import { readHwp } from './hwp-reader';
import { readHwpx } from './hwpx-reader';
import { readPastedText } from './pasted-text';
import { readPdf } from './pdf-reader';
import { parseExamLines, type ParsedExam } from './exam-text-parser';
import { checkImportLimits } from './limits';
import { importMessages as m } from './messages';
import { examExists, listExamSlots } from './repository';
import { readCsv, readXlsx } from './sheet-reader';
import { checkZipArchive, type CheckedArchive } from './zip-guard';
import { examTarget, recordAudit } from '../audit/service';

export type ImportFormat = ImportPreviewResponse['format'];

/** The format named by the file's extension (400 for any other). */
function importFormatOf(fileName: string): ImportFormat {
  const extension = path.extname(fileName).toLowerCase();
  if (extension === '.csv') return 'csv';
  if (extension === '.docx') return 'docx';
  if (extension === '.xlsx') return 'xlsx';
  if (extension === '.hwpx') return 'hwpx';
  if (extension === '.hwp') return 'hwp';
  if (extension === '.pdf') return 'pdf';
  if (extension === '.txt') return 'text';
  throw validationError(m.formatUnsupported);
}

/** An office file passed by the ZIP guard, confirmed by its content (the format's main part). */
async function officeArchive(format: 'docx' | 'xlsx', bytes: Buffer): Promise<CheckedArchive> {
  const archive = await checkZipArchive(bytes);
  if (!archive.names.includes(format === 'docx' ? 'word/document.xml' : 'xl/workbook.xml')) throw validationError(m.notOffice);
  return archive;
}

/** A .hwpx through the same ZIP guard as an office file; "not a 한글 file" for anything else. */
async function hwpxArchive(bytes: Buffer): Promise<CheckedArchive> {
  try {
    return await checkZipArchive(bytes);
  } catch (error) {
    if (error instanceof AppError && error.message === m.notOffice) throw validationError(m.notHwpx);
    throw error;
  }
}

async function readImportFile(format: ImportFormat, bytes: Buffer): Promise<ParsedExam> {
  switch (format) {
    case 'csv':
      return readCsv(bytes);
    case 'text':
      return parseExamLines(readPastedText(bytes));
    case 'pdf':
      return parseExamLines(await readPdf(bytes));
    case 'hwp':
      return parseExamLines(await readHwp(bytes));
    case 'hwpx':
      return parseExamLines(await readHwpx(await hwpxArchive(bytes)));
    case 'docx':
      return parseExamLines(await readDocx(await officeArchive(format, bytes)));
    case 'xlsx':
      return readXlsx(await officeArchive(format, bytes));
  }
}

/** Keeps the pictures that are real images of at most 5 MB; each other one becomes a warning. */
function checkedImages(images: string[], warnings: string[]): string[] {
  return images.filter((src) => {
    const match = /^data:[^;,]*;base64,(.*)$/s.exec(src);
    const bytes = match ? Buffer.from(match[1]!, 'base64') : null;
    if (!bytes || !sniffImageKind(bytes)) {
      warnings.push(m.pictureUnreadable);
      return false;
    }
    if (bytes.length > IMAGE_MAX_BYTES) {
      warnings.push(m.pictureTooLarge);
      return false;
    }
    return true;
  });
}

export async function parseImportFile(fileName: string, bytes: Buffer): Promise<{ format: ImportFormat; exam: ParsedExam }> {
  const format = importFormatOf(fileName);
  const exam = await readImportFile(format, bytes);
  if (exam.problems.length > IMPORT_PROBLEMS_MAX) throw validationError(m.tooManyProblems(exam.problems.length));
  for (const problem of exam.problems) {
    problem.images = checkedImages(problem.images, problem.warnings);
    problem.comment_images = checkedImages(problem.comment_images, problem.warnings);
  }
  for (const header of exam.set_headers) header.images = checkedImages(header.images, exam.warnings);
  checkImportLimits(exam);
  return { format, exam };
}

const key = (problem: { type: number; no: number }) => `${problem.type}:${problem.no}`;
const plain = (text: string | null) => htmlToPlainText(text ?? '');

type ExamSlot = Awaited<ReturnType<typeof listExamSlots>>[number];

/**
 * A written problem that already is this row: same stem text, options and key (pictures aside,
 * their stored names differ from the file's). A re-import of the same file meets only these, and
 * they are skipped rather than refused.
 */
function sameContent(slot: ExamSlot | undefined, problem: ImportProblem): boolean {
  if (!slot || slot.is_vacant === VACANCY.vacant) return false;
  return (
    plain(slot.question) === plain(richTextOf(problem.question, [])) &&
    plain(slot.illustration) === plain(problem.illustration) &&
    (slot.answer ?? '').trim() === problem.answer.trim()
  );
}

/** POST /v1/test/{id}/import?dry_run=1: the parsed problems as they will be imported, with warnings. */
export async function previewImport(ctx: AppContext, testCode: number, fileName: string, bytes: Buffer): Promise<ImportPreviewResponse> {
  if (!(await examExists(ctx.db, testCode))) throw notFound(messages.testNotFound);
  const { format, exam } = await parseImportFile(fileName, bytes);
  const slots = new Map((await listExamSlots(ctx.db, testCode)).map((row) => [key(row), row]));
  const seen = new Set<string>();
  const problems = exam.problems.map(({ warnings, ...problem }) => {
    const existing = slots.get(key(problem));
    const slot = !existing ? 'new' : existing.is_vacant === VACANCY.vacant ? 'vacant' : sameContent(existing, problem) ? 'same' : 'taken';
    const all = [...warnings];
    if (slot === 'taken') all.push(m.numberTaken);
    if (slot === 'same') all.push(m.sameContent);
    if (seen.has(key(problem))) all.push(m.duplicateNumber);
    seen.add(key(problem));
    const error = importRowError(problem);
    return { ...problem, slot, errors: error ? [error] : [], warnings: all } as const;
  });
  return { format, problems, set_headers: exam.set_headers, warnings: exam.warnings };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Plain text (one paragraph a line) and pictures as the rich HTML the editor writes. */
function richTextOf(text: string, images: readonly string[]): string {
  const paragraphs = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<p>${escapeHtml(line)}</p>`);
  return [...paragraphs, ...images.map((src) => `<p><img src="${escapeHtml(src)}"></p>`)].join('');
}

async function prepareRow(ctx: AppContext, problem: ImportProblem): Promise<PreparedChanges> {
  return prepareProblemChanges(ctx.storage, {
    question: richTextOf(problem.question, problem.images),
    illustration: problem.illustration,
    answer: problem.answer,
    comments: richTextOf(problem.comments, problem.comment_images),
    choice_type: problem.choice_type,
  });
}

async function prepareHeader(ctx: AppContext, header: ImportSetHeader): Promise<string> {
  const prepared = await prepareProblemChanges(ctx.storage, { question: richTextOf(header.header_text, header.images) });
  return prepared.values.question ?? '';
}

function refuseRepeats(problems: readonly ImportProblem[]): void {
  const seen = new Set<string>();
  const repeated = problems.filter((p) => (seen.has(key(p)) ? true : (seen.add(key(p)), false)));
  if (repeated.length > 0) throw validationError(m.importDuplicate(repeated.map((p) => typeLabel(p.type, p.no)).join(', ')));
}

/**
 * POST /v1/test/{id}/import: every row in one transaction. A row whose number is an empty slot
 * fills that slot (through the edit path, so the slot's history is kept); the others are created.
 * A row the exam already holds word for word is skipped (a re-import); a number that holds another
 * written problem refuses the whole import (409): nothing is changed.
 */
export async function runImport(ctx: AppContext, editor: MemberRow, testCode: number, body: ImportRequest): Promise<ImportResponse> {
  refuseRepeats(body.problems);
  for (const header of body.set_headers) {
    if (header.begin_problem_no > header.end_problem_no) throw validationError(m.headerRangeInvalid);
  }
  if (!(await examExists(ctx.db, testCode))) throw notFound(messages.testNotFound);
  // Sanitizing and picture checks (400/413) come before the transaction, as in every edit.
  const prepared: Array<{ problem: ImportProblem; changes: PreparedChanges }> = [];
  for (const problem of body.problems) prepared.push({ problem, changes: await prepareRow(ctx, problem) });
  const headers: Array<{ header: ImportSetHeader; html: string }> = [];
  for (const header of body.set_headers) headers.push({ header, html: await prepareHeader(ctx, header) });

  const imported = await ctx.db.transaction().execute(async (trx) => {
    if (!(await lockTest(trx, ctx.dialect, testCode))) throw notFound(messages.testNotFound);
    const slots = new Map((await listExamSlots(trx, testCode)).map((row) => [key(row), row]));
    const repeated = new Set(body.problems.filter((p) => sameContent(slots.get(key(p)), p)));
    const taken = body.problems.filter((p) => !repeated.has(p) && (slots.get(key(p))?.is_vacant ?? VACANCY.vacant) !== VACANCY.vacant);
    if (taken.length > 0)
      throw conflict(
        m.importTaken(
          taken
            .slice(0, 10)
            .map((p) => typeLabel(p.type, p.no))
            .join(', '),
        ),
      );
    const result: ImportResponse = { created: 0, filled: 0, skipped: repeated.size, set_headers: 0, problems: [] };
    for (const { problem, changes } of prepared) {
      if (repeated.has(problem)) continue;
      const slot = slots.get(key(problem));
      if (slot) {
        await writeProblemContentIn(ctx, trx, editor, slot.uid, changes, { requireChange: false });
        result.filled += 1;
        result.problems.push({ uid: slot.uid, no: problem.no, type: problem.type });
      } else {
        const uid = await insertPreparedProblem(trx, editor, { test_code: testCode, type: problem.type, no: problem.no }, changes);
        result.created += 1;
        result.problems.push({ uid, no: problem.no, type: problem.type });
      }
    }
    for (const { header, html } of headers) {
      const overlap = await findOverlappingHeader(trx, testCode, header.begin_problem_no, header.end_problem_no);
      if (overlap) throw conflict(messages.setHeaderOverlap(`${overlap.begin_problem_no}~${overlap.end_problem_no}`));
      const row = await insertSetHeader(trx, {
        test_code: testCode,
        type: 1,
        begin_problem_no: header.begin_problem_no,
        end_problem_no: header.end_problem_no,
        header_text: html,
        pic_path: null,
      });
      await linkHeaderRange(trx, row);
      result.set_headers += 1;
    }
    result.problems.sort((a, b) => a.type - b.type || a.no - b.no);
    await recordAudit(trx, {
      actor: editor,
      action: 'import.run',
      target: await examTarget(trx, testCode),
      after: { created: result.created, filled: result.filled, set_headers: result.set_headers },
    });
    return result;
  });
  // An import can be most of a young bank's problems: SQLite's planner needs statistics that
  // count them (core/planner-statistics.ts); a no-op when they are still current.
  await refreshPlannerStatistics(ctx.db, ctx.dialect, 'write');
  return imported;
}

/** The multipart upload's size limit was hit: 413 with the import's own message. */
export function fileTooLarge(): AppError {
  return new AppError(413, ERROR_CODES.tooLarge, m.fileTooLarge);
}
