import { Group, Kbd, Modal, Stack, Table, Text } from '@mantine/core';
import { messages } from '../messages';
import { severalOptionsMessages } from '../several-options-messages';
import { selfJudgeMessages } from '../self-judge-messages';

const m = messages.solve.shortcuts;
/** The keys of problems with several correct options and of self-judged answers come after the common ones. */
const ITEMS: readonly { keys: readonly string[]; text: string }[] = [...m.items, ...severalOptionsMessages.shortcutItems, selfJudgeMessages.shortcut];

type ShortcutItem = { readonly keys: readonly string[]; readonly text: string };

/** The help modal (spec §2): the keys of solve mode, in Korean, and `extra` keys of the screen (the review deck's ratings). Esc closes it. */
export function ShortcutHelpModal({ opened, onClose, extra = [] }: { opened: boolean; onClose: () => void; extra?: readonly ShortcutItem[] }) {
  return (
    <Modal opened={opened} onClose={onClose} title={m.title} centered>
      <Stack gap="sm">
        <Table>
          <Table.Caption>{m.caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{m.keyColumn}</Table.Th>
              <Table.Th scope="col">{m.actionColumn}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[...ITEMS, ...extra].map((item) => (
              <Table.Tr key={item.text}>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {item.keys.map((key) => (key === '–' ? <span key={key}>–</span> : <Kbd key={key}>{key}</Kbd>))}
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
