import { Alert, Anchor, Box, Group, Loader, Pagination, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { DISPUTE_STATUSES, type Dispute, type DisputeStatus } from '@qbank/shared/disputes';
import type { KeyConflictVersion } from '@qbank/shared/lineage';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { KeyConflictNote } from '../components/key-conflict-note';
import { paths } from '../lib/paths';
import { useDisputes } from './api';
import { DisputeCard } from './dispute-card';
import { disputeMessages as m } from './messages';
import { RulingForm } from './ruling-form';
import { UnvoidButton } from './unvoid-button';

const PAGE_SIZE = 20;

function QueueItem({ dispute, keyConflict }: { dispute: Dispute; keyConflict: readonly KeyConflictVersion[] }) {
  const { problem } = dispute;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={m.problemLabel(problem.test_name, problem.no)}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} size="h4">
            {m.problemLabel(problem.test_name, problem.no)}
          </Title>
          <Anchor component={Link} to={`${paths.testProblems.getHref(problem.test_code)}?view=all`} state={{ highlightUid: dispute.problem_uid }} size="sm">
            {m.openProblem}
          </Anchor>
        </Group>
        <Text size="sm" lineClamp={4} style={{ overflowWrap: 'anywhere' }}>
          {problem.question_text}
        </Text>
        <Box bg="blue.0" p="xs" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
          <Text size="sm" fw={700} c="blue.9">
            {m.currentKey}
          </Text>
          <Text className="qbank-pre-line">{problem.answer || '-'}</Text>
        </Box>
        <KeyConflictNote versions={keyConflict} />
        <DisputeCard dispute={dispute}>
          {dispute.status === 'open' && <RulingForm dispute={dispute} />}
          {dispute.status === 'voided' && (
            <UnvoidButton problemUid={dispute.problem_uid} problemLabel={m.problemLabel(problem.test_name, problem.no)} voided={problem.is_voided} />
          )}
        </DisputeCard>
      </Stack>
    </Paper>
  );
}

/** /dashboard/lead/disputes: the queue, the most supported first, and the ruled ones by status. */
export function LeadDisputesPage() {
  const [status, setStatus] = useState<DisputeStatus>('open');
  const [page, setPage] = useState(1);
  const list = useDisputes(status, page, PAGE_SIZE);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  const conflicts = useMemo(() => new Map(list.data?.key_conflicts.map((c) => [c.problem_uid, c.versions])), [list.data]);

  return (
    <Stack gap="md" maw={960}>
      <Title order={1}>{m.queueTitle}</Title>
      <Text c="gray.8">{m.queueIntro}</Text>
      <SegmentedControl
        aria-label={m.statusFilter}
        value={status}
        onChange={(value) => {
          setStatus(value as DisputeStatus);
          setPage(1);
        }}
        data={DISPUTE_STATUSES.map((value) => ({ value, label: m.tabs[value]! }))}
        style={{ alignSelf: 'flex-start' }}
      />
      {list.isPending && <Loader aria-label={m.queueTitle} />}
      {list.isError && (
        <Alert color="red" variant="light">
          {m.loadFailed}
        </Alert>
      )}
      {list.data?.disputes.length === 0 && <Text c="gray.7">{m.queueEmpty}</Text>}
      {list.data?.disputes.map((dispute) => (
        <QueueItem key={dispute.code} dispute={dispute} keyConflict={conflicts.get(dispute.problem_uid) ?? []} />
      ))}
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} aria-label={m.queueTitle} />}
    </Stack>
  );
}
