// Issue 16 item 5: the phrases of a Korean exam stem that decide what is asked ("옳지 않은 것은?")
// are shown bold and underlined in the viewers, solve mode and the .docx export. The stored text
// never changes: callers emphasize the ranges this function finds when they render.
//
// Decisions (docs/decisions/120-negation-emphasis.md):
// - A phrase is emphasized only as whole words: it starts after a non-Hangul character (or the
//   start) and ends before one, or right before 것 ("옳지 않은것은", typed without the space).
//   So "아닌지", "아닌가", "틀린다", "않는다" (a choice's statement, not the stem's question) are
//   left alone.
// - The fixed phrases are emphasized wherever they stand; the generic "…지 않은/않는/못한" and
//   "…없는" only when 것 follows ("관찰되지 않는 것은") or the one noun that ends the question
//   ("입증되지 않은 약물은?", docs/decisions/081-negation-before-the-last-noun.md), so that
//   "치료받지 않은 환자에서 가장 적절한 것은?" or "…잘되지 않는 경우 수복은?" does not emphasize a
//   patient's history.
// - Spacing is free ("옳지않은", "관계 없는", "거리가먼"); a leading "가장" belongs to the phrase.

const HANGUL = '\\uAC00-\\uD7A3';
const START = `(?<![${HANGUL}])`;
const END = `(?=$|[^${HANGUL}]|것)`;
/** What follows a generic negated predicate that asks the question: 것, or the question's last word and its "?". */
const ASKED = `(?=\\s*(?:것|[${HANGUL}]+\\s*[?？]))`;

/** The class of the <strong> that marks a negation phrase, in the web app and in the server's drawing of a page. */
export const NEGATION_CLASS = 'qbank-negation';

/** The phrases, most specific first (alternation tries them in order at each position). */
export const NEGATION_PATTERNS: readonly string[] = [
  // 옳지 않은, 가장 적절하지 않은, 해당하지 않는, 맞지 않는, 옳지 못한 …
  `(?:가장\\s*)?(?:옳|맞|바르|적절하|타당하|적합하|해당하|해당되|관계되|관련되|일치하|부합하)지\\s*(?:않|못)(?:은|는|한)`,
  // 관계없는, 관련이 없는, 상관없는, 연관성이 없는
  `(?:가장\\s*)?(?:관계|관련|상관|연관성?)(?:이|가)?\\s*없는`,
  // 거리가 먼, 거리가 가장 먼
  `(?:가장\\s*)?거리가\\s*(?:가장\\s*)?먼`,
  `틀린|아닌|잘못된|부적절한|부적합한`,
  // Generic, only before 것 or the question's last noun: 관찰되지 않는 것은, 볼 수 없는 것은, 낮추지 않는 약물은?
  `[${HANGUL}]+지\\s*(?:않|못)(?:은|는|한)${ASKED}`,
  `[${HANGUL}]*없는${ASKED}`,
];

const PATTERN = new RegExp(`${START}(?:${NEGATION_PATTERNS.join('|')})${END}`, 'g');

export interface TextRange {
  /** UTF-16 index of the first character. */
  start: number;
  /** UTF-16 index after the last character. */
  end: number;
}

/** The ranges of `text` (plain text, no markup) to emphasize, in order and not overlapping. */
export function findNegationRanges(text: string): TextRange[] {
  const ranges: TextRange[] = [];
  for (const match of text.matchAll(PATTERN)) {
    const start = match.index;
    const end = start + match[0].length;
    const last = ranges.at(-1);
    if (last && start <= last.end) last.end = Math.max(last.end, end);
    else ranges.push({ start, end });
  }
  return ranges;
}

/** Splits `text` into pieces, each marked whether it is emphasized (for run-based renderers). */
export function splitByNegation(text: string): { text: string; emphasized: boolean }[] {
  const pieces: { text: string; emphasized: boolean }[] = [];
  let at = 0;
  for (const { start, end } of findNegationRanges(text)) {
    if (start > at) pieces.push({ text: text.slice(at, start), emphasized: false });
    pieces.push({ text: text.slice(start, end), emphasized: true });
    at = end;
  }
  if (at < text.length || pieces.length === 0) pieces.push({ text: text.slice(at), emphasized: false });
  return pieces;
}
