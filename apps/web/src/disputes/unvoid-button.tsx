import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessage } from '../lib/api-client';
import { useUnvoidProblem } from './api';
import { disputeMessages as m } from './messages';

/**
 * 무효 취소 on a voided dispute's problem: after a confirmation naming the problem, the problem
 * counts in scoring again. Once restored, the ruled dispute says so instead.
 */
export function UnvoidButton({ problemUid, problemLabel, voided }: { problemUid: number; problemLabel: string; voided: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const unvoid = useUnvoidProblem();
  if (!voided) {
    return (
      <Text size="sm" c="gray.7" data-testid="unvoided-note">
        {m.restoredNote}
      </Text>
    );
  }
  const confirm = () =>
    unvoid.mutate(problemUid, {
      onSuccess: () => {
        setConfirming(false);
        notifications.show({ color: 'teal', message: m.unvoided });
      },
      onError: (error) => notifications.show({ color: 'red', title: m.unvoidFailed, message: errorMessage(error, m.unvoidFailed) }),
    });
  return (
    <>
      <Button variant="default" className="qbank-dispute-target" onClick={() => setConfirming(true)} style={{ alignSelf: 'flex-start' }}>
        {m.unvoid}
      </Button>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={m.unvoidTitle} centered>
        <Stack gap="md">
          <Text>{m.unvoidText(problemLabel)}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {m.cancel}
            </Button>
            <Button color="red.9" onClick={confirm} loading={unvoid.isPending}>
              {m.unvoidConfirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
