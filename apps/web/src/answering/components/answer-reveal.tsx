import { Badge, Box, Stack, Text } from '@mantine/core';
import type { ChoiceOption } from '@qbank/shared/answers';
import type { Problem } from '@qbank/shared/problems';
import { IconCheck } from '@tabler/icons-react';
import { answeringMessages as m } from '../messages';
import { isChosenOption, isOfficialOption } from '../answer-model';
import { ProblemHtml, ProblemPicture } from './problem-html';
import '../answering.css';

// The reveal: the parts of an answered problem that solve mode, the review deck and study sessions
// show alike: the options marked chosen / official, the answers and the explanation.

/** The options with the member's choice (`answer`, if any) and the official ones marked. */
export function MarkedOptions({ problem, options, answer }: { problem: Problem; options: ChoiceOption[]; answer: string | undefined }) {
  return (
    <Stack component="ul" gap={6} aria-label={m.choicesLabel} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {options.map((option) => {
        const chosen = answer !== undefined && isChosenOption(answer, option);
        const official = isOfficialOption(problem, option);
        return (
          <li key={option.value} className="qbank-solve-option" data-chosen={chosen} data-official={official}>
            <Text component="span" style={{ flex: 1, overflowWrap: 'anywhere' }}>
              {`${option.value.slice(0, 1)} ${option.label}`.trim()}
            </Text>
            {chosen && (
              <Badge variant="outline" color={official ? 'teal.9' : 'red.9'} radius="sm">
                {m.chosen}
              </Badge>
            )}
            {official && (
              <Badge variant="filled" color="teal.9" radius="sm" leftSection={<IconCheck size={12} aria-hidden />}>
                {m.officialAnswer}
              </Badge>
            )}
          </li>
        );
      })}
    </Stack>
  );
}

/** The member's typed answer. */
export function MyAnswer({ answer }: { answer: string }) {
  return (
    <Box>
      <Text fw={700} size="sm">
        {m.myAnswer}
      </Text>
      <Text className="qbank-solve-pre-line" style={{ overflowWrap: 'anywhere' }}>
        {answer}
      </Text>
    </Box>
  );
}

/** The official answer and its picture. */
export function OfficialAnswer({ problem, position }: { problem: Problem; position: number }) {
  return (
    <Box bg="blue.0" p="sm" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
      <Text fw={700} size="sm" c="blue.9">
        {m.officialAnswer}
      </Text>
      <Text className="qbank-solve-pre-line" style={{ overflowWrap: 'anywhere' }}>
        {problem.answer}
      </Text>
      <ProblemPicture path={problem.answer_pic_path} alt={m.pictures.answer(position)} />
    </Box>
  );
}

/** The explanation and its picture. */
export function Explanation({ problem, position }: { problem: Problem; position: number }) {
  return (
    <Box component="section" aria-label={m.explanation} bg="gray.0" p="sm" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
      <Text fw={700} size="sm">
        {m.explanation}
      </Text>
      {problem.comments.trim() ? <ProblemHtml html={problem.comments} /> : <Text c="gray.7">{m.noExplanation}</Text>}
      <ProblemPicture path={problem.comment_pic_path} alt={m.pictures.explanation(position)} />
    </Box>
  );
}
