import { createRequire } from 'node:module';
import CFB from 'cfb';
import { AppError, validationError } from '../errors';
import type { DocumentLine } from './exam-text-parser';
import { importMessages as m } from './messages';
import { inflatedSize, ZIP_MAX_ENTRY_BYTES, ZIP_MAX_TOTAL_BYTES } from './zip-guard';

// A 한글 .hwp (HWP 5.0) is a Compound File (CFB) whose streams (FileHeader, DocInfo, BodyText/
// SectionN, BinData/…) are raw-deflated. The text, tables and pictures are read by @ohah/hwpjs
// (docs/decisions/156-hwp-reading.md), a native parser: it inflates whatever the streams hold, so
// before it sees a file every stream is inflated here as a stream, counted and dropped, within the
// same caps as a ZIP entry (imports/zip-guard.ts). The FileHeader's flags name a password or a
// distribution (배포용) document: both are refused, never decrypted.

const require = createRequire(import.meta.url);
// The package's Node entry is CommonJS that picks the platform's native build (or its WASI one).
const hwpjs = require('@ohah/hwpjs') as {
  toMarkdown(
    data: Buffer,
    options?: { includeVersion?: boolean; includePageInfo?: boolean },
  ): { markdown: string; images: Array<{ id: string; data: Buffer; format: string }> };
};

const CFB_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const HWP_SIGNATURE = 'HWP Document File';
const FLAG_COMPRESSED = 0x1;
const FLAG_PASSWORD = 0x2;
const FLAG_DISTRIBUTION = 0x4;
const IMAGE_TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp', bmp: 'image/bmp' };

/** The document's flags from its FileHeader stream; 400 for anything that is not an HWP 5 file. */
function fileHeaderFlags(container: CFB.CFB$Container): number {
  const header = CFB.find(container, 'FileHeader');
  const bytes = header ? Buffer.from(header.content as Uint8Array) : Buffer.alloc(0);
  if (bytes.length < 40 || bytes.subarray(0, HWP_SIGNATURE.length).toString('latin1') !== HWP_SIGNATURE) throw validationError(m.notHwp);
  return bytes.readUInt32LE(36);
}

/**
 * Every stream inflated as the parser will inflate it, counted and never kept: 400 past the caps.
 * A stream that is not deflate (pictures may be stored as they are) counts its own size.
 */
async function checkStreams(container: CFB.CFB$Container, compressed: boolean): Promise<void> {
  let total = 0;
  for (const entry of container.FileIndex) {
    if (entry.type !== 2) continue;
    const content = entry.content as Uint8Array;
    // A view, not a copy: the upload is already held once by the request and once by cfb.
    const data = Buffer.from(content.buffer, content.byteOffset, content.length);
    let size = data.length;
    if (compressed && entry.name !== 'FileHeader' && !entry.name.startsWith('\u0005')) {
      try {
        size = await inflatedSize(data, ZIP_MAX_ENTRY_BYTES);
      } catch {
        size = data.length;
      }
    }
    total += size;
    if (size > ZIP_MAX_ENTRY_BYTES || total > ZIP_MAX_TOTAL_BYTES) throw validationError(m.archiveTooLarge);
  }
}

/** The parser's Markdown as lines: a table row is one line of its cells, a picture joins its line. */
export function markdownToLines(markdown: string, pictures: ReadonlyMap<string, string>): DocumentLine[] {
  const lines: DocumentLine[] = [];
  for (const raw of markdown.split('\n')) {
    if (/^\s*\|?\s*:?-{3,}/.test(raw) || /^\s*(?:-{3,}|#\s*HWP 문서)\s*$/.test(raw)) continue;
    const images: string[] = [];
    let text = raw.replace(/!\[[^\]]*\]\(([^)\s]+)\)/g, (_, id: string) => {
      const src = pictures.get(id);
      if (src) images.push(src);
      return ' ';
    });
    if (/^\s*\|/.test(text)) text = text.replace(/\|/g, ' ');
    text = text
      .replace(/<br\s*\/?>/g, ' ')
      .replace(/\*\*|__/g, '')
      .replace(/^#{1,6}\s+/, '')
      .replace(/\\([\\`*_{}[\]()#+\-.!|~<>])/g, '$1')
      .replace(/\s+/g, ' ')
      .trim();
    if (text || images.length > 0) lines.push({ text, images });
  }
  return lines;
}

/** Reads an uploaded .hwp: 400 for a file that is not HWP 5.0, is locked or distributed, or inflates past the caps. */
export async function readHwp(bytes: Buffer): Promise<DocumentLine[]> {
  if (bytes.length < 512 || !bytes.subarray(0, 8).equals(CFB_SIGNATURE)) throw validationError(m.notHwp);
  let container: CFB.CFB$Container;
  try {
    container = CFB.read(bytes, { type: 'buffer' });
  } catch {
    throw validationError(m.notHwp);
  }
  const flags = fileHeaderFlags(container);
  if (flags & FLAG_PASSWORD) throw validationError(m.documentEncrypted);
  if (flags & FLAG_DISTRIBUTION) throw validationError(m.distributionDocument);
  await checkStreams(container, (flags & FLAG_COMPRESSED) !== 0);
  try {
    const { markdown, images } = hwpjs.toMarkdown(bytes, { includeVersion: false, includePageInfo: false });
    const pictures = new Map(
      images.map((image) => [
        image.id,
        `data:${IMAGE_TYPES[image.format.toLowerCase()] ?? 'application/octet-stream'};base64,${Buffer.from(image.data).toString('base64')}`,
      ]),
    );
    return markdownToLines(markdown, pictures);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw validationError(m.brokenDocument);
  }
}
