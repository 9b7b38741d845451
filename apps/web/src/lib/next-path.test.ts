import { describe, expect, it } from 'vitest';
import { nextFromLocation, sanitizeNextPath } from './next-path';

describe('sanitizeNextPath', () => {
  it('keeps a same-site path with its query', () => {
    expect(sanitizeNextPath('/tests/12/problems?q=%EC%8B%AC%EC%9E%A5')).toBe('/tests/12/problems?q=%EC%8B%AC%EC%9E%A5');
    expect(sanitizeNextPath('/dashboard/my')).toBe('/dashboard/my');
    expect(sanitizeNextPath('/')).toBe('/');
  });

  it('falls back to /home when there is no next', () => {
    expect(sanitizeNextPath(null)).toBe('/home');
    expect(sanitizeNextPath(undefined)).toBe('/home');
    expect(sanitizeNextPath('')).toBe('/home');
  });

  it.each([
    ['protocol-relative', '//evil.example/home'],
    ['absolute URL', 'https://evil.example/'],
    ['javascript URL', 'javascript:alert(1)'],
    ['relative path', 'home'],
    ['backslash trick', '/\\evil.example'],
    ['tab trick', '/\t/evil.example'],
    ['newline trick', '/\n/evil.example'],
  ])('refuses a %s', (_name, value) => {
    expect(sanitizeNextPath(value)).toBe('/home');
  });

  it('uses the given fallback', () => {
    expect(sanitizeNextPath('//x', '/exams')).toBe('/exams');
  });
});

describe('nextFromLocation', () => {
  it('is the path and query without the hash', () => {
    expect(nextFromLocation({ pathname: '/tests/3/solve', search: '?mode=all' })).toBe('/tests/3/solve?mode=all');
  });
});
