import { Badge, Text } from '@mantine/core';
import type { MySlot } from '@qbank/shared/my-problems';
import { submissionReviewMessages as m } from './submission-review-messages';

/** On /dashboard/my: the review step of a submitted slot, and the lead's comment when it came back. */
export function SubmissionReviewNote({ slot }: { slot: MySlot }) {
  const label = m.status[slot.review_status];
  if (!label) return null;
  const color = slot.review_status === 'changes_requested' ? 'red.9' : slot.review_status === 'approved' ? 'teal.9' : 'blue.8';
  return (
    <>
      <Badge color={color} variant="filled" radius="sm">
        {label}
      </Badge>
      {slot.review_comment && (
        <Text size="sm" c="red.9" w="100%" style={{ overflowWrap: 'anywhere' }} data-testid="review-comment">
          {m.returnedComment(slot.review_comment)}
        </Text>
      )}
    </>
  );
}
