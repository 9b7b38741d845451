import type { TextRange } from '@qbank/shared/negation';

// Works on the DOM of already sanitized HTML: only text nodes are split and only the caller's
// elements are added, so no stored markup is ever pasted into a string.

const BLOCKS = new Set(['P', 'DIV', 'LI', 'TD', 'TH', 'CAPTION', 'BLOCKQUOTE', 'PRE', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'TR', 'TABLE', 'UL', 'OL']);

function blockOf(node: Node, root: Node): Node {
  let current = node.parentNode;
  while (current && current !== root && !BLOCKS.has((current as Element).tagName)) current = current.parentNode;
  return current ?? root;
}

/**
 * Wraps the ranges `find` returns in the text of `root`'s children, each piece in an element of
 * `wrap`. The text of a block is matched as a whole, so "옳지 <em>않은</em>" is found too; each
 * text node then wraps only its own part, which keeps the markup well nested. A <br> or a new
 * block separates words.
 */
export function wrapTextRanges(root: Node, find: (text: string) => TextRange[], wrap: (doc: Document, text: string) => HTMLElement): void {
  const doc = root.ownerDocument ?? (root as Document);
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
  const segments: { node: Text; start: number }[] = [];
  let text = '';
  let lastBlock: Node | null = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === Node.ELEMENT_NODE) {
      if ((node as Element).tagName === 'BR') text += '\n';
      continue;
    }
    const block = blockOf(node, root);
    if (lastBlock && block !== lastBlock) text += '\n';
    lastBlock = block;
    segments.push({ node: node as Text, start: text.length });
    text += (node as Text).data;
  }
  const ranges = find(text);
  if (ranges.length === 0) return;

  for (const { node, start } of segments) {
    const end = start + node.data.length;
    const local = ranges.filter((range) => range.start < end && range.end > start);
    if (local.length === 0) continue;
    const fragment = doc.createDocumentFragment();
    let at = 0;
    for (const range of local) {
      const from = Math.max(range.start - start, 0);
      const to = Math.min(range.end - start, node.data.length);
      if (from > at) fragment.append(node.data.slice(at, from));
      fragment.append(wrap(doc, node.data.slice(from, to)));
      at = to;
    }
    if (at < node.data.length) fragment.append(node.data.slice(at));
    node.replaceWith(fragment);
  }
}
