import sanitizeHtml from 'sanitize-html';

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
