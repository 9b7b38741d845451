import type { TextRange } from './negation';

// Issue 26 item 15: the viewers mark where a problem matches the search. The server matches the
// query as one substring of the plain text, ignoring case, or, when the query has initials
// (초성: "ㅅㄱㄱㅅ", "심ㄱ"), each initial standing for any syllable that begins with it
// (apps/server/src/search/choseong.ts). This finds the same places in a piece of plain text.

const INITIALS = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';
const FIRST_SYLLABLE = 0xac00;
const SYLLABLES_PER_INITIAL = 588;

function escape(character: string): string {
  return /[\\^$.|?*+()[\]{}-]/.test(character) ? `\\${character}` : character;
}

/** An initial as a class of itself and every syllable that begins with it; anything else as itself. */
function characterPattern(character: string): string {
  const index = INITIALS.indexOf(character);
  if (index === -1) return escape(character);
  const first = FIRST_SYLLABLE + index * SYLLABLES_PER_INITIAL;
  return `[${character}${String.fromCodePoint(first)}-${String.fromCodePoint(first + SYLLABLES_PER_INITIAL - 1)}]`;
}

/**
 * The pattern of a search query, or null for an empty one. Spaces in the query match any run of
 * white space; a query of initials only may also match across spaces ("ㅅㄱㄱㅅ" in "심근 경색"),
 * as its server match ignores them.
 */
export function searchHitPattern(query: string): RegExp | null {
  const characters = [...query.trim()];
  if (characters.length === 0) return null;
  const letters = characters.filter((c) => !/\s/u.test(c));
  const initialsOnly = letters.length >= 2 && letters.every((c) => INITIALS.includes(c));
  const source = initialsOnly
    ? letters.map(characterPattern).join('\\s*')
    : characters
        .map((c) => (/\s/u.test(c) ? '\\s+' : characterPattern(c)))
        .join('')
        .replace(/(\\s\+)+/g, '\\s+');
  return new RegExp(source, 'giu');
}

/** The ranges of `text` (plain text) that match the search `query`, in order and not overlapping. */
export function findSearchHits(text: string, query: string): TextRange[] {
  const pattern = searchHitPattern(query);
  if (!pattern) return [];
  const ranges: TextRange[] = [];
  for (const match of text.matchAll(pattern)) {
    if (match[0].length === 0) continue;
    ranges.push({ start: match.index, end: match.index + match[0].length });
  }
  return ranges;
}
