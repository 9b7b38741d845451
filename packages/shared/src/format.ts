// Display formats shared by the screens: relative dates, dates in Korea's
// time zone, and file sizes.

/** Every date is shown as it reads on a wall clock in Korea, wherever the browser runs. */
export const DISPLAY_TIME_ZONE = 'Asia/Seoul';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

// Korea's wall clock is UTC+9 all year: it has had no daylight saving time since 1988, so a fixed
// offset gives what Intl.DateTimeFormat with timeZone 'Asia/Seoul' gives for every date the app
// stores, without loading the time-zone data: building that formatter was ~25 ms of the first
// screen on a phone-class CPU (decision 059).
const KOREA_OFFSET_MS = 9 * HOUR_MS;

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

function partsOf(date: Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute', string> {
  const korea = new Date(date.getTime() + KOREA_OFFSET_MS);
  return {
    year: String(korea.getUTCFullYear()),
    month: twoDigits(korea.getUTCMonth() + 1),
    day: twoDigits(korea.getUTCDate()),
    hour: twoDigits(korea.getUTCHours()),
    minute: twoDigits(korea.getUTCMinutes()),
  };
}

/** The year on Korea's calendar at `date`. */
export function koreanYear(date: Date): number {
  return new Date(date.getTime() + KOREA_OFFSET_MS).getUTCFullYear();
}

/** `2026.03.02` in Korean time; an unreadable value is returned as it came. */
export function formatDate(value: string | number | Date): string {
  const date = toDate(value);
  if (!date) return String(value);
  const p = partsOf(date);
  return `${p.year}.${p.month}.${p.day}`;
}

/** `2026.03.02 09:05` in Korean time; an unreadable value is returned as it came. */
export function formatDateTime(value: string | number | Date): string {
  const date = toDate(value);
  if (!date) return String(value);
  const p = partsOf(date);
  return `${p.year}.${p.month}.${p.day} ${p.hour}:${p.minute}`;
}

/**
 * 방금 전 under a minute, N분 전, N시간 전 under 24 hours, N일 전 under 7 days,
 * then the date (YYYY.MM.DD, Korean time). A time slightly in the future (clock skew) is 방금 전.
 */
export function formatRelativeTime(iso: string | number | Date, now: number | Date = Date.now()): string {
  const date = toDate(iso);
  if (!date) return String(iso);
  const elapsed = (now instanceof Date ? now.getTime() : now) - date.getTime();
  if (elapsed < MINUTE_MS) return '방금 전';
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}분 전`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}시간 전`;
  if (elapsed < 7 * DAY_MS) return `${Math.floor(elapsed / DAY_MS)}일 전`;
  return formatDate(date);
}

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** `512 B`, `1.5 KB`, `3 MB`, `1.2 GB` (1 KB = 1024 B; one decimal, dropped when zero). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // Rounding can carry 1023.96 KB up to "1024 KB": show it as the next unit instead.
  let rounded = unit === 0 ? Math.round(value) : Math.round(value * 10) / 10;
  if (rounded >= 1024 && unit < SIZE_UNITS.length - 1) {
    rounded = 1;
    unit += 1;
  }
  return `${rounded} ${SIZE_UNITS[unit]}`;
}
