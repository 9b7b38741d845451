import { Badge, Group, List, Paper, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import type { Problem } from '@qbank/shared/problems';
import { memo, type CSSProperties } from 'react';
// Cross-feature use: only the public components of replies, never its api.ts.
import { messages } from '../messages';
import { ProblemDisputeBar } from '../../disputes/dispute-bar';
import { ReplyThread } from '../../replies/reply-thread';
import { ClassAnswersToggle } from '../../stats/class-answers';
import { choiceTypeLabel, problemAnchorId, problemLabel, showsAnswer, showsExplanation, splitChoices, typeLabel, type ViewMode } from '../problem-format';
import { useProblemCardSlots } from './problem-card-slots';
import { ProblemPicture } from './problem-picture';
import { RichText } from './rich-text';
import { SearchHitText } from '../../components/search-hit-text';
import { useNegationEmphasis } from '../../lib/use-negation-emphasis';
import './problems.css';
import { ProblemNote } from '../../notes/problem-note';

const m = messages.problems;

// The variables and styles Mantine's components set for the props the card used to pass them
// (<Paper withBorder radius="md" p="md">, <Stack gap="sm">, <Group …>, <List spacing={4}>, …).
type Vars = CSSProperties & Record<`--${string}`, string>;
const cardStyle: Vars = { '--paper-radius': 'var(--mantine-radius-md)', padding: 'var(--mantine-spacing-md)' };
const stackSm: Vars = { '--stack-gap': 'var(--mantine-spacing-sm)', '--stack-align': 'stretch', '--stack-justify': 'flex-start' };
const headerGroup: Vars = {
  '--group-gap': 'var(--mantine-spacing-md)',
  '--group-align': 'flex-start',
  '--group-justify': 'space-between',
  '--group-wrap': 'nowrap',
};
const labelGroup: Vars = {
  '--group-gap': 'var(--mantine-spacing-xs)',
  '--group-align': 'center',
  '--group-justify': 'flex-start',
  '--group-wrap': 'wrap',
};
const choiceList: Vars = { '--list-spacing': 'calc(0.25rem * var(--mantine-scale))', listStyleType: 'none' };
const smallText: Vars = { '--text-fz': 'var(--mantine-font-size-sm)', '--text-lh': 'var(--mantine-line-height-sm)' };
const answerBox: CSSProperties = { borderRadius: 'var(--mantine-radius-sm)', padding: 'var(--mantine-spacing-sm)', background: 'var(--mantine-color-blue-0)' };
const explanationBox: CSSProperties = { ...answerBox, background: 'var(--mantine-color-gray-0)' };
const answerHeading: Vars = { ...smallText, color: 'var(--mantine-color-blue-9)', fontWeight: 700 };
const explanationHeading: Vars = { ...smallText, fontWeight: 700 };
const grayText: CSSProperties = { color: 'var(--mantine-color-gray-7)' };

interface ProblemCardProps {
  problem: Problem;
  view: ViewMode;
  headingOrder: TitleOrder;
  highlighted?: boolean;
  /** The comment thread starts open (the library's detail modal). */
  repliesOpened?: boolean;
  /** The viewer's applied search: its hits are marked in the question, choices, answer and explanation. */
  searchQuery?: string;
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
  searchQuery,
  emphasizeNegation: emphasis,
}: ProblemCardProps & { emphasizeNegation: boolean }) {
  const { Bookmark, Lineage } = useProblemCardSlots();
  const label = problemLabel(problem.no);
  const type = typeLabel(problem.type);
  const choiceType = choiceTypeLabel(problem.choice_type);
  const choices = splitChoices(problem.illustration);
  const anchorId = problemAnchorId(problem.uid);
  const titleId = `${anchorId}-title`;
  const answerShown = showsAnswer(view);
  const explanationShown = showsExplanation(view);

  return (
    // Plain elements with Mantine's own classes and variables, not <Paper>, <Stack>, <Group>,
    // <List>, <Box> and <Text>: the same markup and look, without each component's style and
    // theme resolution on every render, which a list of 120 cards paid ~40 times a card on a
    // phone (issue 17 item 4). Titles, badges and buttons stay Mantine's.
    <article
      id={anchorId}
      aria-labelledby={titleId}
      className={`qbank-problem-card ${Paper.classes.root}`}
      data-with-border="true"
      data-highlighted={highlighted ? 'true' : undefined}
      style={cardStyle}
    >
      <div className={Stack.classes.root} style={stackSm}>
        <div className={Group.classes.root} style={headerGroup}>
          <div className={Group.classes.root} style={labelGroup}>
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
            {Lineage && <Lineage problemUid={problem.uid} />}
          </div>
          {Bookmark && <Bookmark problemUid={problem.uid} />}
        </div>

        <RichText html={problem.question} emphasizeNegation={emphasis} searchQuery={searchQuery} />
        <ProblemPicture path={problem.question_pic_path} alt={m.pictures.question(label)} />

        {choices.length > 0 && (
          <ul className={List.classes.root} data-type="none" aria-label={m.choices} style={choiceList}>
            {choices.map((choice, index) => (
              <li key={index} className={List.classes.item}>
                <div className={List.classes.itemWrapper}>
                  <span>
                    <SearchHitText text={choice} query={searchQuery} />
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}

        {answerShown && (
          <div style={answerBox}>
            <p className={Text.classes.root} data-size="sm" style={answerHeading}>
              {m.answer}
            </p>
            <p className={`qbank-pre-line ${Text.classes.root}`}>
              {problem.answer.trim() ? <SearchHitText text={problem.answer} query={searchQuery} /> : m.dash}
            </p>
            <ProblemPicture path={problem.answer_pic_path} alt={m.pictures.answer(label)} />
          </div>
        )}

        {answerShown && <ClassAnswersToggle uid={problem.uid} officialAnswer={problem.answer} />}

        {explanationShown && (
          <div style={explanationBox}>
            <p className={Text.classes.root} data-size="sm" style={explanationHeading}>
              {m.explanation}
            </p>
            {problem.comments.trim() ? (
              <RichText html={problem.comments} searchQuery={searchQuery} />
            ) : (
              <p className={Text.classes.root} style={grayText}>
                {m.emptyContent}
              </p>
            )}
            <ProblemPicture path={problem.comment_pic_path} alt={m.pictures.explanation(label)} />
          </div>
        )}

        <ProblemNote problemUid={problem.uid} />
        <ProblemDisputeBar problemUid={problem.uid} label={label} problemKey={problem.answer} keyShown={answerShown} />
        <ReplyThread problemUid={problem.uid} replyCount={problem.reply_count} defaultOpened={repliesOpened} />
      </div>
    </article>
  );
});
