import { describe, expect, it } from 'vitest';
import { readingPageAt } from './reading-page';

describe('readingPageAt', () => {
  it('reads an exam problem list with its search text trimmed', () => {
    expect(readingPageAt('/tests/12/problems', '?view=all&q=%20%ED%8F%90%EB%A0%B4%20')).toEqual({
      page: 'list',
      testCode: 12,
      q: '폐렴',
      order: { frequency: false, recurring: false },
    });
    expect(readingPageAt('/tests/12/problems', '')).toEqual({ page: 'list', testCode: 12, q: '', order: { frequency: false, recurring: false } });
    // 빈출순 and 반복 출제만 (decision 190): the list the server does not draw.
    expect(readingPageAt('/tests/12/problems', '?sort=frequency&recurring=1')).toEqual({
      page: 'list',
      testCode: 12,
      q: '',
      order: { frequency: true, recurring: true },
    });
    expect(readingPageAt('/tests/12/problems', '?sort=oldest&recurring=yes')).toEqual({
      page: 'list',
      testCode: 12,
      q: '',
      order: { frequency: false, recurring: false },
    });
  });

  it('reads solve mode', () => {
    expect(readingPageAt('/tests/7/solve', '?x=1')).toEqual({ page: 'solve', testCode: 7 });
  });

  it('is null for other pages and for codes that are not positive whole numbers', () => {
    for (const path of ['/exams', '/tests/7', '/tests/abc/solve', '/tests/0/problems', '/tests/-3/solve', '/tests/1.5/problems', '/tests/7/solve/extra']) {
      expect(readingPageAt(path, ''), path).toBeNull();
    }
  });
});
