import { Alert, Badge, Button, Group, Loader, Modal, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Box, CreateBoxRequest } from '@qbank/shared/boxes';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../lib/api-client';
import { messages } from './messages';
import { showFailure, showSuccess } from '../components/toasts';
import { BoxNameForm } from './box-name-form';
import { useAddToBox, useCreateBox, useProblemBoxes, useRemoveFromBox } from './api';

const m = messages.boxes;

/**
 * The bookmark modal (decisions 016, 024). Lists the member's boxes with a switch per box that puts the
 * problem in or takes it out, a 저장됨 tag on the boxes holding it, and an inline new-box form.
 * A box made here also receives the problem, since that is why the member opened the modal.
 * Public component: the viewers and solve mode use it.
 */
export function BookmarkModal({ problemUid, opened, onClose }: { problemUid: number; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={m.modalTitle} centered closeButtonProps={{ 'aria-label': messages.common.close }}>
      {opened && <BookmarkModalBody problemUid={problemUid} />}
    </Modal>
  );
}

function BookmarkModalBody({ problemUid }: { problemUid: number }) {
  const boxes = useProblemBoxes(problemUid);
  const add = useAddToBox();
  const remove = useRemoveFromBox();
  // The switch of each box waiting for the server shows the state asked for, then the refetched one.
  const [pending, setPending] = useState<Record<number, boolean>>({});

  async function toggle(box: Box, checked: boolean) {
    setPending((p) => ({ ...p, [box.code]: checked }));
    try {
      if (checked) {
        await add.mutateAsync({ boxId: box.code, problemUid });
        showSuccess(m.added);
      } else {
        await remove.mutateAsync({ boxId: box.code, problemUid });
        showSuccess(m.removed);
      }
    } catch (error) {
      showFailure(checked ? m.addFailed : m.removeFailed, error);
    } finally {
      setPending((p) => {
        const next = { ...p };
        delete next[box.code];
        return next;
      });
    }
  }

  if (boxes.isPending) {
    return (
      <Group justify="center" p="md">
        <Loader size="sm" aria-label={messages.app.loading} />
      </Group>
    );
  }

  if (boxes.isError) {
    return (
      <Stack>
        <Alert color="red" title={m.loadFailed}>
          {errorMessage(boxes.error, m.loadFailed)}
        </Alert>
        <Button variant="default" onClick={() => void boxes.refetch()}>
          {m.retry}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {boxes.data.length === 0 ? (
        <Text c="gray.7">{m.noBoxes}</Text>
      ) : (
        <>
          <Text size="sm" c="gray.7">
            {m.modalHint}
          </Text>
          <Stack component="ul" gap="xs" aria-label={m.boxList} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {boxes.data.map((box) => {
              const waiting = box.code in pending;
              const checked = waiting ? pending[box.code] === true : box.has_problem === true;
              return (
                <Group component="li" key={box.code} justify="space-between" wrap="nowrap" gap="xs">
                  <Switch
                    checked={checked}
                    disabled={waiting}
                    onChange={(event) => void toggle(box, event.currentTarget.checked)}
                    label={box.box_name}
                    aria-describedby={`bookmark-box-${box.code}-count`}
                    styles={{ body: { alignItems: 'center' }, label: { overflowWrap: 'anywhere' } }}
                  />
                  <Group gap={6} wrap="nowrap">
                    <Text size="xs" c="gray.7" id={`bookmark-box-${box.code}-count`}>
                      {m.problemCount(box.problem_count)}
                    </Text>
                    {box.solve_slot !== null && (
                      <Badge variant="outline" color="gray" title={m.solveBoxHint}>
                        {m.solveBox}
                      </Badge>
                    )}
                    {box.has_problem && (
                      <Badge color="teal" variant="filled">
                        {m.saved}
                      </Badge>
                    )}
                  </Group>
                </Group>
              );
            })}
          </Stack>
        </>
      )}
      <NewBoxForm problemUid={problemUid} />
    </Stack>
  );
}

function NewBoxForm({ problemUid }: { problemUid: number }) {
  const [open, setOpen] = useState(false);
  const create = useCreateBox();
  const add = useAddToBox();
  const busy = create.isPending || add.isPending;

  async function createAndAdd(request: CreateBoxRequest) {
    let boxId: number;
    try {
      boxId = (await create.mutateAsync(request)).box.code;
    } catch (err) {
      notifications.show({ color: 'red', message: m.createFailed(errorMessage(err, err instanceof Error ? err.message : '')) });
      return false;
    }
    setOpen(false);
    try {
      await add.mutateAsync({ boxId, problemUid });
      showSuccess(m.added);
    } catch (err) {
      showFailure(m.addFailed, err);
    }
    return true;
  }

  if (!open) {
    return (
      <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setOpen(true)} loading={busy}>
        {m.newBox}
      </Button>
    );
  }
  return <BoxNameForm layout="stacked" busy={busy} onCreate={createAndAdd} onCancel={() => setOpen(false)} />;
}
