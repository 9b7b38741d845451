import { Button, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { createDisputeRequestSchema } from '@qbank/shared/disputes';
import { errorMessage, isApiRequestError } from '../lib/api-client';
import { zodResolver } from '../lib/zod-resolver';
import { useFileDispute } from './api';
import { disputeMessages as m } from './messages';

/** A new dispute: the answer believed correct, the reasoning (required) and a reference line. */
export function DisputeForm({ problemUid, onFiled }: { problemUid: number; onFiled?: () => void }) {
  const file = useFileDispute(problemUid);
  const form = useForm({
    initialValues: { claimed_answer: '', reason: '', reference: '' },
    validate: zodResolver(createDisputeRequestSchema),
  });

  const submit = form.onSubmit((values) => {
    file.mutate(
      { claimed_answer: values.claimed_answer, reason: values.reason, ...(values.reference.trim() ? { reference: values.reference } : {}) },
      {
        onSuccess: () => {
          form.reset();
          notifications.show({ color: 'teal', message: m.submitted });
          onFiled?.();
        },
        onError: (error) => {
          if (isApiRequestError(error) && error.fields) form.setErrors(error.fields);
          else notifications.show({ color: 'red', title: m.submitFailed, message: errorMessage(error, m.submitFailed) });
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label={m.fileTitle}>
      <Stack gap="sm">
        <Title order={3} size="h5">
          {m.fileTitle}
        </Title>
        <TextInput label={m.claimedAnswer} description={m.claimedAnswerHint} withAsterisk {...form.getInputProps('claimed_answer')} />
        <Textarea label={m.reason} placeholder={m.reasonPlaceholder} withAsterisk autosize minRows={3} maxRows={8} {...form.getInputProps('reason')} />
        <TextInput label={m.reference} placeholder={m.referencePlaceholder} {...form.getInputProps('reference')} />
        <Button type="submit" loading={file.isPending}>
          {m.submit}
        </Button>
      </Stack>
    </form>
  );
}
