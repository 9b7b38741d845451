import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { CIRCLED_DIGITS } from '@qbank/shared/answers';
import { IMPORT_COLUMNS, type ImportColumnKey } from '@qbank/shared/imports';
import { validationError } from '../errors';
import type { ParsedExam, ParsedProblem } from './exam-text-parser';
import { importMessages as m } from './messages';
import type { CheckedArchive } from './zip-guard';

// Spreadsheets: one row per problem under a header row (번호, 유형, 문제, 보기, 정답, 해설 — or
// the English names), options one per line or "① … ② …" in one cell. A .xlsx picture anchored in
// a row is kept with that row's problem.

interface SheetRow {
  /** 1-based row number in the file, for messages. */
  line: number;
  cells: string[];
  images: string[];
}

const TYPE_NAMES: Record<string, 1 | 2 | 4> = {
  '1': 1,
  객관식: 1,
  선택형: 1,
  mc: 1,
  '2': 2,
  주관식: 2,
  서술형: 2,
  단답형: 2,
  essay: 2,
  '4': 4,
  슬라이드: 4,
  기타: 4,
  slide: 4,
};

function columnKey(header: string): ImportColumnKey | null {
  const name = header.replace(/\s+/g, '').toLowerCase();
  const column = IMPORT_COLUMNS.find((c) => c.header === name || (c.aliases as readonly string[]).includes(name));
  return column?.key ?? null;
}

/** The options of a cell: one per line, or split before each circled digit; markers removed. */
function splitOptions(cell: string): string[] {
  const lines = cell
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean);
  const parts =
    lines.length > 1
      ? lines
      : cell
          .split(/(?=[①-⑨])/u)
          .map((s) => s.trim())
          .filter(Boolean);
  return parts.map((part) => part.replace(/^(?:[①-⑨]|\(?[1-9][.)]|[1-9]\s)\s*/u, '').trim());
}

function rowsToExam(rows: SheetRow[]): ParsedExam {
  const [head, ...body] = rows;
  const keys = (head?.cells ?? []).map(columnKey);
  if (!keys.includes('no') || !keys.includes('question')) throw validationError(m.noHeaderRow);
  const warnings: string[] = [];
  const problems: ParsedProblem[] = [];
  for (const row of body) {
    const value = (key: ImportColumnKey) => (row.cells[keys.indexOf(key)] ?? '').trim();
    if (row.cells.every((cell) => cell.trim() === '') && row.images.length === 0) continue;
    const no = Number(value('no').replace(/번$/, ''));
    if (!Number.isInteger(no) || no < 1 || no > 9999) {
      warnings.push(m.numberInvalid(row.line));
      continue;
    }
    const problemWarnings: string[] = [];
    const options = value('options') ? splitOptions(value('options')) : [];
    const typeCell = value('type').toLowerCase();
    let type: 1 | 2 | 4 = options.length >= 2 ? 1 : 2;
    if (typeCell) {
      const named = TYPE_NAMES[typeCell];
      if (named) type = named;
      else problemWarnings.push(m.typeUnknown(value('type')));
    }
    let answer = value('answer');
    if (type === 1) answer = answer.replace(/^([1-9])$/, (_, d: string) => CIRCLED_DIGITS[Number(d) - 1]!);
    if (type === 1 && options.length !== 4 && options.length !== 5) problemWarnings.push(m.optionCountOdd(options.length));
    if (!answer) problemWarnings.push(m.noAnswer);
    if (!value('question') && row.images.length === 0) problemWarnings.push(m.noQuestion);
    problems.push({
      no,
      type,
      choice_type: type === 1 ? (options.length === 4 ? 4 : 5) : null,
      question: value('question'),
      // An essay's or slide's 보기 cell (sub-questions, a scoring guide) is kept as written, not dropped.
      illustration: type === 1 ? options.map((text, i) => `${CIRCLED_DIGITS[i] ?? `${i + 1}.`} ${text}`.trim()).join('\n') : value('options'),
      answer,
      comments: value('explanation'),
      images: row.images,
      comment_images: [],
      // The file's own word for a known type (an unknown one is a warning already).
      source_type: typeCell && TYPE_NAMES[typeCell] ? value('type') : '',
      warnings: problemWarnings,
    });
  }
  if (problems.length === 0) warnings.push(m.noProblemsFound);
  return { problems, set_headers: [], warnings };
}

function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value && typeof value === 'object' && 'richText' in value) return value.richText.map((part) => part.text).join('');
  return cell.text ?? '';
}

/** Reads an archive the ZIP guard passed: exceljs inflates every entry, so only its caps bound the memory. */
export async function readXlsx(archive: CheckedArchive): Promise<ParsedExam> {
  const workbook = new ExcelJS.Workbook();
  let rows: SheetRow[];
  try {
    await workbook.xlsx.load(archive.bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no worksheet');
    const imagesByRow = new Map<number, string[]>();
    for (const picture of sheet.getImages()) {
      const image = workbook.getImage(Number(picture.imageId));
      if (!image?.buffer) continue;
      const row = Math.floor(picture.range.tl.nativeRow) + 1;
      const list = imagesByRow.get(row) ?? [];
      list.push(`data:image/${image.extension};base64,${Buffer.from(image.buffer).toString('base64')}`);
      imagesByRow.set(row, list);
    }
    rows = [];
    sheet.eachRow({ includeEmpty: false }, (row, line) => {
      const cells: string[] = [];
      for (let column = 1; column <= Math.max(row.cellCount, IMPORT_COLUMNS.length); column += 1) cells.push(cellText(row.getCell(column)));
      rows.push({ line, cells, images: imagesByRow.get(line) ?? [] });
    });
  } catch {
    throw validationError(m.brokenDocument);
  }
  return rowsToExam(rows);
}

/** UTF-8 (with or without BOM), or CP949 as Excel in Korea saves CSV. */
function decodeCsv(bytes: Buffer): string {
  if (bytes.includes(0)) throw validationError(m.notOffice);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\ufeff/, '');
  } catch {
    try {
      return new TextDecoder('euc-kr', { fatal: true }).decode(bytes);
    } catch {
      throw validationError(m.csvEncoding);
    }
  }
}

export function readCsv(bytes: Buffer): ParsedExam {
  const parsed = Papa.parse<string[]>(decodeCsv(bytes), { skipEmptyLines: 'greedy' });
  const rows = parsed.data.map((cells, index) => ({ line: index + 1, cells, images: [] }));
  return rowsToExam(rows);
}
