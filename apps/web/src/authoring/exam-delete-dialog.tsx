import { Alert, Group, Loader, Text } from '@mantine/core';
import type { TestSummary } from '@qbank/shared/exams';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from './messages';
import { deleteCheckQueryOptions, useDeleteExam } from './api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ErrorAlert } from '../components/load-state';
import { showSuccess } from '../components/toasts';

const d = messages.authoring.examDelete;

function Warning({ color, text }: { color: 'yellow' | 'red'; text: string }) {
  return (
    <Alert color={color} variant="light" icon={<IconAlertTriangle aria-hidden />} role="note">
      <Text size="sm" c="dark.9">
        {text}
      </Text>
    </Alert>
  );
}

function ExamDeleteConfirm({ exam, opened, onClose }: { exam: TestSummary; opened: boolean; onClose: () => void }) {
  // Decision 029: the dialog first asks what deleting would meet, and warns with the empty slots'
  // count. The server decides: it refuses (409, with its own message) while problems are written.
  // Counts change while a student writes: asked afresh every time the dialog opens.
  const check = useQuery({ ...deleteCheckQueryOptions(exam.test_code), enabled: opened });
  const remove = useDeleteExam();

  // Reopened for the same exam, the dialog starts without the last try's failure.
  const close = () => {
    remove.reset();
    onClose();
  };

  const confirm = () =>
    remove.mutate(exam.test_code, {
      onSuccess: () => {
        showSuccess(d.deleted);
        close();
      },
    });

  return (
    <ConfirmDialog
      opened={opened}
      title={d.title}
      text={d.confirm(exam.test_name)}
      confirmLabel={d.delete}
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={close}
      size="md"
      // Written problems block the deletion (the server refuses it): no button that only fails.
      confirmDisabled={check.isPending || check.isError || (check.data?.written_count ?? 0) > 0}
    >
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
          {check.data.vacant_count > 0 && <Warning color="yellow" text={d.vacantWarning(check.data.vacant_count)} />}
          {check.data.written_count > 0 && <Warning color="red" text={d.writtenWarning(check.data.written_count)} />}
        </>
      )}
      {remove.isError && <ErrorAlert title={d.failed} error={remove.error} />}
    </ConfirmDialog>
  );
}

/** Deleting an exam (decision 029): confirmed, irreversible, refused by the server while problems are written. */
export function ExamDeleteDialog({ exam, onClose }: { exam: TestSummary | null; onClose: () => void }) {
  // The last exam stays in the dialog while it closes; a new exam starts afresh (its own check and failure).
  const [shown, setShown] = useState<TestSummary | null>(exam);
  if (exam && exam !== shown) setShown(exam);
  return shown ? <ExamDeleteConfirm key={shown.test_code} exam={shown} opened={exam !== null} onClose={onClose} /> : null;
}
