import type { Highlight } from '@qbank/shared/annotations';
import { wrapTextRanges } from '../lib/wrap-text-ranges';

// Highlights are ranges of a part's plain text as wrapTextRanges reads it (a <br> or a new block
// counts as one line break), so a range saved on one device marks the same words on another.

const BLOCKS = new Set(['P', 'DIV', 'LI', 'TD', 'TH', 'CAPTION', 'BLOCKQUOTE', 'PRE', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'TR', 'TABLE', 'UL', 'OL']);
export const HIGHLIGHT_CLASS = 'qbank-highlight';

function blockOf(node: Node, root: Node): Node {
  let current = node.parentNode;
  while (current && current !== root && !BLOCKS.has((current as Element).tagName)) current = current.parentNode;
  return current ?? root;
}

function textSegments(root: Node): { segments: { node: Text; start: number }[]; length: number } {
  const doc = root.ownerDocument ?? (root as Document);
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
  const segments: { node: Text; start: number }[] = [];
  let length = 0;
  let lastBlock: Node | null = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === Node.ELEMENT_NODE) {
      if ((node as Element).tagName === 'BR') length += 1;
      continue;
    }
    const block = blockOf(node, root);
    if (lastBlock && block !== lastBlock) length += 1;
    lastBlock = block;
    segments.push({ node: node as Text, start: length });
    length += (node as Text).data.length;
  }
  return { segments, length };
}

/** The offset in `root`'s plain text of a DOM boundary point (a selection's start or end). */
export function textOffset(root: Node, container: Node, offset: number): number {
  const { segments, length } = textSegments(root);
  const doc = root.ownerDocument ?? (root as Document);
  const boundary = doc.createRange();
  boundary.setStart(container, offset);
  boundary.collapse(true);
  for (const segment of segments) {
    if (segment.node === container) return segment.start + Math.min(offset, segment.node.data.length);
    if (boundary.comparePoint(segment.node, 0) > 0) return segment.start;
  }
  return length;
}

/** The selection's range in `root`'s text, or null when nothing of `root` is selected. */
export function selectedRange(root: HTMLElement, selection: Selection | null): { start: number; end: number } | null {
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  if (!root.contains(range.commonAncestorContainer)) return null;
  const start = textOffset(root, range.startContainer, range.startOffset);
  const end = textOffset(root, range.endContainer, range.endOffset);
  return end > start ? { start, end } : null;
}

/** Adds a range to a part's highlights, joining the ones it touches. */
export function addHighlight(highlights: readonly Highlight[], added: Highlight): Highlight[] {
  const others = highlights.filter((h) => h.part !== added.part);
  let merged = { ...added };
  const same = highlights.filter((h) => h.part === added.part).sort((a, b) => a.start - b.start);
  const kept: Highlight[] = [];
  for (const h of same) {
    if (h.end < merged.start || h.start > merged.end) kept.push(h);
    else merged = { part: merged.part, start: Math.min(h.start, merged.start), end: Math.max(h.end, merged.end) };
  }
  return [...others, ...kept, merged].sort((a, b) => a.part.localeCompare(b.part) || a.start - b.start);
}

/** Draws a part's highlights in `root`, replacing the ones drawn before. */
export function drawHighlights(root: HTMLElement, ranges: readonly { start: number; end: number }[]): void {
  for (const mark of root.querySelectorAll(`mark.${HIGHLIGHT_CLASS}`)) mark.replaceWith(...mark.childNodes);
  root.normalize();
  if (ranges.length === 0) return;
  wrapTextRanges(
    root,
    () => [...ranges].sort((a, b) => a.start - b.start),
    (doc, text) => {
      const mark = doc.createElement('mark');
      mark.className = HIGHLIGHT_CLASS;
      mark.textContent = text;
      return mark;
    },
  );
}
