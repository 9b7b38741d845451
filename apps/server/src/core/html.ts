import sanitizeHtml from 'sanitize-html';
import { findNegationRanges } from '@qbank/shared/negation';

// Rich text of problems, set headers and posts is sanitized when it is stored (and again by
// the web app when rendered). A safe subset: text formatting, lists, tables for lab values,
// links, and images only from our own /uploads/ or inline data.
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'span', 'div', 'blockquote', 'code', 'pre',
    'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'hr', 'a', 'img',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'colgroup', 'col',
  ],
  allowedAttributes: {
    // rel and target are set by the transform below, whatever the input said.
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    '*': [],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  exclusiveFilter: (frame) => frame.tag === 'img' && !/^(\/uploads\/|data:image\/(png|jpeg|gif|webp);)/.test(frame.attribs.src ?? ''),
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
  },
};

export function sanitizeRichHtml(html: string): string {
  return sanitizeHtml(html, options);
}

/**
 * Stored (sanitized) HTML with the negation phrases of its text ("옳지 않은", issue 16 item 5)
 * wrapped in <strong><u>, for the .docx export, whose HTML reader turns them into bold,
 * underlined runs. The markup goes through the parser above: each text node is matched on its
 * own and only its escaped text is split, so nothing of the stored markup is pasted by hand. A
 * phrase split by a tag ("옳지 <em>않은</em>") is not found here (the web app matches whole blocks).
 */
export function emphasizeNegationsInHtml(html: string): string {
  // Tags never look like a phrase: markup without one is returned as it was stored.
  if (findNegationRanges(html).length === 0) return html;
  return sanitizeHtml(html, {
    ...options,
    // Escaped text: a phrase is Hangul and spaces only, so a range never cuts an entity.
    textFilter: (escaped) => {
      const ranges = findNegationRanges(escaped);
      if (ranges.length === 0) return escaped;
      let out = '';
      let at = 0;
      for (const { start, end } of ranges) {
        out += `${escaped.slice(at, start)}<strong><u>${escaped.slice(start, end)}</u></strong>`;
        at = end;
      }
      return out + escaped.slice(at);
    },
  });
}
