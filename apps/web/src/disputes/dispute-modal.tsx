import { Alert, Box, Button, Divider, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useProblemDisputes } from './api';
import { DisputeCard } from './dispute-card';
import { DisputeForm } from './dispute-form';
import { disputeMessages as m } from './messages';

/**
 * A problem's disputes (support, comment) and, unless the member has one open, the form for a new
 * one. The current key is always there to dispute against: at once where the screen shows it,
 * behind 현재 정답 보기 where it does not (solve mode before an answer). The disputes' read carries
 * the key as the server has it now, which wins over the screen's copy (a ruling since).
 */
export function DisputeModal({
  problemUid,
  label,
  problemKey,
  keyShown,
  opened,
  onClose,
}: {
  problemUid: number;
  label: string;
  problemKey: string;
  keyShown: boolean;
  opened: boolean;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const disputes = useProblemDisputes(problemUid, opened);
  const [revealRequested, setRevealed] = useState(false);
  const revealed = keyShown || revealRequested;
  const mineOpen = disputes.data?.some((d) => d.mine && d.status === 'open') ?? false;
  const currentKey = disputes.data?.[0]?.problem.answer ?? problemKey;

  return (
    <Modal opened={opened} onClose={onClose} title={m.modalTitle(label)} size="lg" fullScreen={phone ?? false} closeButtonProps={{ 'aria-label': m.close }}>
      <Stack gap="md">
        <Box bg="blue.0" p="sm" style={{ borderRadius: 'var(--mantine-radius-sm)' }} data-testid="dispute-current-key">
          <Text size="sm" fw={700} c="blue.9">
            {m.currentKey}
          </Text>
          {revealed ? (
            <Text className="qbank-pre-line">{currentKey.trim() || '-'}</Text>
          ) : (
            <Stack gap={4} align="flex-start">
              <Text size="sm" c="gray.8">
                {m.showKeyHint}
              </Text>
              <Button size="sm" variant="default" className="qbank-dispute-target" onClick={() => setRevealed(true)}>
                {m.showKey}
              </Button>
            </Stack>
          )}
        </Box>
        <Stack gap="xs" component="section" aria-label={m.existing}>
          <Text fw={700}>{m.existing}</Text>
          {disputes.isPending && <Loader size="sm" aria-label={m.existing} />}
          {disputes.isError && (
            <Alert color="red" variant="light">
              {m.loadFailed}
            </Alert>
          )}
          {disputes.data?.length === 0 && <Text c="gray.7">{m.noDisputes}</Text>}
          {disputes.data?.map((dispute) => (
            <DisputeCard key={dispute.code} dispute={dispute} keyShown={revealed} />
          ))}
        </Stack>
        <Divider />
        {mineOpen ? <Text c="gray.8">{m.alreadyOpenMine}</Text> : disputes.isSuccess && <DisputeForm problemUid={problemUid} />}
      </Stack>
    </Modal>
  );
}
