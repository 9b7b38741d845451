import { Badge, Group, Text } from '@mantine/core';
import { gradeCodeLabel } from '@qbank/shared/grade';
import { messages } from './messages';

/** The grades and quarters a subject is taught in, one quiet badge each; '-' when none. */
export function GradeChips({ grades }: { grades: number[] }) {
  if (grades.length === 0) return <Text span c="gray.7">{messages.leadSubjects.noValue}</Text>;
  return (
    <Group gap={4}>
      {grades.map((grade) => (
        <Badge key={grade} variant="light" color="gray" c="dark.7" radius="sm" size="sm" tt="none">
          {gradeCodeLabel(grade)}
        </Badge>
      ))}
    </Group>
  );
}
