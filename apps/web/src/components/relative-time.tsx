import { useState } from 'react';
import { formatDateTime, formatRelativeTime } from '@qbank/shared/format';

/** "3시간 전" with the exact Korean time as a tooltip and a machine-readable datetime. */
export function RelativeTime({ iso }: { iso: string }) {
  // "Now" is read once, when the label mounts: rendering stays pure.
  const [now] = useState(() => Date.now());
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {formatRelativeTime(iso, now)}
    </time>
  );
}
