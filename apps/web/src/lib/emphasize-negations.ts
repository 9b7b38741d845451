import { findNegationRanges, NEGATION_CLASS } from '@qbank/shared/negation';
import { wrapTextRanges } from './wrap-text-ranges';

// Only <strong><u> elements are added around the phrases (wrap-text-ranges.ts).

function emphasisElement(doc: Document, text: string): HTMLElement {
  const strong = doc.createElement('strong');
  strong.className = NEGATION_CLASS;
  const underline = doc.createElement('u');
  underline.textContent = text;
  strong.append(underline);
  return strong;
}

/** Emphasizes the negation phrases in the children of `root` (see wrapTextRanges). */
export function emphasizeNegationsIn(root: Node): void {
  wrapTextRanges(root, findNegationRanges, emphasisElement);
}

/** Sanitized HTML with its negation phrases emphasized. */
export function emphasizeNegations(cleanHtml: string): string {
  const template = document.createElement('template');
  template.innerHTML = cleanHtml;
  emphasizeNegationsIn(template.content);
  return template.innerHTML;
}
