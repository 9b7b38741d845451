import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { messages } from '../messages';

const m = messages.solve;

/**
 * Progress from an earlier visit: continue it or start a new run. Closing the dialog (Esc, ×)
 * continues, the choice that loses nothing; while a restart is on its way it cannot be closed.
 */
export function ResumeModal({
  opened,
  answered,
  restarting,
  restartFailed,
  onResume,
  onRestart,
}: {
  opened: boolean;
  answered: number;
  restarting: boolean;
  restartFailed: boolean;
  onResume: () => void;
  onRestart: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onResume}
      title={m.resumeTitle}
      centered
      closeOnClickOutside={false}
      closeOnEscape={!restarting}
      withCloseButton={!restarting}
    >
      <Stack gap="md">
        <Text>{m.resumeText(answered)}</Text>
        {restartFailed && (
          <Alert color="red" variant="light" role="alert">
            {m.restartFailed}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" className="qbank-solve-target" onClick={onRestart} loading={restarting}>
            {m.restart}
          </Button>
          <Button className="qbank-solve-target" onClick={onResume} disabled={restarting} data-autofocus>
            {m.resume}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
