import { Badge, Button, Collapse, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { SimilarProblem } from '@qbank/shared/lineage';
import type { Problem } from '@qbank/shared/problems';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../components/confirm-dialog';
import { showFailure } from '../components/toasts';
import { fetchProblemContent, SIMILAR_MIN_CHARS, useSimilarProblems } from './api';
import { lineageMessages } from './messages';

// "비슷한 기출문제" under the stem of the problem editor (issue 28 item 6, decision 187): while the stem
// is written, the past problems most like it, each with "이 문제에서 시작", which hands the chosen
// problem's whole content to the editor (after asking, when the form already holds something).

const m = lineageMessages.similar;
/** Typing pauses this long before the stem is looked up. */
const TYPING_PAUSE_MS = 400;

interface SimilarProblemsPanelProps {
  /** The stem as plain text. */
  text: string;
  /** The subject the problem is written for: suggestions keep to it. */
  subjectCode: number;
  /** The problem being written (it is no suggestion for itself). */
  problemUid: number;
  /** The problem the form was last started from, if any. */
  startedFrom: number | undefined;
  /** Whether starting over would replace something the member wrote. */
  hasContent: boolean;
  onStart: (problem: Problem) => void;
}

export function SimilarProblemsPanel({ text, subjectCode, problemUid, startedFrom, hasContent, onStart }: SimilarProblemsPanelProps) {
  const [opened, setOpened] = useState(true);
  const [typed] = useDebouncedValue(text.replace(/\s+/g, ' ').trim(), TYPING_PAUSE_MS);
  const similar = useSimilarProblems(typed, subjectCode);
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<SimilarProblem | null>(null);
  const [loading, setLoading] = useState<number | null>(null);
  const titleId = useId();
  const bodyId = useId();

  const start = async (choice: SimilarProblem) => {
    setLoading(choice.uid);
    try {
      onStart(await fetchProblemContent(queryClient, choice.uid));
      setAsking(null);
    } catch (error) {
      showFailure(m.startFailed, error);
    } finally {
      setLoading(null);
    }
  };
  const choose = (choice: SimilarProblem) => (hasContent ? setAsking(choice) : void start(choice));

  const problems = (similar.data ?? []).filter((problem) => problem.uid !== problemUid);
  const status =
    typed.length < SIMILAR_MIN_CHARS
      ? m.hint(SIMILAR_MIN_CHARS)
      : similar.isPending
        ? m.loading
        : similar.isError
          ? m.failed
          : problems.length === 0
            ? m.none
            : null;

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby={titleId} bg="var(--mantine-color-gray-0)">
      <Title order={3} size="h5" id={titleId}>
        <UnstyledButton onClick={() => setOpened((open) => !open)} aria-expanded={opened} aria-controls={bodyId} mih={44} w="100%" fz="inherit" fw="inherit">
          <Group justify="space-between" wrap="nowrap">
            <span>
              {m.title}
              {problems.length > 0 ? ` ${problems.length}` : ''}
            </span>
            {opened ? <IconChevronUp size={20} aria-hidden /> : <IconChevronDown size={20} aria-hidden />}
          </Group>
        </UnstyledButton>
      </Title>
      <Collapse in={opened} id={bodyId}>
        <Stack gap="xs" pt="xs">
          <Text size="sm" c="gray.7" aria-live="polite">
            {status}
          </Text>
          {problems.length > 0 && (
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={titleId}>
              {problems.map((problem) => (
                <Paper component="li" key={problem.uid} withBorder radius="sm" p="xs">
                  <Stack gap={6}>
                    <Group gap="xs" justify="space-between" wrap="wrap">
                      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {m.place(problem.test_name, problem.year, problem.no)}
                      </Text>
                      <Badge variant="light" color="indigo" radius="sm">
                        {m.similarity(problem.similarity)}
                      </Badge>
                    </Group>
                    <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                      {problem.question_text}
                    </Text>
                    <Group justify="flex-end">
                      <Button
                        size="sm"
                        mih={44}
                        variant={startedFrom === problem.uid ? 'light' : 'default'}
                        loading={loading === problem.uid && asking === null}
                        onClick={() => choose(problem)}
                        aria-label={m.startLabel(startedFrom === problem.uid, problem.test_name, problem.no)}
                      >
                        {startedFrom === problem.uid ? m.started : m.start}
                      </Button>
                    </Group>
                  </Stack>
                </Paper>
              ))}
            </Stack>
          )}
        </Stack>
      </Collapse>
      <ConfirmDialog
        opened={asking !== null}
        title={m.replaceTitle}
        text={asking ? m.replaceText(asking.test_name, asking.no) : ''}
        confirmLabel={m.replace}
        pending={loading !== null}
        onConfirm={() => asking && void start(asking)}
        onClose={() => setAsking(null)}
      />
    </Paper>
  );
}
