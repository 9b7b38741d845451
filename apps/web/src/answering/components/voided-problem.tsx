import { Alert, Stack, Text } from '@mantine/core';
import type { Problem } from '@qbank/shared/problems';
import { IconBan } from '@tabler/icons-react';
import { answeringMessages as m } from '../messages';
import { Explanation, OfficialAnswer } from './answer-reveal';

/**
 * A 문항 무효 problem where the answer area would be (decision 079): it takes no answer and is not
 * judged, so no options to press and no verdict; an answer given before the voiding is shown
 * as it was, without 정답/오답. `reveal` is false while a timed session hides every key.
 */
export function VoidedProblem({ problem, position, answer, reveal }: { problem: Problem; position: number; answer: string | undefined; reveal: boolean }) {
  return (
    <Stack gap="sm" data-testid="voided-problem">
      <Alert color="gray" variant="light" icon={<IconBan aria-hidden />} title={m.voidedTitle}>
        <Text size="sm" c="dark.9">
          {m.voidedText}
        </Text>
      </Alert>
      {answer !== undefined && (
        <div>
          <Text fw={700} size="sm">
            {m.voidedEarlierAnswer}
          </Text>
          <Text className="qbank-solve-pre-line" style={{ overflowWrap: 'anywhere' }}>
            {answer}
          </Text>
        </div>
      )}
      {reveal && problem.answer.trim() && <OfficialAnswer problem={problem} position={position} />}
      {reveal && <Explanation problem={problem} position={position} />}
    </Stack>
  );
}
