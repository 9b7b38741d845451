import { describe, expect, it } from 'vitest';
import { containsPattern } from '../search/text-match';

describe('containsPattern', () => {
  it('escapes LIKE wildcards so they match literally', () => {
    expect(containsPattern('간경변')).toBe('%간경변%');
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});
