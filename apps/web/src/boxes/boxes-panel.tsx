import { ActionIcon, Badge, Group, NavLink, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Box, CreateBoxRequest } from '@qbank/shared/boxes';
import { IconFolder, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useCreateBox, useDeleteBox } from './api';
import { m, b, failure } from './library-shared';
import { ConfirmDialog } from '../components/confirm-dialog';
import { showSuccess } from '../components/toasts';
import { BoxNameForm } from './box-name-form';
import { SectionCard } from '../components/section-card';

export function BoxesPanel({
  boxes,
  selected,
  onSelect,
  onDelete,
  onCreated,
}: {
  boxes: Box[];
  selected: Box | null;
  onSelect: (box: Box) => void;
  onDelete: (box: Box) => void;
  onCreated: (box: Box) => void;
}) {
  return (
    <SectionCard titleId="library-boxes-title" title={m.boxesTitle}>
      <CreateBoxForm onCreated={onCreated} />
      {boxes.length === 0 ? (
        <Text c="gray.7" size="sm">
          {b.noBoxes}
        </Text>
      ) : (
        <Stack component="ul" gap={4} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {boxes.map((box) => {
            const active = box.code === selected?.code;
            return (
              <Group component="li" key={box.code} gap={4} wrap="nowrap" align="center">
                <NavLink
                  component="button"
                  type="button"
                  active={active}
                  aria-current={active ? 'true' : undefined}
                  onClick={() => onSelect(box)}
                  label={box.box_name}
                  description={b.problemCount(box.problem_count)}
                  leftSection={<IconFolder size={18} aria-hidden />}
                  rightSection={
                    box.solve_slot !== null ? (
                      <Badge size="sm" variant="outline" color="gray" title={b.solveBoxHint}>
                        {b.solveBox}
                      </Badge>
                    ) : undefined
                  }
                  styles={{ root: { borderRadius: 'var(--mantine-radius-sm)' }, description: { color: 'var(--mantine-color-gray-7)' } }}
                  style={{ flex: 1, minWidth: 0 }}
                />
                <ActionIcon variant="subtle" color="red" aria-label={m.deleteBox(box.box_name)} title={m.deleteBox(box.box_name)} onClick={() => onDelete(box)}>
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            );
          })}
        </Stack>
      )}
    </SectionCard>
  );
}

function CreateBoxForm({ onCreated }: { onCreated: (box: Box) => void }) {
  const create = useCreateBox();
  async function createBox(request: CreateBoxRequest) {
    try {
      const { box } = await create.mutateAsync(request);
      showSuccess(b.created(box.box_name));
      onCreated(box);
      return true;
    } catch (err) {
      notifications.show({ color: 'red', message: b.createFailed(failure(err)) });
      return false;
    }
  }
  return <BoxNameForm layout="inline" busy={create.isPending} onCreate={createBox} />;
}

export function DeleteBoxModal({ box, onClose, onDeleted }: { box: Box | null; onClose: () => void; onDeleted: (box: Box) => void }) {
  const remove = useDeleteBox();
  // Keep the name while the modal animates out.
  const [shown, setShown] = useState<Box | null>(box);
  if (box && box !== shown) setShown(box);

  async function confirm() {
    if (!box) return;
    try {
      await remove.mutateAsync(box.code);
      notifications.show({ color: 'teal', message: m.deleted(box.box_name) });
      onDeleted(box);
    } catch (error) {
      notifications.show({ color: 'red', message: m.deleteFailed(failure(error)) });
      onClose();
    }
  }

  return (
    <ConfirmDialog
      opened={box !== null}
      title={m.deleteTitle}
      text={shown ? m.deleteText(shown.box_name) : null}
      confirmLabel={m.deleteConfirm}
      cancelLabel={b.cancel}
      pending={remove.isPending}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}
