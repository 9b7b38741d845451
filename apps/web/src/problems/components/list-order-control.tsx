import { Group, Switch } from '@mantine/core';
import { SegmentedRadios } from '../../components/segmented-radios';
import { messages } from '../messages';
import type { ProblemListOrder } from '../list-order';

const m = messages.problems.listOrder;
const sorts = [
  { value: 'usual', label: m.usual },
  { value: 'frequency', label: m.frequency },
] as const;

/**
 * 기본순 / 빈출순 and 반복 출제만 (issue 28 item 3, decision 190) above an exam's or a class's list.
 * Always drawn, in the server's drawing too, so the list under it never moves when the app takes
 * over; the choice lives in the URL (use-viewer-params.ts).
 */
export function ListOrderControl({ value, onChange }: { value: ProblemListOrder; onChange: (order: ProblemListOrder) => void }) {
  return (
    <Group gap="md" wrap="wrap" data-testid="list-order-control">
      <SegmentedRadios
        label={m.label}
        data={sorts}
        value={value.frequency ? 'frequency' : 'usual'}
        onChange={(sort) => onChange({ ...value, frequency: sort === 'frequency' })}
      />
      <Switch
        size="sm"
        checked={value.recurring}
        onChange={(event) => onChange({ ...value, recurring: event.currentTarget.checked })}
        label={m.recurring}
        title={m.recurringHint}
      />
    </Group>
  );
}
