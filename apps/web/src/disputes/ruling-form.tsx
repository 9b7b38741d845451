import { Button, SegmentedControl, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { RULING_DECISIONS, rulingRequestSchema, type Dispute, type RulingDecision } from '@qbank/shared/disputes';
import { errorMessage, isApiRequestError } from '../lib/api-client';
import { zodResolver } from '../lib/zod-resolver';
import { useRuleDispute } from './api';
import { disputeMessages as m } from './messages';

/** The lead's ruling: accept (with the new key, the claim by default), reject or void, with a reason. */
export function RulingForm({ dispute }: { dispute: Dispute }) {
  const rule = useRuleDispute();
  const form = useForm<{ decision: RulingDecision; answer: string; reason: string }>({
    initialValues: { decision: 'accepted', answer: dispute.claimed_answer, reason: '' },
    validate: zodResolver(rulingRequestSchema),
  });
  const submit = form.onSubmit((values) => {
    const body = values.decision === 'accepted' ? values : { decision: values.decision, reason: values.reason };
    rule.mutate(
      { code: dispute.code, body },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: m.ruled }),
        onError: (error) => {
          if (isApiRequestError(error) && error.fields) form.setErrors(error.fields);
          notifications.show({ color: 'red', title: m.ruleFailed, message: errorMessage(error, m.ruleFailed) });
        },
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate aria-label={m.decision}>
      <Stack gap="xs">
        <SegmentedControl
          aria-label={m.decision}
          data={RULING_DECISIONS.map((value) => ({ value, label: m.decisions[value]! }))}
          {...form.getInputProps('decision')}
          fullWidth
        />
        {form.values.decision === 'accepted' && <TextInput label={m.newAnswer} description={m.newAnswerHint} withAsterisk {...form.getInputProps('answer')} />}
        <Textarea label={m.rulingReasonLabel} placeholder={m.rulingReasonPlaceholder} withAsterisk autosize minRows={2} {...form.getInputProps('reason')} />
        <Button type="submit" loading={rule.isPending}>
          {m.rule}
        </Button>
      </Stack>
    </form>
  );
}
