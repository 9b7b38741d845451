import { formatDateTime, formatRelativeTime } from '@qbank/shared/format';

/** "3시간 전" with the exact Korean time as a tooltip and a machine-readable datetime. */
export function RelativeTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {formatRelativeTime(iso, Date.now())}
    </time>
  );
}
