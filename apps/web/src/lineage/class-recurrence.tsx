import { Text } from '@mantine/core';
import { useClassRecurrence } from './card-api';
import { lineageCardMessages as m } from './card-messages';

// One line that keeps its height while it loads (and stays empty when the figure cannot be read),
// so the class's search and list below it never move.
const line = { minHeight: 'calc(var(--mantine-line-height-sm) * var(--mantine-font-size-sm))' };

/** "이 수업 문제 42개 중 17개(40%)가 반복 출제" under a lecture class's header (decision 190). */
export function ClassRecurrence({ classCode }: { classCode: number }) {
  const { data, isPending } = useClassRecurrence(classCode);
  return (
    <Text size="sm" c="gray.7" style={line} data-testid="class-recurrence" aria-live="polite">
      {data ? m.classRecurrence(data.problem_count, data.recurring_count) : isPending ? m.classRecurrenceLoading : null}
    </Text>
  );
}
