import { Badge, Group, Text } from '@mantine/core';
import type { ProblemDisputeSummary } from '@qbank/shared/disputes';
import { formatDate } from '@qbank/shared/format';
import { disputeMessages as m } from './messages';

/** "이의제기 검토 중 (N명 동의)", "정답 정정됨" with date and reason, "문항 무효". */
export function DisputeBadges({ summary }: { summary: ProblemDisputeSummary | null | undefined }) {
  if (!summary) return null;
  const { corrected, voided } = summary;
  // The filers agree with their own claim: N counts everyone who backs an open dispute.
  const people = summary.open_count + summary.support_count;
  if (summary.open_count === 0 && !corrected && !voided) return null;
  return (
    <Group gap={6} wrap="wrap" data-testid="dispute-badges">
      {voided && (
        <Badge color="gray.8" variant="filled" radius="sm">
          {m.voidedBadge}
        </Badge>
      )}
      {summary.open_count > 0 && (
        <Badge color="violet.9" variant="filled" radius="sm">
          {m.openBadge(people)}
        </Badge>
      )}
      {corrected && (
        <Badge color="teal.9" variant="filled" radius="sm">
          {m.correctedBadge}
        </Badge>
      )}
      {corrected && (
        <Text size="xs" c="gray.7" w="100%">
          {m.correctedDetail(formatDate(corrected.time), corrected.reason)}
        </Text>
      )}
      {voided && (
        <Text size="xs" c="gray.7" w="100%">
          {m.voidedDetail(formatDate(voided.time), voided.reason)}
        </Text>
      )}
    </Group>
  );
}
