import { validationError } from '../errors';
import type { DocumentLine } from './exam-text-parser';
import { importMessages as m } from './messages';

// Text pasted on the import page (from 한글, Word, a PDF viewer or a chat) arrives as a UTF-8
// .txt part of the same upload, so it meets the same size limit and the same preview as a file.

/** The pasted text as lines for the exam text parser; 400 when it holds nothing. */
export function readPastedText(bytes: Buffer): DocumentLine[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw validationError(m.textEncoding);
  }
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n|\u2028|\u2029/)
    .map((line) => ({ text: line.replace(/[\u00a0\u200b\t]/g, ' ').trim(), images: [] }))
    .filter((line) => line.text !== '');
  if (lines.length === 0) throw validationError(m.pasteEmpty);
  return lines;
}
