import { Group } from '@mantine/core';
import { MarkButton } from '../../annotations/mark-button';
import { ReferenceButton } from '../../reference/reference-button';

/**
 * The tools above a problem on every answering screen (issue 30): 참고치 (and its L key), and
 * 나중에 다시 보기 where the screen reviews marks before handing in (`markUid`: study sessions).
 * 형광펜 sits on the stem itself (HighlightableStem); strikes are the option picker's.
 */
export function ProblemTools({ markUid }: { markUid?: number }) {
  return (
    <Group gap="xs" wrap="wrap">
      {markUid !== undefined && <MarkButton problemUid={markUid} />}
      <ReferenceButton />
    </Group>
  );
}
