import { Badge } from '@mantine/core';
import { useOpenDisputeCount } from './api';
import { disputeMessages as m } from './messages';

/** The lead menu's count of disputes waiting for a ruling; nothing when none wait. */
export function OpenDisputeCountBadge() {
  const count = useOpenDisputeCount(true);
  if (!count.data) return null;
  return (
    <Badge size="sm" color="violet.9" variant="filled" circle={count.data < 10} aria-label={m.openCountLabel(count.data)}>
      {count.data}
    </Badge>
  );
}
