import { Modal, NumberInput, SimpleGrid, Text } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { SLOT_COUNT_MAX } from '@qbank/shared/authoring';
import { createEmptySlotsRequestSchema } from '@qbank/shared/authoring-slots';
import { messages } from './messages';
import { useCreateSlots } from './api';
import { showSuccess } from '../components/toasts';
import { zodResolver } from '../lib/zod-resolver';
import { StackedForm } from './stacked-form';
import { FormActions } from '../components/form-actions';
import { FormError } from '../components/load-state';

const d = messages.authoring.addProblems;

type Counts = { multiple_choice: number; subjective: number; slide: number };
const FIELDS = [
  ['multiple_choice', d.multipleChoice],
  ['subjective', d.subjective],
  ['slide', d.slide],
] as const;

const countOf = (value: string | number) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const validateRequest = zodResolver<unknown>(createEmptySlotsRequestSchema);

/** A total of 0 is refused (the request's own rule and text), said once for the whole form. */
function countsErrors(testCode: number, counts: Counts): FormErrors {
  const message = Object.values(validateRequest({ test_code: testCode, counts }))[0];
  return message === undefined ? {} : { counts: message };
}

function AddForm({ testCode, onClose }: { testCode: number; onClose: () => void }) {
  const form = useForm<Counts>({
    initialValues: { multiple_choice: 0, subjective: 0, slide: 0 },
    validate: (counts) => countsErrors(testCode, counts),
  });
  const create = useCreateSlots();
  const counts = form.values;
  const total = counts.multiple_choice + counts.subjective + counts.slide;
  const error = form.errors.counts ?? null;

  // A shown error goes as soon as the input it was about becomes valid (issue 12 item 6).
  const change = (key: keyof Counts, value: string | number) => {
    const next = { ...counts, [key]: countOf(value) };
    form.setFieldValue(key, next[key]);
    if (error !== null && Object.keys(countsErrors(testCode, next)).length === 0) form.clearErrors();
  };

  const submit = form.onSubmit((values) => {
    create.mutate(createEmptySlotsRequestSchema.parse({ test_code: testCode, counts: values }), {
      onSuccess: ({ created }) => {
        showSuccess(d.added(created.length));
        onClose();
      },
      onError: (failure) => form.setErrors({ counts: d.failed(failure.message) }),
    });
  });

  return (
    <StackedForm onSubmit={submit}>
      <Text size="sm" c="gray.7">
        {d.intro}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        {FIELDS.map(([key, label]) => (
          <NumberInput
            key={key}
            label={label}
            min={0}
            max={SLOT_COUNT_MAX}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            value={counts[key]}
            onChange={(value) => change(key, value)}
          />
        ))}
      </SimpleGrid>
      <Text fw={600} aria-live="polite">
        {d.total(total)}
      </Text>
      <FormError message={error} />
      <FormActions cancelLabel={messages.authoring.cancel} submitLabel={d.submit} onCancel={onClose} pending={create.isPending} />
    </StackedForm>
  );
}

/** Adding problems: counts per type, the total shown; all slots made in one transaction. */
export function AddProblemsDialog({ opened, testCode, onClose }: { opened: boolean; testCode: number; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={d.title} centered>
      {opened && <AddForm testCode={testCode} onClose={onClose} />}
    </Modal>
  );
}
