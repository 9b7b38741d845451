import { describe, expect, it } from 'vitest';
import { bigramDocument } from '../db/search-documents';
import { containsPattern, isBigramTerm } from './text-match';

describe('bigram search', () => {
  it('takes two letters or digits, in any script, and nothing else', () => {
    expect(isBigramTerm('폐렴')).toBe(true);
    expect(isBigramTerm('B1')).toBe(true);
    expect(isBigramTerm('폐')).toBe(false);
    expect(isBigramTerm('폐렴구')).toBe(false);
    expect(isBigramTerm('폐 ')).toBe(false);
    expect(isBigramTerm('1%')).toBe(false);
  });

  it('indexes every adjacent pair of word characters, never a pair across a space or punctuation', () => {
    expect(bigramDocument('세균성 폐렴, X-ray')).toBe('세균 균성 폐렴 ra ay');
    expect(bigramDocument('간')).toBe('');
    expect(bigramDocument('')).toBe('');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(bigramDocument('𝛼β')).toBe('𝛼β');
  });
});

describe('containsPattern', () => {
  it('takes LIKE wildcards literally', () => {
    expect(containsPattern('100%_a\\b')).toBe('%100\\%\\_a\\\\b%');
  });
});
