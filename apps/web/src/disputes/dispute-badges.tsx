import { Badge, Group, Text } from '@mantine/core';
import type { ProblemDisputeSummary } from '@qbank/shared/disputes';
import { formatDate } from '@qbank/shared/format';
import { disputeMessages as m } from './messages';

/**
 * "이의제기 검토 중 (N명 동의)", "정답 정정됨" with date and reason, "문항 무효". A correction whose key
 * was changed again since is history: it says so, with the current key where the key is shown
 * (`currentKey` null: not revealed on this screen yet).
 */
export function DisputeBadges({ summary, currentKey }: { summary: ProblemDisputeSummary | null | undefined; currentKey: string | null }) {
  if (!summary) return null;
  const { corrected, voided } = summary;
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
          {m.openBadge(summary.backer_count)}
        </Badge>
      )}
      {corrected && (
        <Badge color={corrected.superseded ? 'gray.8' : 'teal.9'} variant={corrected.superseded ? 'outline' : 'filled'} radius="sm">
          {corrected.superseded ? m.supersededBadge : m.correctedBadge}
        </Badge>
      )}
      {corrected && !corrected.superseded && (
        <Text size="xs" c="gray.7" w="100%">
          {m.correctedDetail(formatDate(corrected.time), corrected.reason)}
        </Text>
      )}
      {corrected?.superseded && (
        <Text size="xs" c="gray.7" w="100%" data-testid="dispute-correction-history">
          {m.supersededDetail(
            formatDate(corrected.time),
            corrected.reason,
            currentKey === null ? null : `${corrected.previous_answer ?? '-'} → ${corrected.answer ?? '-'}`,
          )}
          {currentKey !== null && ` ${m.currentKeyLine(currentKey.trim() || '-')}`}
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
