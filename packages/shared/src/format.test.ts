import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatFileSize, formatRelativeTime } from './format';

const now = Date.parse('2026-03-10T12:00:00.000Z'); // 21:00 in Seoul

describe('formatRelativeTime (spec §9)', () => {
  it.each([
    ['2026-03-10T12:00:00.000Z', '방금 전'],
    ['2026-03-10T11:59:00.001Z', '방금 전'],
    ['2026-03-10T12:00:30.000Z', '방금 전'], // a little in the future (clock skew)
    ['2026-03-10T11:59:00.000Z', '1분 전'],
    ['2026-03-10T11:01:00.000Z', '59분 전'],
    ['2026-03-10T11:00:00.000Z', '1시간 전'],
    ['2026-03-09T12:00:01.000Z', '23시간 전'],
    ['2026-03-09T12:00:00.000Z', '1일 전'],
    ['2026-03-03T12:00:01.000Z', '6일 전'],
    ['2026-03-03T12:00:00.000Z', '2026.03.03'],
    ['2025-12-31T15:30:00.000Z', '2026.01.01'], // already New Year's Day in Seoul
  ])('%s is %s', (iso, expected) => {
    expect(formatRelativeTime(iso, now)).toBe(expected);
  });

  it('accepts a Date as now and returns an unreadable value unchanged', () => {
    expect(formatRelativeTime('2026-03-10T11:30:00.000Z', new Date(now))).toBe('30분 전');
    expect(formatRelativeTime('not a date', now)).toBe('not a date');
  });
});

describe('formatDate / formatDateTime (Asia/Seoul)', () => {
  it('shows the Korean wall clock', () => {
    expect(formatDate('2026-03-01T15:00:00.000Z')).toBe('2026.03.02');
    expect(formatDateTime('2026-03-01T15:05:00.000Z')).toBe('2026.03.02 00:05');
    expect(formatDateTime('2026-03-02T09:30:00+09:00')).toBe('2026.03.02 09:30');
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1024 * 1024 - 1, '1 MB'],
    [5 * 1024 * 1024, '5 MB'],
    [1.25 * 1024 * 1024 * 1024, '1.3 GB'],
    [3 * 1024 ** 4, '3072 GB'],
  ])('%d bytes is %s', (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected);
  });

  it('gives nothing for a negative or non-finite size', () => {
    expect(formatFileSize(-1)).toBe('');
    expect(formatFileSize(Number.NaN)).toBe('');
  });
});
