import { createInflateRaw } from 'node:zlib';
import { importMessages as m } from './messages';
import { validationError } from '../errors';

// .docx, .xlsx (and every other ZIP-based format we read) are archives whose readers (mammoth and
// exceljs, both through JSZip) inflate whole entries in memory, trusting nothing but the archive.
// A ZIP's declared sizes are the sender's word: a 4.9 MB file that declares small entries can
// inflate to 5 GB and take the process down. So before a reader sees an archive, every entry is
// inflated here as a stream, counting the bytes it really produces and keeping none: the declared
// sizes must be within hard caps (per entry, in total, and on the entry count), and an entry that
// produces more than it declares is stopped there and the file refused.
//
// The caps bound what a reader can produce only if it reads the same entries from the same bytes,
// so the directory is read as JSZip reads it (docs/decisions/069-zip-inflated-caps.md) and
// anything where the two could differ is refused: ZIP64, encryption, bytes before the archive,
// a central directory that does not end at its end record or holds more entries than it declares,
// methods other than stored and deflate, and entries that run past the file.

/** Entries of an archive: an office file has a few dozen, one per picture beyond that. */
export const ZIP_MAX_ENTRIES = 2_000;
/** Bytes one entry may inflate to: the largest legitimate part (a 300-problem document.xml) is far less. */
export const ZIP_MAX_ENTRY_BYTES = 48 * 1024 * 1024;
/** Bytes all entries together may inflate to: what a reader is handed at most. */
export const ZIP_MAX_TOTAL_BYTES = 64 * 1024 * 1024;

const LOCAL_HEADER = 0x04034b50;
const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const STORED = 0;
const DEFLATED = 8;
const ENCRYPTED_FLAG = 0x0001;

/** An archive whose entries were inflated within the caps: the only input a ZIP-based reader takes. */
export interface CheckedArchive {
  readonly bytes: Buffer;
  readonly names: readonly string[];
  /** Bytes its entries inflate to, all together (checked: never above ZIP_MAX_TOTAL_BYTES). */
  readonly inflatedBytes: number;
}

interface Entry {
  name: string;
  method: number;
  data: Buffer;
  declaredSize: number;
}

const refuse = () => validationError(m.notOffice);
const tooLarge = () => validationError(m.archiveTooLarge);

function endOfDirectory(bytes: Buffer): number {
  // The last signature, as JSZip looks for it (a comment is at most 65,535 bytes).
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i -= 1) {
    if (bytes.readUInt32LE(i) === END_OF_DIRECTORY) return i;
  }
  throw refuse();
}

/** The directory's entries with their compressed data, read as JSZip reads them. */
function readEntries(bytes: Buffer): Entry[] {
  if (bytes.length < 22 || bytes.readUInt32LE(0) !== LOCAL_HEADER) throw refuse();
  const end = endOfDirectory(bytes);
  const [disk, directoryDisk, onDisk, count] = [0, 2, 4, 6].map((at) => bytes.readUInt16LE(end + 4 + at)) as [number, number, number, number];
  const directorySize = bytes.readUInt32LE(end + 12);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  // 0xFFFF and 0xFFFFFFFF send JSZip to a ZIP64 record: no office file of ours needs one.
  if ([disk, directoryDisk, onDisk, count].includes(0xffff) || directorySize === 0xffffffff || directoryOffset === 0xffffffff) throw tooLarge();
  if (disk !== 0 || directoryDisk !== 0 || onDisk !== count) throw refuse();
  if (count > ZIP_MAX_ENTRIES) throw tooLarge();
  // JSZip shifts every offset when the directory ends before its end record (bytes prepended to
  // the archive): such a file would be read from other bytes than the ones checked here.
  if (directoryOffset + directorySize !== end) throw refuse();
  const entries: Entry[] = [];
  let offset = directoryOffset;
  // JSZip reads entries for as long as their signature follows, whatever the count says.
  while (offset + 4 <= end && bytes.readUInt32LE(offset) === DIRECTORY_ENTRY) {
    if (entries.length === count || offset + 46 > end) throw refuse();
    const flags = bytes.readUInt16LE(offset + 8);
    const method = bytes.readUInt16LE(offset + 10);
    const compressedSize = bytes.readUInt32LE(offset + 20);
    const declaredSize = bytes.readUInt32LE(offset + 24);
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    const localOffset = bytes.readUInt32LE(offset + 42);
    if (compressedSize === 0xffffffff || declaredSize === 0xffffffff || localOffset === 0xffffffff) throw tooLarge();
    if (flags & ENCRYPTED_FLAG || (method !== STORED && method !== DEFLATED)) throw refuse();
    const name = bytes.subarray(offset + 46, offset + 46 + nameLength).toString('utf8');
    if (localOffset + 30 > bytes.length || bytes.readUInt32LE(localOffset) !== LOCAL_HEADER) throw refuse();
    // The data starts after the local header's own name and extra field; its length is the directory's.
    const dataStart = localOffset + 30 + bytes.readUInt16LE(localOffset + 26) + bytes.readUInt16LE(localOffset + 28);
    if (dataStart + compressedSize > bytes.length) throw refuse();
    entries.push({ name, method, data: bytes.subarray(dataStart, dataStart + compressedSize), declaredSize });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  if (entries.length !== count || offset !== end) throw refuse();
  return entries;
}

/**
 * Bytes the raw deflate data inflates to, counted as zlib produces them (one 16 kB chunk at a
 * time, never kept), stopping as soon as they pass `limit`.
 */
export async function inflatedSize(data: Buffer, limit: number): Promise<number> {
  const inflater = createInflateRaw();
  inflater.end(data);
  let produced = 0;
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      produced += chunk.length;
      // Leaving the loop destroys the stream: nothing more is inflated.
      if (produced > limit) break;
    }
  } catch {
    throw validationError(m.brokenDocument);
  }
  return produced;
}

/**
 * Checks a ZIP-based upload before any reader inflates it: 400 "not an office file" for anything
 * that is not a plain ZIP or whose entries do not inflate to the sizes it declares, 400 "too
 * large" for more than the caps. An entry is inflated only up to its declared size (itself within
 * the caps) and stopped there, so a lying directory costs at most the caps, never what it hides.
 * Memory: the upload itself plus one inflate stream (~100 kB) at a time, whatever the file claims.
 */
export async function checkZipArchive(bytes: Buffer): Promise<CheckedArchive> {
  const entries = readEntries(bytes);
  const declared = entries.reduce((sum, entry) => sum + entry.declaredSize, 0);
  if (declared > ZIP_MAX_TOTAL_BYTES || entries.some((entry) => entry.declaredSize > ZIP_MAX_ENTRY_BYTES)) throw tooLarge();
  for (const entry of entries) {
    const produced = entry.method === STORED ? entry.data.length : await inflatedSize(entry.data, entry.declaredSize);
    if (produced > entry.declaredSize) throw tooLarge();
    if (produced < entry.declaredSize) throw refuse();
  }
  return { bytes, names: entries.map((entry) => entry.name), inflatedBytes: declared };
}
