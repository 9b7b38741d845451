import { findSearchHits } from '@qbank/shared/search-hits';
import { wrapTextRanges } from './wrap-text-ranges';

// Issue 26 item 15: where a problem matches the viewer's search, its text is marked (<mark>).

/** The class of a search hit's <mark>, in stored HTML and in plain text alike. */
export const SEARCH_HIT_CLASS = 'qbank-search-hit';

function markElement(doc: Document, text: string): HTMLElement {
  const mark = doc.createElement('mark');
  mark.className = SEARCH_HIT_CLASS;
  mark.textContent = text;
  return mark;
}

/** Marks the search hits in the children of `root` (see wrapTextRanges). */
export function markSearchHitsIn(root: Node, query: string): void {
  wrapTextRanges(root, (text) => findSearchHits(text, query), markElement);
}

/** Sanitized HTML with its search hits marked. */
export function markSearchHits(cleanHtml: string, query: string): string {
  const template = document.createElement('template');
  template.innerHTML = cleanHtml;
  markSearchHitsIn(template.content, query);
  return template.innerHTML;
}
