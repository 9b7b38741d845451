import { Group, Kbd, Modal, Stack, Table, Text } from '@mantine/core';
import { answeringMessages } from '../messages';
import { severalOptionsMessages } from '../several-options-messages';
import { selfJudgeMessages } from '../self-judge-messages';
import { messages as annotationMessages } from '../../annotations/messages';
import { messages as referenceMessages } from '../../reference/messages';

const m = answeringMessages.shortcuts;
type ShortcutItem = { readonly keys: readonly string[]; readonly text: string };

/**
 * The keys of problems with several correct options, of self-judged answers, of struck options
 * (every option picker strikes) and of 참고치 (above every answering screen's problem) come after
 * the common ones.
 */
const ITEMS: readonly ShortcutItem[] = [
  ...m.items,
  ...severalOptionsMessages.shortcutItems,
  selfJudgeMessages.shortcut,
  annotationMessages.strikeShortcut,
  referenceMessages.shortcut,
];

/** Between keys: "1 – 9" is a range, "Shift + 1" a chord; they are words, not keys. */
const JOINERS = new Set(['–', '+']);

/**
 * The help modal: the keys of every answering screen, in Korean, and `extra` keys of the screen
 * (the review deck's ratings, a study session's M). Esc closes it.
 */
export function ShortcutHelpModal({
  opened,
  onClose,
  extra = [],
  without = [],
  caption = m.caption,
}: {
  opened: boolean;
  onClose: () => void;
  extra?: readonly ShortcutItem[];
  /** Keys the screen does not have (a study session has no 해설 보기 switch, so no H). */
  without?: readonly string[];
  caption?: string;
}) {
  const items = [...ITEMS.filter((item) => !item.keys.some((key) => without.includes(key))), ...extra];
  return (
    <Modal opened={opened} onClose={onClose} title={m.title} centered>
      <Stack gap="sm">
        <Table>
          <Table.Caption>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{m.keyColumn}</Table.Th>
              <Table.Th scope="col">{m.actionColumn}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.text}>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {item.keys.map((key) => (JOINERS.has(key) ? <span key={key}>{key}</span> : <Kbd key={key}>{key}</Kbd>))}
                  </Group>
                </Table.Td>
                <Table.Td>{item.text}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="sm" c="gray.7">
          {m.note}
        </Text>
      </Stack>
    </Modal>
  );
}
