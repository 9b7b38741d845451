import { Button, Group, Modal, NumberInput, SimpleGrid, Text } from '@mantine/core';
import { createEmptySlotsRequestSchema, SLOT_COUNT_MAX } from '@qbank/shared/authoring';
import { useState } from 'react';
import { messages } from './messages';
import { useCreateSlots } from './api';
import { showSuccess } from '../components/toasts';
import { StackedForm } from './stacked-form';
import { FormError } from '../components/load-state';

const d = messages.authoring.addProblems;

type Counts = { multiple_choice: number; subjective: number; slide: number };
const FIELDS = [
  ['multiple_choice', d.multipleChoice],
  ['subjective', d.subjective],
  ['slide', d.slide],
] as const;

const countOf = (value: string | number) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

function AddForm({ testCode, onClose }: { testCode: number; onClose: () => void }) {
  const [counts, setCounts] = useState<Counts>({ multiple_choice: 0, subjective: 0, slide: 0 });
  const [error, setError] = useState<string | null>(null);
  const create = useCreateSlots();
  const total = counts.multiple_choice + counts.subjective + counts.slide;

  // A shown error goes as soon as the input it was about becomes valid (issue 12 item 6).
  const change = (key: keyof Counts, value: string | number) => {
    const next = { ...counts, [key]: countOf(value) };
    setCounts(next);
    if (error !== null && createEmptySlotsRequestSchema.safeParse({ test_code: testCode, counts: next }).success) setError(null);
  };

  const submit = () => {
    // Spec §5: a total of 0 is refused (the request's own rule and text).
    const checked = createEmptySlotsRequestSchema.safeParse({ test_code: testCode, counts });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? '');
      return;
    }
    setError(null);
    create.mutate(checked.data, {
      onSuccess: ({ created }) => {
        showSuccess(d.added(created.length));
        onClose();
      },
      onError: (failure) => setError(d.failed(failure.message)),
    });
  };

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
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose} disabled={create.isPending}>
          {messages.authoring.cancel}
        </Button>
        <Button type="submit" loading={create.isPending}>
          {d.submit}
        </Button>
      </Group>
    </StackedForm>
  );
}

/** Spec §2 "Add problem": counts per type, the total shown; all slots made in one transaction. */
export function AddProblemsDialog({ opened, testCode, onClose }: { opened: boolean; testCode: number; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={d.title} centered>
      {opened && <AddForm testCode={testCode} onClose={onClose} />}
    </Modal>
  );
}
