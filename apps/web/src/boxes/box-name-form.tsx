import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { createBoxRequestSchema, type CreateBoxRequest } from '@qbank/shared/boxes';
import { IconPlus } from '@tabler/icons-react';
import type { z } from 'zod';
import { zodResolver } from '../lib/zod-resolver';
import { messages } from './messages';
import { FormActions } from '../components/form-actions';

const b = messages.boxes;

/**
 * The new-box form: inline beside its button in the library's box list, stacked with 취소 in the
 * bookmark modal. The name is checked by the shared schema (the server's own texts); `onCreate`
 * answers whether the box was made, and only then is the name cleared.
 */
export function BoxNameForm({
  layout,
  busy,
  onCreate,
  onCancel,
}: {
  layout: 'inline' | 'stacked';
  busy: boolean;
  onCreate: (request: CreateBoxRequest) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const form = useForm<z.input<typeof createBoxRequestSchema>>({ initialValues: { box_name: '' }, validate: zodResolver(createBoxRequestSchema) });
  const submit = form.onSubmit(async (values) => {
    if (await onCreate(createBoxRequestSchema.parse(values))) form.reset();
  });
  const stacked = layout === 'stacked';
  const input = (
    <TextInput
      label={b.boxName}
      placeholder={b.boxNamePlaceholder}
      required
      {...form.getInputProps('box_name')}
      {...(stacked ? { 'data-autofocus': true, autoFocus: true } : { style: { flex: 1 } })}
    />
  );
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      {stacked ? (
        <Stack gap="xs">
          {input}
          <FormActions cancelLabel={b.cancel} submitLabel={b.create} onCancel={onCancel} pending={busy} />
        </Stack>
      ) : (
        <Group gap="xs" align="flex-start" wrap="nowrap">
          {input}
          <Button type="submit" mt={25} loading={busy} leftSection={<IconPlus size={16} aria-hidden />}>
            {b.create}
          </Button>
        </Group>
      )}
    </form>
  );
}
