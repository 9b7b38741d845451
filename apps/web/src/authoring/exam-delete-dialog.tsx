import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import type { TestSummary } from '@qbank/shared/tests';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { messages } from './messages';
import { deleteCheckQueryOptions, useDeleteExam } from './api';
import { ErrorAlert } from '../components/load-state';
import { showSuccess } from '../components/toasts';

const d = messages.authoring.examDelete;

function DeleteBody({ exam, onClose }: { exam: TestSummary; onClose: () => void }) {
  // Spec §5: the dialog first asks what deleting would meet, and warns with the empty slots'
  // count. The server decides: it refuses (409, with its own message) while problems are written.
  const check = useQuery(deleteCheckQueryOptions(exam.test_code));
  const remove = useDeleteExam();

  const confirm = () =>
    remove.mutate(exam.test_code, {
      onSuccess: () => {
        showSuccess(d.deleted);
        onClose();
      },
    });

  return (
    <Stack gap="sm">
      <Text>{d.confirm(exam.test_name)}</Text>
      <Text size="sm" fw={600}>
        {d.irreversible}
      </Text>
      {check.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm" c="gray.7">
            {d.checking}
          </Text>
        </Group>
      ) : check.isError ? (
        <ErrorAlert title={d.checkFailed} error={check.error} />
      ) : (
        <>
          {check.data.vacant_count > 0 && (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} role="note">
              <Text size="sm" c="dark.9">
                {d.vacantWarning(check.data.vacant_count)}
              </Text>
            </Alert>
          )}
          {check.data.written_count > 0 && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="note">
              <Text size="sm" c="dark.9">
                {d.writtenWarning(check.data.written_count)}
              </Text>
            </Alert>
          )}
        </>
      )}
      {remove.isError && <ErrorAlert title={d.failed} error={remove.error} />}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose} disabled={remove.isPending}>
          {messages.authoring.cancel}
        </Button>
        {/* Written problems block the deletion (the server refuses it): no button that only fails. */}
        <Button
          color="red.9"
          onClick={confirm}
          loading={remove.isPending}
          disabled={check.isPending || check.isError || (check.data?.written_count ?? 0) > 0}
        >
          {d.delete}
        </Button>
      </Group>
    </Stack>
  );
}

/** Spec §5 "Exam deletion": confirmed, irreversible, refused by the server while problems are written. */
export function ExamDeleteDialog({ exam, onClose }: { exam: TestSummary | null; onClose: () => void }) {
  return (
    <Modal opened={exam !== null} onClose={onClose} title={d.title} centered>
      {exam && <DeleteBody key={exam.test_code} exam={exam} onClose={onClose} />}
    </Modal>
  );
}
