import { Badge, Button, Checkbox, Group, Paper, SegmentedControl, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { DIFFICULTIES, RATING_COMMENT_MAX, type Difficulty, type Rating } from '@qbank/shared/ratings';
import { showFailure, showSuccess } from '../components/toasts';
import { useMyRating, useRate, useRatingSummary } from './api';
import { messages as m } from './messages';

const NONE = 'none';

/**
 * 이 문제 평가, under a problem once it is answered (issue 30 item 6): 좋은 문제, 문제에 오류가 있음
 * with a comment for the leads, and the difficulty felt. Saved as a whole.
 */
export function RatingPanel({ problemUid }: { problemUid: number }) {
  const mine = useMyRating(problemUid);
  if (!mine.data) return null;
  // The form starts from the stored rating; a new one (saved here or elsewhere) starts it afresh.
  return <RatingForm key={mine.data.rating?.update_time ?? 'none'} problemUid={problemUid} stored={mine.data.rating} />;
}

function RatingForm({ problemUid, stored }: { problemUid: number; stored: Rating | null }) {
  const rate = useRate(problemUid);
  const [good, setGood] = useState(stored?.good ?? false);
  const [erroneous, setErroneous] = useState(stored?.erroneous ?? false);
  const [difficulty, setDifficulty] = useState<Difficulty | null>(stored?.difficulty ?? null);
  const [comment, setComment] = useState(stored?.comment ?? '');
  const headingId = `rating-${problemUid}`;
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby={headingId}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          rate.mutate(
            { good, erroneous, difficulty, comment: erroneous ? comment : '' },
            { onSuccess: () => showSuccess(m.saved), onError: (error) => showFailure(m.saveFailed, error) },
          );
        }}
      >
        <Stack gap="xs">
          <Text id={headingId} fw={600}>
            {m.title}
          </Text>
          <Group gap="md">
            <Checkbox label={m.good} checked={good} onChange={(event) => setGood(event.currentTarget.checked)} />
            <Checkbox label={m.erroneous} checked={erroneous} onChange={(event) => setErroneous(event.currentTarget.checked)} />
          </Group>
          {erroneous && (
            <Textarea
              label={m.comment}
              value={comment}
              onChange={(event) => setComment(event.currentTarget.value)}
              maxLength={RATING_COMMENT_MAX}
              autosize
              minRows={2}
            />
          )}
          <Text component="span" id={`${headingId}-difficulty`} size="sm">
            {m.difficulty}
          </Text>
          <SegmentedControl
            aria-labelledby={`${headingId}-difficulty`}
            value={difficulty ?? NONE}
            onChange={(value) => setDifficulty(value === NONE ? null : (value as Difficulty))}
            data={[{ value: NONE, label: m.noDifficulty }, ...DIFFICULTIES.map((value) => ({ value, label: m.difficulties[value] }))]}
          />
          <Group justify="flex-end">
            {/* 44 px: a thumb's target on a phone, as every control of the answering screens. */}
            <Button type="submit" size="sm" mih={44} loading={rate.isPending}>
              {m.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** 체감 난이도 beside the measured correct rate, once five members gave one (nothing before). */
export function FeltDifficulty({ problemUid }: { problemUid: number }) {
  const { data } = useRatingSummary(problemUid);
  const felt = data?.difficulty;
  if (!felt) return null;
  const raters = felt.easy + felt.normal + felt.hard;
  return (
    <Tooltip label={m.feltTitle(felt.easy, felt.normal, felt.hard)}>
      <Badge variant="light" color={felt.felt === 'hard' ? 'red' : felt.felt === 'easy' ? 'teal' : 'gray'} tabIndex={0}>
        {m.felt(felt.felt, raters)}
      </Badge>
    </Tooltip>
  );
}
