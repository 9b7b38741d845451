import { Badge, Box, Group, List, Paper, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import type { Problem } from '@qbank/shared/problems';
import { memo } from 'react';
// Cross-feature use: only the public components of replies, never its api.ts.
import { messages } from '../messages';
import { ProblemDisputeBar } from '../../disputes/dispute-bar';
import { ReplyThread } from '../../replies/reply-thread';
import { ClassAnswersToggle } from '../../stats/class-answers';
import {
  choiceTypeLabel,
  problemAnchorId,
  problemLabel,
  showsAnswer,
  showsExplanation,
  splitChoices,
  typeLabel,
  type ViewMode,
} from '../problem-format';
import { useProblemCardSlots } from './problem-card-slots';
import { ProblemPicture } from './problem-picture';
import { RichText } from './rich-text';
import { useNegationEmphasis } from '../../lib/use-negation-emphasis';
import './problems.css';
import { ProblemNote } from '../../notes/problem-note';

const m = messages.problems;

interface ProblemCardProps {
  problem: Problem;
  view: ViewMode;
  headingOrder: TitleOrder;
  highlighted?: boolean;
  /** The comment thread starts open (the library's detail modal). */
  repliesOpened?: boolean;
}

/** One problem's card, following the member's negation-emphasis choice. */
export const ProblemCard = memo(function ProblemCard(props: ProblemCardProps) {
  const [emphasis] = useNegationEmphasis();
  return <ProblemCardView {...props} emphasizeNegation={emphasis} />;
});

/**
 * The card for a list, which reads the negation-emphasis choice once for all its cards: the
 * choice's hook listens on the window, and a listener per card of a 120-problem list is work a
 * phone does for nothing (issue 17 item 4). Memoized: a list redraws when a chunk arrives or the
 * mark moves, and only the cards whose problem, view or mark changed are drawn again.
 */
export const ProblemCardView = memo(function ProblemCardView({
  problem,
  view,
  headingOrder,
  highlighted = false,
  repliesOpened = false,
  emphasizeNegation: emphasis,
}: ProblemCardProps & { emphasizeNegation: boolean }) {
  const { Bookmark } = useProblemCardSlots();
  const label = problemLabel(problem.no);
  const type = typeLabel(problem.type);
  const choiceType = choiceTypeLabel(problem.choice_type);
  const choices = splitChoices(problem.illustration);
  const anchorId = problemAnchorId(problem.uid);
  const titleId = `${anchorId}-title`;
  const answerShown = showsAnswer(view);
  const explanationShown = showsExplanation(view);

  return (
    <Paper
      component="article"
      id={anchorId}
      aria-labelledby={titleId}
      className="qbank-problem-card"
      data-highlighted={highlighted ? 'true' : undefined}
      withBorder
      radius="md"
      p="md"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="xs" wrap="wrap">
            <Title order={headingOrder} size="h4" id={titleId}>
              {label}
            </Title>
            {type && (
              <Badge variant="light" radius="sm">
                {type}
              </Badge>
            )}
            {choiceType && (
              <Badge variant="outline" color="gray" radius="sm">
                {choiceType}
              </Badge>
            )}
          </Group>
          {Bookmark && <Bookmark problemUid={problem.uid} />}
        </Group>

        <RichText html={problem.question} emphasizeNegation={emphasis} />
        <ProblemPicture path={problem.question_pic_path} alt={m.pictures.question(label)} />

        {choices.length > 0 && (
          <List listStyleType="none" spacing={4} aria-label={m.choices}>
            {choices.map((choice, index) => (
              <List.Item key={index}>{choice}</List.Item>
            ))}
          </List>
        )}

        {answerShown && (
          <Box bg="blue.0" p="sm" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
            <Text fw={700} size="sm" c="blue.9">
              {m.answer}
            </Text>
            <Text className="qbank-pre-line">{problem.answer.trim() ? problem.answer : m.dash}</Text>
            <ProblemPicture path={problem.answer_pic_path} alt={m.pictures.answer(label)} />
          </Box>
        )}

        {answerShown && <ClassAnswersToggle uid={problem.uid} officialAnswer={problem.answer} />}

        {explanationShown && (
          <Box bg="gray.0" p="sm" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
            <Text fw={700} size="sm">
              {m.explanation}
            </Text>
            {problem.comments.trim() ? <RichText html={problem.comments} /> : <Text c="gray.7">{m.emptyContent}</Text>}
            <ProblemPicture path={problem.comment_pic_path} alt={m.pictures.explanation(label)} />
          </Box>
        )}

        <ProblemNote problemUid={problem.uid} />
        <ProblemDisputeBar problemUid={problem.uid} label={label} currentKey={answerShown ? problem.answer : null} />
        <ReplyThread problemUid={problem.uid} replyCount={problem.reply_count} defaultOpened={repliesOpened} />
      </Stack>
    </Paper>
  );
});
