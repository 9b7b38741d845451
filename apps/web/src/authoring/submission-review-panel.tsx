import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { formatDateTime } from '@qbank/shared/format';
import { reviewRequestSchema, type ReviewRequest } from '@qbank/shared/submission-review';
import { useReviewHistory, useReviewSubmission } from './submission-review-api';
import { submissionReviewMessages as m } from './submission-review-messages';
import { showFailure, showSuccess } from '../components/toasts';
import { zodResolver } from '../lib/zod-resolver';
import { SectionCard } from '../components/section-card';

const validateRequest = zodResolver<unknown>(reviewRequestSchema);

/** On the lead problem detail: approve or return the submission, and every step so far. */
export function SubmissionReviewPanel({ uid }: { uid: number }) {
  const history = useReviewHistory(uid);
  const review = useReviewSubmission(uid);
  const form = useForm({ initialValues: { comment: '' } });
  const steps = history.data ?? [];
  const waiting = steps[0]?.action === 'submitted';

  // Two submit buttons, one per decision: the decision is the button's, the comment the form's.
  const send = (decision: ReviewRequest['decision']) => {
    const { comment } = form.getValues();
    const request = { decision, ...(comment.trim() ? { comment } : {}) };
    const errors = validateRequest(request);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    review.mutate(reviewRequestSchema.parse(request), {
      onSuccess: () => {
        form.reset();
        showSuccess(decision === 'approved' ? m.approved : m.returned);
      },
      onError: (err) => showFailure(m.failed, err),
    });
  };

  if (history.isSuccess && steps.length === 0) return null;
  return (
    <SectionCard titleId="review-title" title={m.panelTitle}>
      <Text size="sm" c="gray.8">
        {waiting ? m.waiting : m.notWaiting}
      </Text>
      {waiting && (
        <>
          <Textarea label={m.commentLabel} placeholder={m.commentPlaceholder} {...form.getInputProps('comment')} autosize minRows={2} />
          <Group gap="xs">
            <Button onClick={() => send('approved')} loading={review.isPending}>
              {m.approve}
            </Button>
            <Button variant="outline" color="red.9" onClick={() => send('changes_requested')} loading={review.isPending}>
              {m.requestChanges}
            </Button>
          </Group>
        </>
      )}
      <Text fw={700} size="sm">
        {m.history}
      </Text>
      <Stack component="ol" gap={4} style={{ paddingLeft: 18, margin: 0 }}>
        {steps.map((step) => (
          <Text component="li" key={step.code} size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span fw={600} size="sm">
              {m.status[step.action]}
            </Text>{' '}
            {m.step(step.actor_nickname, formatDateTime(step.creation_time))}
            {step.comment ? ` — ${step.comment}` : ''}
          </Text>
        ))}
      </Stack>
    </SectionCard>
  );
}
