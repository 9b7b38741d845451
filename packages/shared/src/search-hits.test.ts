import { describe, expect, it } from 'vitest';
import { findSearchHits } from './search-hits';

const hits = (text: string, query: string) => findSearchHits(text, query).map(({ start, end }) => text.slice(start, end));

describe('findSearchHits (issue 26 item 15)', () => {
  it.each([
    ['급성 심근경색의 첫 검사는? 심근경색 후 합병증', '심근경색', ['심근경색', '심근경색']],
    ['Troponin I 상승, troponin 재검', 'TROPONIN', ['Troponin', 'troponin']],
    ['심근 경색과 심근\n경색', '심근 경색', ['심근 경색', '심근\n경색']],
    ['심근경색과 심근 경색', 'ㅅㄱㄱㅅ', ['심근경색', '심근 경색']],
    ['심근경색과 심장', '심ㄱ', ['심근']],
    ['a+b (c) [d]', '(c)', ['(c)']],
  ])('%j for %j → %j', (text, query, expected) => {
    expect(hits(text, query)).toEqual(expected);
  });

  it('finds nothing for an empty query or a miss', () => {
    expect(findSearchHits('심근경색', '')).toEqual([]);
    expect(findSearchHits('심근경색', '   ')).toEqual([]);
    expect(findSearchHits('심근경색', '폐렴')).toEqual([]);
  });

  it('counts UTF-16 indices', () => {
    expect(findSearchHits('🩺 심전도', '심전도')).toEqual([{ start: 3, end: 6 }]);
  });
});
