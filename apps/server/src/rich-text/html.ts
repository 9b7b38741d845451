import render from 'dom-serializer';
import { Element, Text, type ChildNode } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';
import { findNegationRanges } from '@qbank/shared/negation';

// Rich text of problems, set headers and posts is sanitized when it is stored (and again by
// the web app when rendered). A safe subset: text formatting, lists, tables for lab values,
// links, and images only from our own /uploads/ or inline data.
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'span',
    'div',
    'blockquote',
    'code',
    'pre',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'hr',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'colgroup',
    'col',
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

/** Elements that end a line of text: a phrase never runs across them (as in the web app's matcher). */
const BLOCK_TAGS = new Set(['p', 'div', 'li', 'td', 'th', 'caption', 'blockquote', 'pre', 'h2', 'h3', 'h4', 'tr', 'table', 'ul', 'ol', 'br', 'hr']);

/**
 * Stored (sanitized) HTML with the negation phrases of its text ("옳지 않은", issue 16 item 5)
 * wrapped in <strong><u>, for the .docx export, whose HTML reader turns them into bold,
 * underlined runs. The text of each block is matched as a whole, so a phrase split by inline
 * markup ("옳지 <em>않은</em>") is found as the web app finds it; each text node then wraps only
 * its own part, which keeps the markup well nested. Only text nodes are split and only
 * <strong><u> elements added on the parsed tree, so no stored markup is pasted by hand.
 * `className` marks each <strong> as the web app marks it (the server's drawing of a page).
 */
export function emphasizeNegationsInHtml(html: string, emphasis: { className?: string } = {}): string {
  const document = parseDocument(sanitizeHtml(html, options));
  const segments: { node: Text; start: number }[] = [];
  let text = '';
  const walk = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      if (node instanceof Text) {
        segments.push({ node, start: text.length });
        text += node.data;
      } else if (node instanceof Element) {
        const block = BLOCK_TAGS.has(node.name);
        if (block) text += '\n';
        walk(node.children);
        if (block) text += '\n';
      }
    }
  };
  walk(document.children);
  const ranges = findNegationRanges(text);
  if (ranges.length === 0) return render(document, { encodeEntities: 'utf8' });
  for (const { node, start } of segments) {
    const end = start + node.data.length;
    const local = ranges.filter((range) => range.start < end && range.end > start);
    if (local.length === 0) continue;
    const pieces: ChildNode[] = [];
    let at = 0;
    for (const range of local) {
      const from = Math.max(range.start - start, 0);
      const to = Math.min(range.end - start, node.data.length);
      if (from > at) pieces.push(new Text(node.data.slice(at, from)));
      pieces.push(
        new Element('strong', emphasis.className ? { class: emphasis.className } : {}, [new Element('u', {}, [new Text(node.data.slice(from, to))])]),
      );
      at = to;
    }
    if (at < node.data.length) pieces.push(new Text(node.data.slice(at)));
    replaceNode(node, pieces);
  }
  return render(document, { encodeEntities: 'utf8' });
}

/** Puts `pieces` where `node` stands among its parent's children. */
function replaceNode(node: ChildNode, pieces: ChildNode[]): void {
  const parent = node.parent;
  if (!parent) return;
  const index = parent.children.indexOf(node);
  parent.children.splice(index, 1, ...pieces);
  for (const piece of pieces) piece.parent = parent;
  parent.children.forEach((child, i) => {
    child.prev = parent.children[i - 1] ?? null;
    child.next = parent.children[i + 1] ?? null;
  });
}
