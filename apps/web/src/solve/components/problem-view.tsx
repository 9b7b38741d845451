import { Alert, Badge, Box, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ChoiceOption } from '@qbank/shared/answers';
import type { Problem } from '@qbank/shared/problems';
import { IconAlertTriangle, IconCheck, IconFolderPlus, IconRefresh, IconStar, IconStarFilled, IconX } from '@tabler/icons-react';
import { useState, type FormEvent, type Ref } from 'react';
import { messages } from '../messages';
import { isChosenOption, isOfficialOption, type SolveResult } from '../solve-model';
import { SolveHtml, SolvePicture } from './solve-content';
import '../solve.css';

const m = messages.solve;

const TYPE_LABELS: Record<number, string> = {
  1: messages.problems.types.multipleChoice,
  2: messages.problems.types.subjective,
  4: messages.problems.types.slide,
};

export interface ImportantToggle {
  checked: boolean;
  busy: boolean;
  onToggle: () => void;
}

/** One problem of solve mode: passage, question, the answer area or, once answered, the result. */
export function ProblemView({
  problem,
  position,
  options,
  result,
  answering,
  explanation,
  important,
  onAnswer,
  onRetry,
  onOpenBoxes,
  resultRef,
}: {
  problem: Problem;
  position: number;
  options: ChoiceOption[] | null;
  result: SolveResult | undefined;
  /** The answer area is shown (not answered yet, or 다시 풀기 pressed). */
  answering: boolean;
  explanation: boolean;
  important: ImportantToggle;
  onAnswer: (answer: string) => void;
  onRetry: () => void;
  onOpenBoxes: () => void;
  resultRef: Ref<HTMLDivElement>;
}) {
  const headingId = `solve-problem-${problem.uid}`;
  const type = TYPE_LABELS[problem.type];
  const header = problem.set_header;
  const range = header ? m.setHeaderRange(header.begin_problem_no, header.end_problem_no) : '';

  return (
    <Paper component="article" aria-labelledby={headingId} withBorder radius="md" p="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Group gap="xs" wrap="wrap">
            <Title order={2} size="h3" id={headingId}>
              {m.problemHeading(position)}
            </Title>
            {type && (
              <Badge variant="light" radius="sm">
                {type}
              </Badge>
            )}
            <Badge variant="outline" color="gray.7" radius="sm">
              {m.examNumber(problem.no)}
            </Badge>
          </Group>
          <Group gap="xs">
            <Button
              variant={important.checked ? 'filled' : 'default'}
              className="qbank-solve-target"
              aria-pressed={important.checked}
              loading={important.busy}
              onClick={important.onToggle}
              leftSection={important.checked ? <IconStarFilled size={18} aria-hidden /> : <IconStar size={18} aria-hidden />}
            >
              {m.important}
            </Button>
            <Button
              variant="default"
              className="qbank-solve-target"
              aria-haspopup="dialog"
              onClick={onOpenBoxes}
              leftSection={<IconFolderPlus size={18} aria-hidden />}
            >
              {m.addToBox}
            </Button>
          </Group>
        </Group>

        {header && (
          <Paper component="section" aria-label={`${m.setHeader} ${range}`} bg="blue.0" p="sm" radius="sm" className="qbank-solve-set-header">
            <Stack gap="xs">
              <Group gap="xs">
                <Badge variant="filled" radius="sm">
                  {m.setHeader}
                </Badge>
                <Text fw={700}>{range}</Text>
              </Group>
              <SolveHtml html={header.header_text} />
              <SolvePicture path={header.pic_path} alt={m.pictures.setHeader(range)} />
            </Stack>
          </Paper>
        )}

        <SolveHtml html={problem.question} />
        <SolvePicture path={problem.question_pic_path} alt={m.pictures.question(position)} />

        {answering ? (
          options ? (
            <ChoiceButtons options={options} onAnswer={onAnswer} />
          ) : (
            <>
              {problem.illustration.trim() && <Text className="qbank-solve-pre-line">{problem.illustration}</Text>}
              <TextAnswer key={problem.uid} onAnswer={onAnswer} />
            </>
          )
        ) : (
          result && (
            <ResultView
              problem={problem}
              position={position}
              options={options}
              result={result}
              explanation={explanation}
              onRetry={onRetry}
              resultRef={resultRef}
            />
          )
        )}
      </Stack>
    </Paper>
  );
}

function ChoiceButtons({ options, onAnswer }: { options: ChoiceOption[]; onAnswer: (answer: string) => void }) {
  return (
    <Stack gap="xs" role="group" aria-label={m.choicesLabel}>
      {options.map((option) => (
        <Button
          key={option.value}
          variant="default"
          fullWidth
          className="qbank-solve-choice"
          fw={400}
          aria-keyshortcuts={String(option.key)}
          onClick={() => onAnswer(option.value)}
        >
          {`${option.value.slice(0, 1)} ${option.label}`.trim()}
        </Button>
      ))}
    </Stack>
  );
}

/** Essay and slide problems (and choices the parser cannot read): a typed answer and 제출. */
function TextAnswer({ onAnswer }: { onAnswer: (answer: string) => void }) {
  const [value, setValue] = useState('');
  const empty = value.trim().length === 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!empty) onAnswer(value.trim());
  }

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput
          label={m.answerInput}
          placeholder={m.answerPlaceholder}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          onKeyDown={(event) => {
            // Esc leaves the field, so the shortcuts work again without reaching for the mouse.
            if (event.key === 'Escape') event.currentTarget.blur();
          }}
          maxLength={500}
          autoComplete="off"
          style={{ flex: '1 1 14rem' }}
          styles={{ input: { minHeight: 44 } }}
        />
        <Button type="submit" className="qbank-solve-target" disabled={empty}>
          {m.submit}
        </Button>
      </Group>
    </form>
  );
}

function ResultView({
  problem,
  position,
  options,
  result,
  explanation,
  onRetry,
  resultRef,
}: {
  problem: Problem;
  position: number;
  options: ChoiceOption[] | null;
  result: SolveResult;
  explanation: boolean;
  onRetry: () => void;
  resultRef: Ref<HTMLDivElement>;
}) {
  return (
    <Stack gap="sm" ref={resultRef} tabIndex={-1} className="qbank-solve-result">
      <Group justify="space-between" gap="sm">
        <Badge
          size="xl"
          radius="sm"
          color={result.correct ? 'teal.9' : 'red.9'}
          leftSection={result.correct ? <IconCheck size={18} aria-hidden /> : <IconX size={18} aria-hidden />}
          data-testid="solve-verdict"
        >
          {result.correct ? m.correct : m.wrong}
        </Badge>
        <Button variant="default" className="qbank-solve-target" leftSection={<IconRefresh size={18} aria-hidden />} onClick={onRetry}>
          {m.retry}
        </Button>
      </Group>

      {result.save === 'failed' && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} title={m.saveFailed} role="alert">
          <Text size="sm" c="dark.9">
            {m.saveFailedHint}
          </Text>
        </Alert>
      )}

      {options ? (
        <Stack component="ul" gap={6} aria-label={m.choicesLabel} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {options.map((option) => {
            const chosen = isChosenOption(result.answer, option);
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
      ) : (
        <Box>
          <Text fw={700} size="sm">
            {m.myAnswer}
          </Text>
          <Text className="qbank-solve-pre-line" style={{ overflowWrap: 'anywhere' }}>
            {result.answer}
          </Text>
        </Box>
      )}

      <Box bg="blue.0" p="sm" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
        <Text fw={700} size="sm" c="blue.9">
          {m.officialAnswer}
        </Text>
        <Text className="qbank-solve-pre-line" style={{ overflowWrap: 'anywhere' }}>
          {problem.answer}
        </Text>
        <SolvePicture path={problem.answer_pic_path} alt={m.pictures.answer(position)} />
      </Box>

      {explanation && (
        <Box component="section" aria-label={m.explanation} bg="gray.0" p="sm" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
          <Text fw={700} size="sm">
            {m.explanation}
          </Text>
          {problem.comments.trim() ? <SolveHtml html={problem.comments} /> : <Text c="gray.7">{m.noExplanation}</Text>}
          <SolvePicture path={problem.comment_pic_path} alt={m.pictures.explanation(position)} />
        </Box>
      )}
    </Stack>
  );
}
