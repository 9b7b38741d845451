import mammoth from 'mammoth';
import { validationError } from '../errors';
import type { DocumentLine } from './exam-text-parser';
import { importMessages as m } from './messages';
import type { CheckedArchive } from './zip-guard';

// A Word file becomes paragraphs (mammoth's HTML: p, h1–h6, li, table rows), each with its text
// and the pictures in it as data URLs. A table row is one line with its cells separated by
// spaces, so an answer table "1 | ③ | 2 | ⑤" reads like the same text typed in a paragraph.

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)));
}

/** Splits mammoth's HTML into lines. Exported for tests of odd markup. */
export function htmlToLines(html: string): DocumentLine[] {
  const marked = html
    // Paragraphs inside a table cell stay on the row's line.
    .replace(/<tr\b[\s\S]*?<\/tr>/g, (row) => row.replace(/<\/?p\b[^>]*>/g, ' '))
    .replace(/<img\b[^>]*?\bsrc="([^"]*)"[^>]*>/g, (_, src: string) => `\uE000${src}\uE001`)
    .replace(/<\/(td|th)>/g, ' ')
    .replace(/<br\s*\/?>|<\/(p|h[1-6]|li|tr|caption)>/g, '\n')
    .replace(/<[^>]+>/g, '');
  return decodeEntities(marked)
    .split('\n')
    .map((raw) => {
      const images: string[] = [];
      const text = raw.replace(/\uE000([^\uE001]*)\uE001/g, (_, src: string) => {
        images.push(src);
        return ' ';
      });
      return { text: text.trim(), images };
    })
    .filter((line) => line.text !== '' || line.images.length > 0);
}

/** Reads an archive the ZIP guard passed: mammoth inflates the entries it needs, bounded by its caps. */
export async function readDocx(archive: CheckedArchive): Promise<DocumentLine[]> {
  try {
    const result = await mammoth.convertToHtml(
      { buffer: archive.bytes },
      {
        // A document may link pictures on disk or the network: never follow those links.
        externalFileAccess: false,
        convertImage: mammoth.images.imgElement(async (image) => ({ src: `data:${image.contentType};base64,${await image.read('base64')}` })),
      },
    );
    return htmlToLines(result.value);
  } catch {
    throw validationError(m.brokenDocument);
  }
}
