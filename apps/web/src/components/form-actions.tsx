import { Button, Group, type MantineSpacing } from '@mantine/core';

/** A form's closing row: cancel (held while saving), then the submit button showing the save in progress. */
export function FormActions({
  cancelLabel,
  submitLabel,
  onCancel,
  pending,
  mt,
}: {
  cancelLabel: string;
  submitLabel: string;
  onCancel?: (() => void) | undefined;
  pending: boolean;
  mt?: MantineSpacing;
}) {
  return (
    <Group justify="flex-end" gap="xs" mt={mt}>
      <Button variant="default" onClick={onCancel} disabled={pending}>
        {cancelLabel}
      </Button>
      <Button type="submit" loading={pending}>
        {submitLabel}
      </Button>
    </Group>
  );
}
