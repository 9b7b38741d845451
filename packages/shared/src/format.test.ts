import { describe, expect, it } from 'vitest';
import { DISPLAY_TIME_ZONE, formatDate, formatDateTime, formatFileSize, formatRelativeTime, koreanYear } from './format';

const now = Date.parse('2026-03-10T12:00:00.000Z'); // 21:00 in Seoul

describe('formatRelativeTime', () => {
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

  it('agrees with the Asia/Seoul time-zone data from 1990 to 2060, year ends included', () => {
    const seoul = new Intl.DateTimeFormat('en-CA', {
      timeZone: DISPLAY_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const expected = (date: Date) => {
      const p = Object.fromEntries(seoul.formatToParts(date).map((part) => [part.type, part.value]));
      return `${p.year}.${p.month}.${p.day} ${p.hour}:${p.minute}`;
    };
    const instants: Date[] = [];
    // Every 37 hours and 13 minutes walks through every hour of the day and every weekday.
    for (let t = Date.UTC(1990, 0, 1); t < Date.UTC(2060, 0, 1); t += 37 * 3_600_000 + 13 * 60_000) instants.push(new Date(t));
    for (let year = 1990; year < 2060; year += 1) instants.push(new Date(Date.UTC(year, 11, 31, 14, 59)), new Date(Date.UTC(year, 11, 31, 15, 0)));
    // Compared in a loop and asserted once: ~17,000 expect() calls took 8 s on a loaded CI machine.
    const wrong = instants
      .map((date) => ({ date: date.toISOString(), seoul: expected(date), formatted: formatDateTime(date), year: koreanYear(date) }))
      .filter((row) => row.formatted !== row.seoul || row.year !== Number(row.seoul.slice(0, 4)));
    expect(wrong).toEqual([]);
  }, 30_000);
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
