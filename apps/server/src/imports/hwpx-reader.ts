import JSZip from 'jszip';
import { SaxesParser } from 'saxes';
import { AppError, validationError } from '../errors';
import type { DocumentLine } from './exam-text-parser';
import { importMessages as m } from './messages';
import type { CheckedArchive } from './zip-guard';

// A 한글 .hwpx (OWPML) is a ZIP of XML: Contents/content.hpf lists the parts (sections and the
// BinData pictures), Contents/sectionN.xml holds the text. The archive has passed the ZIP guard
// (imports/zip-guard.ts) and JSZip reads the same entries it checked, so every XML string here is
// within its caps. The XML is read as a stream of tags (saxes) into the lines the exam text parser
// takes, as the .docx reader does: a paragraph is a line, a table row is one line with its cells
// separated by spaces (an answer table "1 ③ 2 ⑤" reads like typed text), a picture (hc:img) joins
// the line it sits in. Page headers and footers, footnotes and memos are not exam text and are
// skipped. Why our own reading rather than @ssabrojs/hwpxjs: docs/decisions/155-hwpx-reading.md.

/** Elements whose text is never exam text: page furniture and notes. */
const SKIPPED = new Set(['hp:header', 'hp:footer', 'hp:footNote', 'hp:endNote', 'hp:memo', 'hp:hiddenComment']);
const SECTION = /^Contents\/section(\d+)\.xml$/;

interface Manifest {
  /** id → { path of the entry, its media type } of every item in content.hpf. */
  items: Map<string, { href: string; mediaType: string }>;
}

/** An XML part as saxes reads it: a DOCTYPE (and with it any entity, the stuff of XML bombs) is refused. */
function parseXml(
  xml: string,
  handlers: { open(name: string, attributes: Record<string, string>): void; close(name: string): void; text(text: string): void },
): void {
  const parser = new SaxesParser();
  parser.on('doctype', () => {
    throw validationError(m.brokenDocument);
  });
  parser.on('opentag', (tag) => handlers.open(tag.name, tag.attributes as Record<string, string>));
  parser.on('closetag', (tag) => handlers.close(tag.name));
  parser.on('text', handlers.text);
  try {
    parser.write(xml).close();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw validationError(m.brokenDocument);
  }
}

function readManifest(xml: string): Manifest {
  const items = new Map<string, { href: string; mediaType: string }>();
  parseXml(xml, {
    open(name, attributes) {
      if (name === 'opf:item' && attributes.id && attributes.href)
        items.set(attributes.id, { href: attributes.href, mediaType: attributes['media-type'] ?? '' });
    },
    close() {},
    text() {},
  });
  return { items };
}

/** The lines of one section; `picture` turns a BinData id into the data URL it stands for. */
function sectionLines(xml: string, picture: (id: string) => string | null): DocumentLine[] {
  const lines: DocumentLine[] = [];
  let text = '';
  let images: string[] = [];
  let inText = 0;
  let tableDepth = 0;
  let skipped = 0;
  const flush = () => {
    const trimmed = text.replace(/\s+/g, ' ').trim();
    if (trimmed || images.length > 0) lines.push({ text: trimmed, images });
    text = '';
    images = [];
  };
  parseXml(xml, {
    open(name, attributes) {
      if (SKIPPED.has(name)) skipped += 1;
      if (skipped > 0) return;
      if (name === 'hp:t') inText += 1;
      else if (name === 'hp:tbl') {
        if (tableDepth === 0) flush();
        tableDepth += 1;
      } else if (name === 'hp:p' && tableDepth === 0) flush();
      else if (name === 'hp:lineBreak' && tableDepth === 0) flush();
      else if (name === 'hp:tab' || name === 'hp:lineBreak') text += ' ';
      else if (name === 'hc:img' && attributes.binaryItemIDRef) {
        const src = picture(attributes.binaryItemIDRef);
        if (src) images.push(src);
      }
    },
    close(name) {
      if (SKIPPED.has(name)) {
        skipped -= 1;
        return;
      }
      if (skipped > 0) return;
      if (name === 'hp:t') inText -= 1;
      else if (name === 'hp:tc') text += ' ';
      else if (name === 'hp:p' && tableDepth > 0) text += ' ';
      else if (name === 'hp:tr' && tableDepth === 1) flush();
      else if (name === 'hp:tbl') tableDepth -= 1;
      else if (name === 'hp:p' && tableDepth === 0) flush();
    },
    text(chunk) {
      if (inText > 0 && skipped === 0) text += chunk;
    },
  });
  flush();
  return lines;
}

/** Reads a .hwpx the ZIP guard passed: 400 for a password-protected one or one that is not OWPML. */
export async function readHwpx(archive: CheckedArchive): Promise<DocumentLine[]> {
  if (!archive.names.includes('Contents/content.hpf')) throw validationError(m.notHwpx);
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(archive.bytes);
  } catch {
    throw validationError(m.brokenDocument);
  }
  const read = async (name: string) => {
    const entry = zip.file(name);
    return entry ? entry.async('string') : null;
  };
  // An encrypted document's parts are listed with their cipher in the ODF manifest.
  if ((await read('META-INF/manifest.xml'))?.includes('encryption-data')) throw validationError(m.documentEncrypted);
  const manifest = readManifest((await read('Contents/content.hpf')) ?? '');
  const pictures = new Map<string, string>();
  for (const [id, item] of manifest.items) {
    const entry = item.href.startsWith('BinData/') ? zip.file(item.href) : null;
    if (entry) pictures.set(id, `data:${item.mediaType || 'application/octet-stream'};base64,${await entry.async('base64')}`);
  }
  const sections = archive.names
    .map((name) => ({ name, index: SECTION.exec(name)?.[1] }))
    .filter((section): section is { name: string; index: string } => section.index !== undefined)
    .sort((a, b) => Number(a.index) - Number(b.index));
  const lines: DocumentLine[] = [];
  for (const section of sections) lines.push(...sectionLines((await read(section.name)) ?? '', (id) => pictures.get(id) ?? null));
  return lines;
}
