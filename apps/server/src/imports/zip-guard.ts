import { importMessages as m } from './messages';
import { validationError } from '../errors';

// .docx and .xlsx are ZIP archives. Before a reader inflates one, its central directory is read
// here: a file that is not a ZIP (a renamed .exe) or one that would inflate past the limits (a zip
// bomb) is refused with 400 before any parsing. The readers inflate entries in memory, so the
// declared sizes are the guard; an archive that lies about them fails its CRC check in the reader.

const MAX_ENTRIES = 2_000;
const MAX_UNCOMPRESSED_BYTES = 100 * 1024 * 1024;
const MAX_RATIO = 200;

const LOCAL_HEADER = 0x04034b50;
const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;

function isZip(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes.readUInt32LE(0) === LOCAL_HEADER;
}

/** The archive's entry names, after checking its count and sizes. Throws 400 on anything odd. */
export function checkZipArchive(bytes: Buffer): string[] {
  if (!isZip(bytes)) throw validationError(m.notOffice);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i -= 1) {
    if (bytes.readUInt32LE(i) === END_OF_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) throw validationError(m.notOffice);
  const count = bytes.readUInt16LE(end + 10);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  if (count > MAX_ENTRIES || directoryOffset >= bytes.length) throw validationError(count > MAX_ENTRIES ? m.archiveTooLarge : m.notOffice);
  const names: string[] = [];
  let total = 0;
  let offset = directoryOffset;
  for (let i = 0; i < count; i += 1) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== DIRECTORY_ENTRY) throw validationError(m.notOffice);
    const compressed = bytes.readUInt32LE(offset + 20);
    const uncompressed = bytes.readUInt32LE(offset + 24);
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    // 0xFFFFFFFF marks ZIP64 sizes: no office file of ours needs them.
    if (compressed === 0xffffffff || uncompressed === 0xffffffff) throw validationError(m.archiveTooLarge);
    total += uncompressed;
    if (total > MAX_UNCOMPRESSED_BYTES || (compressed > 0 && uncompressed / compressed > MAX_RATIO && uncompressed > 1024 * 1024)) {
      throw validationError(m.archiveTooLarge);
    }
    names.push(bytes.subarray(offset + 46, offset + 46 + nameLength).toString('utf8'));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}
