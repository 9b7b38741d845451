import { Alert, Button, Group, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { createBoardRequestSchema, renameBoardRequestSchema, type Board } from '@qbank/shared/boards';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage, isApiRequestError } from '../lib/api-client';
import { zodResolver } from '../lib/zod-resolver';
import { messages } from './messages';
import { useCreateBoard, useRenameBoard } from './write-api';

const m = messages.boardAdmin;

function CreateBoardForm({ onCreated }: { onCreated: (board: Board) => void }) {
  const create = useCreateBoard();
  const form = useForm({ initialValues: { board_name: '', board_id: '' }, validate: zodResolver(createBoardRequestSchema) });

  const onSubmit = form.onSubmit((values) =>
    create.mutate(values, {
      onSuccess: ({ board }) => {
        form.reset();
        notifications.show({ color: 'teal', message: m.created(board.board_name) });
        onCreated(board);
      },
      onError: (error) => {
        const fields = isApiRequestError(error) ? error.fields : undefined;
        if (fields)
          form.setErrors({ ...(fields.board_name ? { board_name: fields.board_name } : {}), ...(fields.board_id ? { board_id: fields.board_id } : {}) });
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="board-admin-create">
      <Stack gap="sm">
        <Title order={3} fz="md" id="board-admin-create">
          {m.createTitle}
        </Title>
        {create.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {errorMessage(create.error, m.createFailed)}
          </Alert>
        )}
        <TextInput label={m.name} maxLength={100} {...form.getInputProps('board_name')} />
        <TextInput label={m.boardId} description={m.boardIdHint} maxLength={64} autoCapitalize="none" spellCheck={false} {...form.getInputProps('board_id')} />
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            {m.create}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RenameBoardForm({ board }: { board: Board }) {
  const rename = useRenameBoard();
  const form = useForm({ initialValues: { board_name: board.board_name }, validate: zodResolver(renameBoardRequestSchema) });

  const onSubmit = form.onSubmit((values) =>
    rename.mutate(
      { boardCode: board.code, body: values },
      {
        onSuccess: ({ board: renamed }) => notifications.show({ color: 'teal', message: m.renamed(renamed.board_name) }),
        onError: (error) => {
          const text = isApiRequestError(error) ? error.fields?.board_name : undefined;
          if (text) form.setErrors({ board_name: text });
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="board-admin-rename">
      <Stack gap="sm">
        <Title order={3} fz="md" id="board-admin-rename" style={{ overflowWrap: 'anywhere' }}>
          {m.renameTitle(board.board_name)}
        </Title>
        {rename.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {errorMessage(rename.error, m.renameFailed)}
          </Alert>
        )}
        <TextInput label={m.newName} maxLength={100} {...form.getInputProps('board_name')} />
        <Group justify="flex-end">
          <Button type="submit" variant="default" loading={rename.isPending}>
            {m.rename}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Admins' corner of /board: make a board, rename the selected one. */
export function BoardAdmin({ current, onCreated }: { current: Board | undefined; onCreated: (board: Board) => void }) {
  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby="board-admin" bg="gray.0">
      <Title order={2} fz="lg" id="board-admin" mb="sm">
        {m.title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <CreateBoardForm onCreated={onCreated} />
        {/* Keyed by board: switching tabs starts the rename form from that board's name. */}
        {current && <RenameBoardForm key={current.code} board={current} />}
      </SimpleGrid>
    </Paper>
  );
}
