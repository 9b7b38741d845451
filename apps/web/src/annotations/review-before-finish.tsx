import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useMarkedProblems } from './api';
import { messages } from './messages';

const m = messages.review;

export interface ReviewProblem {
  /** 1-based place in the session. */
  position: number;
  problemUid: number;
  answered: boolean;
}

function Positions({ label, empty, problems, onGo }: { label: string; empty: string; problems: ReviewProblem[]; onGo: (position: number) => void }) {
  return (
    <Stack gap={6} component="section" aria-label={label}>
      <Title order={3} size="h5">
        {problems.length === 0 ? empty : label}
      </Title>
      {problems.length > 0 && (
        <Group gap={6} wrap="wrap">
          {problems.map((problem) => (
            <Button
              key={problem.position}
              variant="default"
              size="sm"
              miw={48}
              // A thumb's target on a phone (44 px), as on the session screen behind the dialog.
              mih={44}
              aria-label={m.goToLabel(problem.position)}
              onClick={() => onGo(problem.position)}
            >
              {m.goTo(problem.position)}
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  );
}

/**
 * 제출 전 확인 of a timed session (issue 30 item 3): the problems not answered and the ones marked
 * 다시 보기, each one tap away; then hand in (one press: this is the confirmation), or go on answering.
 * `notice` is what stands in the way of handing in (offline, a failed finish), and `canFinish` says
 * whether the press is possible now.
 */
export function ReviewBeforeFinish({
  opened,
  onClose,
  problems,
  onGo,
  onFinish,
  finishing,
  canFinish = true,
  notice,
}: {
  opened: boolean;
  onClose: () => void;
  problems: readonly ReviewProblem[];
  onGo: (position: number) => void;
  onFinish: () => void;
  finishing: boolean;
  canFinish?: boolean;
  notice?: ReactNode;
}) {
  const markedUids = useMarkedProblems(problems.map((problem) => problem.problemUid));
  const marked = problems.filter((problem) => markedUids.has(problem.problemUid));
  const unanswered = problems.filter((problem) => !problem.answered);
  const go = (position: number) => {
    onClose();
    onGo(position);
  };
  return (
    <Modal opened={opened} onClose={onClose} title={m.title} centered>
      <Stack gap="md">
        <Text>{m.intro(problems.length - unanswered.length, problems.length)}</Text>
        <Positions label={m.unanswered(unanswered.length)} empty={m.noneUnanswered} problems={unanswered} onGo={go} />
        <Positions label={m.marked(marked.length)} empty={m.noneMarked} problems={marked} onGo={go} />
        {notice}
        <Group justify="space-between">
          <Button variant="default" mih={44} onClick={onClose}>
            {m.back}
          </Button>
          <Button mih={44} onClick={onFinish} loading={finishing} disabled={!canFinish}>
            {m.finish}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
