import { ActionIcon, Badge, Button, Group, Paper, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconBulb, IconBulbOff, IconQuestionMark } from '@tabler/icons-react';
import { NegationEmphasisSwitch } from '../../problems/components/negation-emphasis-switch';
import { answeringMessages as m } from '../messages';
import type { Score } from '../answer-model';
import { BackLinkButton } from './back-link-button';

/**
 * The top bar: exit, the exam's title (the page's one h1), shortcut help, the
 * explanation switch, the position and, once something is answered, the accuracy.
 */
export function AnswerTopBar({
  title,
  exitHref,
  position,
  total,
  score,
  explanation,
  onToggleExplanation,
  onHelp,
}: {
  title: string;
  exitHref: string;
  /** 1-based; 0 while there is no problem to show. */
  position: number;
  total: number;
  score: Score | null;
  explanation: boolean;
  onToggleExplanation: () => void;
  onHelp: () => void;
}) {
  return (
    <Paper component="header" withBorder radius="md" p="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <BackLinkButton to={exitHref} iconSize={18} style={{ flexShrink: 0 }}>
            {m.exit}
          </BackLinkButton>
          <Title order={1} size="h3" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {title}
          </Title>
        </Group>
        {/* Its own item, so on a phone it wraps under the title instead of crowding the buttons. */}
        <NegationEmphasisSwitch />
        {/* The position and accuracy, and the two buttons, are each kept on one line, and they wrap
            as two pieces on a phone: as one unbreakable row they were wider than 375 px, so "1 / 39"
            broke and 해설 보기 was cut off (issue 26 item 8). The ? never wraps alone (issue 12 item 5). */}
        <Group gap="xs" wrap="wrap" justify="flex-end" ml="auto">
          {total > 0 && (
            <Group gap="xs" wrap="nowrap">
              <Text fw={700} aria-live="polite" style={{ whiteSpace: 'nowrap' }} data-testid="solve-position">
                <VisuallyHidden component="span">{m.positionLabel} </VisuallyHidden>
                <span>{m.position(position, total)}</span>
              </Text>
              {score?.percent != null && (
                <Badge size="lg" variant="light" color="blue" radius="sm" style={{ flexShrink: 0 }} title={m.accuracyDetail(score.correct, score.answered)}>
                  {m.accuracy(score.percent)}
                </Badge>
              )}
            </Group>
          )}
          <Group gap="xs" wrap="nowrap" ml="auto">
            <Button
              style={{ flexShrink: 0 }}
              variant={explanation ? 'filled' : 'default'}
              className="qbank-solve-target"
              aria-pressed={explanation}
              aria-keyshortcuts="H"
              onClick={onToggleExplanation}
              leftSection={explanation ? <IconBulb size={18} aria-hidden /> : <IconBulbOff size={18} aria-hidden />}
            >
              {m.explanationMode}
            </Button>
            <ActionIcon variant="default" size="xl" aria-label={m.help} title={m.help} aria-haspopup="dialog" aria-keyshortcuts="?" onClick={onHelp}>
              <IconQuestionMark size={20} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
      </Group>
    </Paper>
  );
}
