import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useId } from 'react';
import { selfJudgeMessages as sj } from '../self-judge-messages';
import '../answering.css';

/**
 * 맞음 / 틀림 for an essay or slide answer, once the official answer is in view (decision
 * 116). `verdict` is the member's earlier verdict (null before they gave one); pressing
 * the other button changes it. Y and N do the same from the keyboard (use-answer-shortcuts.ts).
 */
export function SelfJudgment({ verdict, onJudge }: { verdict: boolean | null; onJudge: (correct: boolean) => void }) {
  // Several can be on one screen (a session's result lists every text answer).
  const titleId = useId();
  return (
    <Paper withBorder radius="sm" p="sm" component="section" aria-labelledby={titleId} data-testid="self-judgment">
      <Stack gap="xs">
        <Text fw={700} size="sm" id={titleId}>
          {sj.title}
        </Text>
        <Text size="sm">{sj.prompt}</Text>
        <Group gap="xs" wrap="wrap">
          <Button
            className="qbank-solve-target"
            color="teal.9"
            variant={verdict === true ? 'filled' : 'outline'}
            aria-pressed={verdict === true}
            aria-keyshortcuts="Y"
            leftSection={<IconCheck size={18} aria-hidden />}
            onClick={() => onJudge(true)}
          >
            {`${sj.correct} (Y)`}
          </Button>
          <Button
            className="qbank-solve-target"
            color="red.9"
            variant={verdict === false ? 'filled' : 'outline'}
            aria-pressed={verdict === false}
            aria-keyshortcuts="N"
            leftSection={<IconX size={18} aria-hidden />}
            onClick={() => onJudge(false)}
          >
            {`${sj.wrong} (N)`}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
