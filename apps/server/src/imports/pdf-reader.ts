import { createInflate, inflateSync } from 'node:zlib';
import { IMPORT_PDF_PAGES_MAX } from '@qbank/shared/imports';
import { getDocumentProxy, getResolvedPDFJS } from 'unpdf';
import { AppError, validationError } from '../errors';
import type { DocumentLine } from './exam-text-parser';
import { importMessages as m } from './messages';
import { encodePng } from './png';
import { ZIP_MAX_ENTRY_BYTES, ZIP_MAX_TOTAL_BYTES } from './zip-guard';

// A PDF with a text layer (printed from 한글 or Word) is read with PDF.js (through unpdf, which
// ships a build for servers): every text piece has a position, and the lines are rebuilt from them
// (docs/decisions/157-pdf-reading.md). A page in two columns is read column by column; a line at
// the top or the bottom of the pages that repeats on most of them (a running title, "- 3 -") is
// dropped; pictures held as images are placed where they stand in the column. PDF.js never runs a
// document's JavaScript here, but a PDF that carries some is refused all the same.

// unpdf's PDF.js moves pixel buffers with ArrayBuffer.prototype.transferToFixedLength (Node 21+);
// on Node 20 every picture failed to decode. A copy does what the move does for our reading.
if (!('transferToFixedLength' in ArrayBuffer.prototype)) {
  Object.defineProperty(ArrayBuffer.prototype, 'transferToFixedLength', {
    value(this: ArrayBuffer, length = this.byteLength) {
      const copy = new ArrayBuffer(length);
      new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
      return copy;
    },
    configurable: true,
    writable: true,
  });
}

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;
type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;

/** Pixels PDF.js decodes for one picture at most (larger ones are skipped, never decoded). */
const IMAGE_MAX_PIXELS = 4096 * 4096;
/** Pictures kept from one file: more is decoration, and each costs a decode. */
const IMAGES_MAX = 400;
/** Pixels of all pictures kept from one file: bounds the PNGs (and their data URLs) held at once. */
const IMAGE_PIXELS_TOTAL = 32 * 1024 * 1024;
/** A picture smaller than this (px) on either side is a bullet or a rule, not a figure. */
const IMAGE_MIN_SIDE = 24;
/** The top and bottom share of a page where running headers and footers live. */
const BAND = 0.07;

interface Piece {
  x: number;
  /** Baseline for text, the top edge for a picture (PDF space: y grows upwards). */
  y: number;
  width: number;
  height: number;
  text: string;
  image?: string;
}

interface Row {
  y: number;
  pieces: Piece[];
}

/** A page number alone: "3", "- 3 -", "3 / 12", "3쪽". */
const PAGE_NUMBER = /^[-–—(\s]*\d{1,4}\s*(?:\/\s*\d{1,4}|쪽|페이지)?[-–—)\s]*$/;
const STREAM = /stream\r?\n/g;
const SCRIPT = /\/(?:JavaScript|JS)(?![A-Za-z0-9])/;

/**
 * Every Flate stream of the file inflated as a stream, counted and dropped, within the caps of a
 * ZIP entry (PDF.js would inflate them whole), and searched for JavaScript actions on the way —
 * including those inside compressed object streams, where a scan of the raw bytes cannot see.
 */
async function checkRawPdf(bytes: Buffer): Promise<void> {
  const latin = bytes.toString('latin1');
  if (!latin.slice(0, 1024).includes('%PDF-')) throw validationError(m.notPdf);
  if (SCRIPT.test(latin)) throw validationError(m.pdfScript);
  let total = 0;
  for (const match of latin.matchAll(STREAM)) {
    const start = match.index + match[0].length;
    const end = latin.indexOf('endstream', start);
    if (end < 0) break;
    // zlib data starts with 0x78; anything else is another filter (or none) and is left to PDF.js.
    if (bytes[start] !== 0x78) continue;
    const produced = inflateSmall(bytes.subarray(start, end)) ?? (await inflateCounting(bytes.subarray(start, end), ZIP_MAX_ENTRY_BYTES));
    total += produced;
    if (produced > ZIP_MAX_ENTRY_BYTES || total > ZIP_MAX_TOTAL_BYTES) throw validationError(m.archiveTooLarge);
  }
}

/** Compressed bytes a stream may have to be inflated at once, on the request's own thread. */
const SMALL_STREAM_BYTES = 64 * 1024;
/** What such a stream may inflate to at once; a stream that gives more is inflated as a stream. */
const SMALL_STREAM_OUTPUT = 1024 * 1024;

/**
 * A page's content stream is a few kilobytes: inflated at once it costs microseconds, where a zlib
 * stream costs a round trip through libuv's thread pool (a 10,000-page file: 1.6 s of waiting).
 * Bytes inflated, or null for a stream that is larger, cut short, or not Flate after all.
 */
function inflateSmall(data: Buffer): number | null {
  if (data.length > SMALL_STREAM_BYTES) return null;
  let inflated: Buffer;
  try {
    inflated = inflateSync(data, { maxOutputLength: SMALL_STREAM_OUTPUT });
  } catch {
    return null;
  }
  if (SCRIPT.test(inflated.toString('latin1'))) throw validationError(m.pdfScript);
  return inflated.length;
}

async function inflateCounting(data: Buffer, limit: number): Promise<number> {
  const inflater = createInflate();
  inflater.end(data);
  let produced = 0;
  let tail = '';
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      produced += chunk.length;
      const text = tail + chunk.toString('latin1');
      if (SCRIPT.test(text)) throw validationError(m.pdfScript);
      tail = text.slice(-16);
      if (produced > limit) break;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // A stream cut short (or not Flate after all): what inflated so far is what counts.
  }
  return produced;
}

async function openPdf(bytes: Buffer): Promise<PdfDocument> {
  try {
    return await getDocumentProxy(new Uint8Array(bytes), { maxImageSize: IMAGE_MAX_PIXELS, stopAtErrors: false, verbosity: 0 });
  } catch (error) {
    if (error instanceof Error && error.name === 'PasswordException') throw validationError(m.pdfEncrypted);
    throw validationError(m.notPdf);
  }
}

function toRows(pieces: Piece[]): Row[] {
  const rows: Row[] = [];
  for (const piece of [...pieces].sort((a, b) => b.y - a.y || a.x - b.x)) {
    const row = rows.at(-1);
    if (row && !piece.image && !row.pieces[0]!.image && Math.abs(row.y - piece.y) <= Math.max(2, piece.height * 0.5)) row.pieces.push(piece);
    else rows.push({ y: piece.y, pieces: [piece] });
  }
  for (const row of rows) row.pieces.sort((a, b) => a.x - b.x);
  return rows;
}

function rowText(row: Row): string {
  let text = '';
  let right = -Infinity;
  for (const piece of row.pieces) {
    if (text && piece.x - right > piece.height * 0.2 && !text.endsWith(' ')) text += ' ';
    text += piece.text;
    right = piece.x + piece.width;
  }
  return text.replace(/\s+/g, ' ').trim();
}

/** A header or footer compared across pages: page numbers differ, so digits do not count. */
const furnitureKey = (row: Row) => rowText(row).replace(/\d+/g, '#').replace(/\s/g, '');

const crosses = (piece: Piece, x: number) => piece.x < x - 1 && piece.x + piece.width > x + 1;

/**
 * How a page reads: its rows top to bottom, or — when an x in the middle third splits every row
 * between the first and the last that crosses it, with text on both sides — the rows above the
 * columns (a title over both), the left column, the right column, then the rows below (a footer).
 */
function readingOrder(pieces: readonly Piece[], page: { width: number; height: number }): Row[] {
  const all = toRows([...pieces]);
  // Running lines in the page's top and bottom bands stay where they are, outside the columns.
  const above = all.filter((row) => row.y > page.height * (1 - BAND));
  const below = all.filter((row) => row.y < page.height * BAND);
  const rows = all.filter((row) => !above.includes(row) && !below.includes(row));
  let best: { gap: number; order: Row[] } | null = null;
  for (let x = page.width * 0.34; x <= page.width * 0.66; x += page.width / 200) {
    const crossing = rows.map((row) => row.pieces.some((p) => crosses(p, x)));
    const first = crossing.indexOf(false);
    const last = crossing.lastIndexOf(false);
    if (first < 0 || crossing.slice(first, last + 1).some(Boolean)) continue;
    const body = rows.slice(first, last + 1).flatMap((row) => row.pieces);
    // No piece crosses x: each lies wholly on one side of it.
    const left = body.filter((p) => p.x + p.width / 2 < x);
    const right = body.filter((p) => p.x + p.width / 2 >= x);
    if (left.filter((p) => !p.image).length < 3 || right.filter((p) => !p.image).length < 3) continue;
    const gap = Math.min(...right.map((p) => p.x)) - Math.max(...left.map((p) => p.x + p.width));
    if (!best || gap > best.gap) best = { gap, order: [...rows.slice(0, first), ...toRows(left), ...toRows(right), ...rows.slice(last + 1)] };
  }
  return [...above, ...(best?.order ?? rows), ...below];
}

function pageLines(pieces: Piece[], page: { width: number; height: number }): DocumentLine[] {
  return readingOrder(pieces, page)
    .map((row) => ({ text: rowText(row), images: row.pieces.flatMap((p) => (p.image ? [p.image] : [])) }))
    .filter((line) => line.text !== '' || line.images.length > 0);
}

async function textPieces(page: PdfPage): Promise<Piece[]> {
  const content = await page.getTextContent();
  const pieces: Piece[] = [];
  for (const item of content.items) {
    if (!('str' in item) || item.str.trim() === '') continue;
    const [, , , scaleY, x, y] = item.transform as number[];
    pieces.push({ x: x!, y: y!, width: item.width, height: item.height || Math.abs(scaleY!), text: item.str });
  }
  return pieces;
}

type Matrix = [number, number, number, number, number, number];
const multiply = (m1: Matrix, m2: Matrix): Matrix => [
  m1[0] * m2[0] + m1[2] * m2[1],
  m1[1] * m2[0] + m1[3] * m2[1],
  m1[0] * m2[2] + m1[2] * m2[3],
  m1[1] * m2[2] + m1[3] * m2[3],
  m1[0] * m2[4] + m1[2] * m2[5] + m1[4],
  m1[1] * m2[4] + m1[3] * m2[5] + m1[5],
];

interface PdfImage {
  width: number;
  height: number;
  kind?: number;
  data?: Uint8Array | Uint8ClampedArray;
}

function pageObject(page: PdfPage, id: string): Promise<PdfImage | null> {
  const objects = id.startsWith('g_') ? (page as unknown as { commonObjs: PdfPage['objs'] }).commonObjs : page.objs;
  return new Promise((resolve) => {
    try {
      objects.get(id, (value: unknown) => resolve((value as PdfImage | null) ?? null));
    } catch {
      resolve(null);
    }
  });
}

/** The page's pictures, each where the page's transform matrix puts its top-left corner. */
async function imagePieces(page: PdfPage, budget: { left: number; pixels: number }): Promise<Piece[]> {
  const { OPS } = (await getResolvedPDFJS()) as unknown as { OPS: Record<string, number> };
  const operators = await page.getOperatorList();
  const pieces: Piece[] = [];
  const stack: Matrix[] = [];
  let matrix: Matrix = [1, 0, 0, 1, 0, 0];
  for (let i = 0; i < operators.fnArray.length; i += 1) {
    const fn = operators.fnArray[i];
    const args = operators.argsArray[i] as unknown[];
    if (fn === OPS.save) stack.push(matrix);
    else if (fn === OPS.restore) matrix = stack.pop() ?? matrix;
    else if (fn === OPS.transform) matrix = multiply(matrix, args as Matrix);
    else if (fn === OPS.paintImageXObject && budget.left > 0) {
      const image = await pageObject(page, String(args[0]));
      if (!image?.data || !image.kind || image.width < IMAGE_MIN_SIDE || image.height < IMAGE_MIN_SIDE) continue;
      if (image.width * image.height > budget.pixels) continue;
      budget.left -= 1;
      budget.pixels -= image.width * image.height;
      const png = encodePng(image.width, image.height, image.kind, image.data);
      const [a, , , d, e, f] = matrix;
      pieces.push({
        x: Math.min(e, e + a),
        y: Math.max(f, f + d),
        width: Math.abs(a),
        height: Math.abs(d),
        text: '',
        image: `data:image/png;base64,${png.toString('base64')}`,
      });
    }
  }
  return pieces;
}

/** Reads an uploaded PDF: 400 for one that is not a PDF, is locked, scripted, too long, or has no text. */
export async function readPdf(bytes: Buffer): Promise<DocumentLine[]> {
  await checkRawPdf(bytes);
  const pdf = await openPdf(bytes);
  try {
    if (pdf.numPages > IMPORT_PDF_PAGES_MAX) throw validationError(m.pdfTooManyPages(pdf.numPages));
    if (await pdf.getJSActions()) throw validationError(m.pdfScript);
    const pages: Array<{ pieces: Piece[]; width: number; height: number }> = [];
    const budget = { left: IMAGES_MAX, pixels: IMAGE_PIXELS_TOTAL };
    for (let n = 1; n <= pdf.numPages; n += 1) {
      const page = await pdf.getPage(n);
      const [x0, y0, x1, y1] = page.view as [number, number, number, number];
      const pieces = [...(await textPieces(page)), ...(await imagePieces(page, budget))].map((p) => ({ ...p, x: p.x - x0, y: p.y - y0 }));
      pages.push({ pieces, width: x1 - x0, height: y1 - y0 });
      page.cleanup();
    }
    if (!pages.some((page) => page.pieces.some((p) => !p.image))) throw validationError(m.pdfNoText);
    dropRunningLines(pages);
    return pages.flatMap((page) => pageLines(page.pieces, page));
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw validationError(m.brokenDocument);
  } finally {
    await pdf.loadingTask.destroy();
  }
}

/** Drops the rows in the top or bottom band that repeat (digits aside) on most pages, and page numbers. */
function dropRunningLines(pages: Array<{ pieces: Piece[]; height: number }>): void {
  const banded = pages.map((page) =>
    toRows(page.pieces.filter((p) => !p.image)).filter((row) => row.y > page.height * (1 - BAND) || row.y < page.height * BAND),
  );
  const seen = new Map<string, number>();
  for (const rows of banded) for (const key of new Set(rows.map(furnitureKey))) seen.set(key, (seen.get(key) ?? 0) + 1);
  const threshold = Math.max(2, Math.ceil(pages.length * 0.6));
  pages.forEach((page, i) => {
    const running = (row: Row) => PAGE_NUMBER.test(rowText(row)) || (pages.length > 1 && (seen.get(furnitureKey(row)) ?? 0) >= threshold);
    const dropped = new Set(banded[i]!.filter(running).flatMap((row) => row.pieces));
    page.pieces = page.pieces.filter((p) => !dropped.has(p));
  });
}
