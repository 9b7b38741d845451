import { describe, expect, it } from 'vitest';
import { findNegationRanges, splitByNegation } from './negation';

const emphasized = (text: string) => findNegationRanges(text).map(({ start, end }) => text.slice(start, end));

describe('findNegationRanges (issue 16 item 5)', () => {
  it.each([
    ['다음 중 옳지 않은 것은?', ['옳지 않은']],
    ['다음 중 옳지 않는 것은?', ['옳지 않는']],
    ['다음 중 옳지않은것은?', ['옳지않은']],
    ['가장 적절하지 않은 것은?', ['가장 적절하지 않은']],
    ['이 질환에 해당하지 않는 것은?', ['해당하지 않는']],
    ['원인이 아닌 것은?', ['아닌']],
    ['틀린 설명을 고르시오.', ['틀린']],
    ['이 환자의 소견과 거리가 먼 것은?', ['거리가 먼']],
    ['거리가 가장 먼 것은?', ['거리가 가장 먼']],
    ['병인과 관계없는 것은?', ['관계없는']],
    ['병인과 관련이 없는 것은?', ['관련이 없는']],
    ['이 환자에서 관찰되지 않는 것은?', ['관찰되지 않는']],
    ['이 질환에서 볼 수 없는 것은?', ['없는']],
    ['옳은 것은? (단, 틀린 것은 없다)', ['틀린']],
    ['(가)와 (나) 중 아닌 것과 틀린 것', ['아닌', '틀린']],
  ])('%s → %j', (text, expected) => {
    expect(emphasized(text)).toEqual(expected);
  });

  it.each([
    '이것이 원인인지 아닌지 판단하라.',
    '감염이 아닌가?',
    '다음 중 옳은 것은?',
    '가장 적절한 것은?',
    '치료받지 않은 환자에서 가장 적절한 치료는?',
    '이 약은 간에서 대사되지 않는다.',
    '혈압이 높지 않은 환자',
    '증상이 없는 환자에서 가장 적절한 검사는?',
    '',
  ])('nothing in %j', (text) => {
    expect(findNegationRanges(text)).toEqual([]);
  });

  it('counts UTF-16 indices and handles a phrase at the very start and end', () => {
    expect(findNegationRanges('아닌')).toEqual([{ start: 0, end: 2 }]);
    expect(findNegationRanges('🩺 틀린')).toEqual([{ start: 3, end: 5 }]);
  });

  it('treats a non-breaking space like a space', () => {
    expect(emphasized('옳지\u00a0않은 것은?')).toEqual(['옳지\u00a0않은']);
  });
});

describe('splitByNegation', () => {
  it('covers the whole text in order', () => {
    const pieces = splitByNegation('다음 중 옳지 않은 것은?');
    expect(pieces).toEqual([
      { text: '다음 중 ', emphasized: false },
      { text: '옳지 않은', emphasized: true },
      { text: ' 것은?', emphasized: false },
    ]);
    expect(pieces.map((piece) => piece.text).join('')).toBe('다음 중 옳지 않은 것은?');
  });

  it('keeps text without phrases as one piece', () => {
    expect(splitByNegation('옳은 것은?')).toEqual([{ text: '옳은 것은?', emphasized: false }]);
  });
});
