import { Badge, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import type { LeadProblemRow } from '@qbank/shared/lead-problems';
import { problemTypeLabelsByCode } from '@qbank/shared/messages';
import { IconPlus, IconQuestionMark, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { AssigneeChip } from './assignment-model';
import { messages } from './messages';

// One problem of the assignment list with its assignee chips, and the legend of the chip colours.

const m = messages.assign;

const typeColors: Record<number, string> = { 1: 'blue', 2: 'grape', 4: 'orange' };
const typeLabel = (type: number) => problemTypeLabelsByCode[type] ?? String(type);

/** What a chip says: the name and its tags; the accessible name adds "배정 해제". */
function chipText(chip: AssigneeChip): { name: string; tags: string[] } {
  const tags: string[] = [];
  if (chip.state === 'unknown') tags.push(chip.reason === 'unapproved' ? m.chip.unapproved : m.chip.unknown);
  if (chip.otherGrade) tags.push(m.chip.otherGrade);
  if (chip.state === 'new') tags.push(m.chip.pending);
  return { name: chip.name ?? m.chip.unknownMember(chip.code), tags };
}

const chipColors = { existing: 'blue', new: 'green', unknown: 'gray' } as const;
// Text shades that keep 4.5:1 on the tinted chip backgrounds (Mantine's light green and grey texts do not).
const chipTextColors = { existing: 'blue.9', new: 'dark.8', unknown: 'dark.8' } as const;

function ChipButton({ chip, onRemove }: { chip: AssigneeChip; onRemove: () => void }) {
  const { name, tags } = chipText(chip);
  const label = tags.length > 0 ? `${name} (${tags.join(', ')})` : name;
  const visibleTags = tags.filter((tag) => tag !== m.chip.pending);
  return (
    <Button
      size="compact-sm"
      variant="light"
      color={chipColors[chip.state]}
      c={chipTextColors[chip.state]}
      radius="xl"
      aria-label={m.chip.remove(label)}
      data-chip-state={chip.state}
      onClick={onRemove}
      leftSection={
        chip.state === 'new' ? <IconPlus size={12} aria-hidden /> : chip.state === 'unknown' ? <IconQuestionMark size={12} aria-hidden /> : undefined
      }
      rightSection={<IconX size={12} aria-hidden />}
      style={chip.state === 'unknown' ? { border: '1px dashed var(--mantine-color-gray-6)' } : undefined}
      fw={600}
    >
      {name}
      {visibleTags.length > 0 && (
        <Text span size="xs" fw={500} ml={4}>
          ({visibleTags.join(', ')})
        </Text>
      )}
    </Button>
  );
}

export function Legend() {
  const sample = (color: 'blue' | 'green' | 'gray', text: string, icon?: ReactNode, dashed = false) => (
    <Badge
      variant="light"
      color={color}
      c={color === 'blue' ? 'blue.9' : 'dark.8'}
      tt="none"
      radius="xl"
      size="lg"
      fw={600}
      leftSection={icon}
      style={dashed ? { border: '1px dashed var(--mantine-color-gray-6)' } : undefined}
    >
      {text}
    </Badge>
  );
  return (
    <Stack gap={4}>
      <Group gap="xs" role="list" aria-label={m.legend}>
        <span role="listitem">{sample('blue', m.legendExisting)}</span>
        <span role="listitem">{sample('green', m.legendNew, <IconPlus size={12} aria-hidden />)}</span>
        <span role="listitem">{sample('blue', `${m.legendOther} (${m.chip.otherGrade})`)}</span>
        <span role="listitem">{sample('gray', m.legendUnknown, <IconQuestionMark size={12} aria-hidden />, true)}</span>
      </Group>
      <Text size="sm" c="gray.7">
        {m.chipHint}
      </Text>
    </Stack>
  );
}

export function ProblemItem({
  problem,
  checked,
  chips,
  onToggle,
  onRemove,
}: {
  problem: LeadProblemRow;
  checked: boolean;
  chips: AssigneeChip[];
  onToggle: (on: boolean) => void;
  onRemove: (code: number) => void;
}) {
  const label = m.problemLabel(typeLabel(problem.type), problem.no);
  return (
    <Paper component="li" withBorder radius="sm" p="xs" bg={checked ? 'blue.0' : undefined}>
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap" align="center">
          <Checkbox aria-label={m.selectProblem(label)} checked={checked} onChange={(e) => onToggle(e.currentTarget.checked)} />
          <Badge variant="light" color={typeColors[problem.type] ?? 'gray'} c="dark.8" tt="none" radius="sm" style={{ flexShrink: 0 }}>
            {typeLabel(problem.type)}
          </Badge>
          <Text fw={700} style={{ flexShrink: 0 }}>
            {m.problemNo(problem.no)}
          </Text>
          {problem.is_vacant === 1 && (
            <Badge variant="outline" color="gray.8" tt="none" radius="sm" style={{ flexShrink: 0 }}>
              {m.vacant}
            </Badge>
          )}
          <Text size="sm" c="gray.7" ml="auto" style={{ flexShrink: 0 }}>
            {m.assigneeCount(chips.length)}
          </Text>
        </Group>
        <Text size="sm" c="gray.7" lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
          {problem.question_text || m.noQuestion}
        </Text>
        {chips.length > 0 && (
          <Group gap={6} role="list" aria-label={m.assigneesOf(label)}>
            {chips.map((chip) => (
              <span role="listitem" key={chip.code}>
                <ChipButton chip={chip} onRemove={() => onRemove(chip.code)} />
              </span>
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
