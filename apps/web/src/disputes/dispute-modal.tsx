import { Alert, Box, Divider, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useProblemDisputes } from './api';
import { DisputeCard } from './dispute-card';
import { DisputeForm } from './dispute-form';
import { disputeMessages as m } from './messages';

/** A problem's disputes (support, comment) and, unless the member has one open, the form for a new one. */
export function DisputeModal({
  problemUid,
  label,
  currentKey,
  opened,
  onClose,
}: {
  problemUid: number;
  label: string;
  /** Shown only where the answer is already visible (never reveals it in solve mode before answering). */
  currentKey: string | null;
  opened: boolean;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const disputes = useProblemDisputes(problemUid, opened);
  const mineOpen = disputes.data?.some((d) => d.mine && d.status === 'open') ?? false;

  return (
    <Modal opened={opened} onClose={onClose} title={m.modalTitle(label)} size="lg" fullScreen={phone ?? false} closeButtonProps={{ 'aria-label': m.close }}>
      <Stack gap="md">
        {currentKey !== null && (
          <Box bg="blue.0" p="sm" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
            <Text size="sm" fw={700} c="blue.9">
              {m.currentKey}
            </Text>
            <Text className="qbank-pre-line">{currentKey || '-'}</Text>
          </Box>
        )}
        <Stack gap="xs" component="section" aria-label={m.existing}>
          <Text fw={700}>{m.existing}</Text>
          {disputes.isPending && <Loader size="sm" aria-label={m.existing} />}
          {disputes.isError && (
            <Alert color="red" variant="light">
              {m.loadFailed}
            </Alert>
          )}
          {disputes.data?.length === 0 && <Text c="gray.7">{m.noDisputes}</Text>}
          {disputes.data?.map((dispute) => <DisputeCard key={dispute.code} dispute={dispute} />)}
        </Stack>
        <Divider />
        {mineOpen ? <Text c="gray.8">{m.alreadyOpenMine}</Text> : disputes.isSuccess && <DisputeForm problemUid={problemUid} />}
      </Stack>
    </Modal>
  );
}
