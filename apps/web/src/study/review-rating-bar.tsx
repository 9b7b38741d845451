import { Button, Group, Stack, Text } from '@mantine/core';
import { REVIEW_RATINGS, type ReviewRating } from '@qbank/shared/review';
import { reviewMessages as m } from './review-messages';

/** When the problem comes back, in words: 오늘, 내일, N일 뒤. */
export function dueInWords(dueAt: string, now = Date.now()): string {
  const startOfDay = (time: number) => {
    const date = new Date(time);
    date.setHours(0, 0, 0, 0);
    return date.getTime();
  };
  return m.days(Math.round((startOfDay(Date.parse(dueAt)) - startOfDay(now)) / 86_400_000));
}

/** The optional self-rating after the verdict: 다시 / 어려움 / 알맞음 / 쉬움 (keys 1–4, as in Anki), and when it is due next. */
export function ReviewRatingBar({
  rating,
  dueAt,
  disabled,
  onRate,
}: {
  rating: ReviewRating | null;
  dueAt: string | null;
  disabled: boolean;
  onRate: (rating: ReviewRating) => void;
}) {
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600} id="review-rating-legend">
        {m.rating.legend}
      </Text>
      <Group gap={6} grow role="group" aria-labelledby="review-rating-legend" wrap="nowrap">
        {REVIEW_RATINGS.map((value, index) => (
          <Button
            key={value}
            aria-keyshortcuts={String(index + 1)}
            variant={rating === value ? 'filled' : 'default'}
            color={value === 'again' ? 'red.9' : value === 'easy' ? 'teal.9' : undefined}
            aria-pressed={rating === value}
            disabled={disabled}
            className="qbank-solve-target"
            px={4}
            onClick={() => onRate(value)}
          >
            {`${m.rating[value]} ${index + 1}`}
          </Button>
        ))}
      </Group>
      {dueAt && (
        <Text size="sm" c="gray.7" data-testid="review-next-due">
          {m.nextDue(dueInWords(dueAt))}
        </Text>
      )}
    </Stack>
  );
}
