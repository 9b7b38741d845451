import { Badge, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { disputeCommentRequestSchema, type Dispute } from '@qbank/shared/disputes';
import { formatDate } from '@qbank/shared/format';
import { IconThumbUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api-client';
import { zodResolver } from '../lib/zod-resolver';
import { useCommentDispute, useSupportDispute } from './api';
import { disputeMessages as m } from './messages';

const statusColors: Record<string, string> = { open: 'violet.9', accepted: 'teal.9', rejected: 'gray.8', voided: 'gray.8' };

/**
 * One dispute: the claim, its reasoning, support, comments and (once ruled) the ruling. `keyShown`
 * false (solve mode before an answer, key not revealed): an accepted ruling's keys are left out.
 */
export function DisputeCard({ dispute, keyShown = true, children }: { dispute: Dispute; keyShown?: boolean; children?: ReactNode }) {
  const support = useSupportDispute();
  const comment = useCommentDispute();
  const form = useForm({ initialValues: { comment_text: '' }, validate: zodResolver(disputeCommentRequestSchema) });
  const open = dispute.status === 'open';

  const sendComment = form.onSubmit((values) => {
    comment.mutate(
      { code: dispute.code, body: disputeCommentRequestSchema.parse(values) },
      {
        onSuccess: () => form.reset(),
        onError: (err) => form.setFieldError('comment_text', errorMessage(err, m.commentFailed)),
      },
    );
  });

  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={`${m.claimLabel} ${dispute.claimed_answer}`} data-testid="dispute-card">
      <Stack gap={8}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <Badge color={statusColors[dispute.status]} variant="filled" radius="sm">
              {m.status[dispute.status]}
            </Badge>
            <Text size="sm" fw={700}>
              {m.claimLabel}: {dispute.claimed_answer}
            </Text>
          </Group>
          <Text size="xs" c="gray.7">
            {dispute.mine ? m.mine : m.by(dispute.member_nickname)} · {formatDate(dispute.creation_time)}
          </Text>
        </Group>
        <Text size="sm" className="qbank-pre-line" style={{ overflowWrap: 'anywhere' }}>
          {dispute.reason}
        </Text>
        {dispute.reference && (
          <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
            {m.referenceLabel}: {dispute.reference}
          </Text>
        )}
        <Group gap="xs">
          <Button
            size="sm"
            className="qbank-dispute-target"
            variant={dispute.supported_by_me ? 'filled' : 'default'}
            leftSection={<IconThumbUp size={16} aria-hidden />}
            disabled={!open || dispute.mine || dispute.supported_by_me}
            loading={support.isPending}
            aria-pressed={dispute.supported_by_me}
            onClick={() =>
              support.mutate(dispute.code, {
                onError: (err) => notifications.show({ color: 'red', title: m.supportFailed, message: errorMessage(err, m.supportFailed) }),
              })
            }
          >
            {dispute.supported_by_me ? m.supported : m.support}
          </Button>
          <Text size="sm" c="gray.8">
            {m.supportCount(dispute.backer_count)}
          </Text>
        </Group>

        {dispute.comments.length > 0 && (
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={m.comments(dispute.comments.length)}>
            {dispute.comments.map((c) => (
              <Text component="li" key={c.code} size="sm" style={{ overflowWrap: 'anywhere' }}>
                <Text span fw={600} size="sm">
                  {c.member_nickname ?? '-'}
                </Text>{' '}
                {c.comment_text}
              </Text>
            ))}
          </Stack>
        )}
        {open && (
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <Textarea
              aria-label={m.comment}
              placeholder={m.commentPlaceholder}
              {...form.getInputProps('comment_text')}
              autosize
              minRows={1}
              style={{ flex: 1 }}
            />
            <Button size="sm" variant="default" className="qbank-dispute-target" onClick={() => sendComment()} loading={comment.isPending}>
              {m.commentSubmit}
            </Button>
          </Group>
        )}

        {dispute.ruling && (
          <Paper bg="gray.0" p="xs" radius="sm">
            <Text size="xs" c="gray.7">
              {m.rulingBy(dispute.ruling.lead_nickname, formatDate(dispute.ruling.time))}
            </Text>
            {dispute.status === 'accepted' && keyShown && (
              <Text size="sm" fw={600}>
                {m.changedKey(dispute.ruling.previous_answer, dispute.ruling.answer)}
              </Text>
            )}
            {dispute.status === 'accepted' && keyShown && dispute.ruling.superseded && (
              <Text size="sm" c="gray.8" data-testid="dispute-changed-again">
                {m.changedAgain(dispute.problem.answer)}
              </Text>
            )}
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {m.rulingReason}: {dispute.ruling.reason}
            </Text>
          </Paper>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
