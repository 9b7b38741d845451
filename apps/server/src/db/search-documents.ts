import { canBeChoseong, getChoseong } from 'es-hangul';

// The search documents the database keeps beside each problem (problem_search): the bigram
// document (SQLite's FTS5 index) and the choseong document and key. PostgreSQL computes them with
// the SQL functions its migrations define; SQLite's triggers call these through core/db.ts. The
// queries that match them are in ../search/.

/** A letter or digit in any script: what the bigram index and the bigram terms are made of. */
export const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/**
 * The document SQLite's bigram index stores for a text: every pair of adjacent letters or digits,
 * separated by spaces, so FTS5's unicode61 tokenizer (which also folds case) sees each pair as one
 * token. Pairs that span a space or punctuation are left out: no bigram term contains them.
 */
export function bigramDocument(text: string): string {
  const bigrams: string[] = [];
  let previous = '';
  for (const character of text) {
    const isWord = WORD_CHARACTER.test(character);
    if (isWord && previous) bigrams.push(previous + character);
    previous = isWord ? character : '';
  }
  return bigrams.join(' ');
}

// 초성 (initial consonant) search. Koreans type "ㅅㄱㄱㅅ" for 심근경색 and, while typing, "심ㄱ".
// The server keeps a choseong document beside each problem's search document (migration
// 2026-11-24-060): every Hangul syllable replaced by its initial, initials typed as such kept,
// whitespace dropped (so "ㅅㄱㄱㅅ" also finds "심근 경색"), and every other run of characters
// (Latin, digits, punctuation) reduced to one space, so a match never spans them.

const FIRST_SYLLABLE = 0xac00;
const LAST_SYLLABLE = 0xd7a3;
const SYLLABLES_PER_INITIAL = 588;

/** The letter each initial stands for in a choseong key (choseongKey), in Unicode order. */
const KEY_LETTERS = 'abcdefghijklmnopqrs';

/**
 * The 19 initials in Unicode order, each with the syllable range that begins with it and its key
 * letter, by the initial: looked up for every character of a problem's text on each write.
 */
export const INITIALS = new Map(
  Array.from({ length: 19 }, (_, index) => {
    const first = FIRST_SYLLABLE + index * SYLLABLES_PER_INITIAL;
    const initial = getChoseong(String.fromCodePoint(first));
    return [initial, { first: String.fromCodePoint(first), last: String.fromCodePoint(first + SYLLABLES_PER_INITIAL - 1), key: KEY_LETTERS[index]! }] as const;
  }),
);

function isSyllable(character: string): boolean {
  const code = character.codePointAt(0)!;
  return code >= FIRST_SYLLABLE && code <= LAST_SYLLABLE;
}

/**
 * The choseong document of a text. PostgreSQL computes the same document with the SQL function
 * qbank_choseong (the migration); SQLite's triggers call this through core/db.ts. Search matches
 * its key (choseongKey), which problem_search keeps.
 */
export function choseongDocument(text: string): string {
  let document = '';
  let separated = false;
  for (const character of text) {
    if (/\s/u.test(character)) continue;
    const initial = isSyllable(character) ? getChoseong(character) : canBeChoseong(character) ? character : '';
    if (initial) {
      document += initial;
      separated = false;
    } else if (!separated) {
      document += ' ';
      separated = true;
    }
  }
  return document.trim();
}

/**
 * The choseong key of a choseong document (or of initials as typed): each initial as one ASCII
 * letter (ㄱ a, ㄲ b, … ㅎ s), spaces kept. A one-to-one spelling, so a key matches where the
 * document does. Search matches keys (problem_search.choseong_key, migration 2026-11-27-010):
 * PostgreSQL's LIKE compares initials byte by byte, and in a document of initials every
 * character begins with the pattern's first byte (all are U+3131–U+314E), so it cost ~5 µs a row
 * against ~1 µs for letters; the probe of a common 초성 term tests thousands of rows.
 * qbank_choseong_key (the migration's SQL function on PostgreSQL; core/db.ts on SQLite) computes
 * choseongKey(choseongDocument(text)) from a search document.
 */
export function choseongKey(document: string): string {
  let key = '';
  for (const character of document) {
    key += INITIALS.get(character)?.key ?? character;
  }
  return key;
}
