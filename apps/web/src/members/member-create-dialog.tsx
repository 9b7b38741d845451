import { Alert, Button, Code, CopyButton, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SIGNUP_FIELD_MAX } from '@qbank/shared/auth';
import { memberCreateRequestSchema } from '@qbank/shared/member-admin';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import type { z } from 'zod';
import { errorMessage } from '../lib/api-client';
import { zodResolver } from '../lib/zod-resolver';
import { messages } from './messages';
import { useCreateMember } from './api';
import { memberLabel } from './member-format';
import { FormError } from '../components/load-state';
import { applyFieldErrors } from '../lib/field-errors';

const m = messages.members.create;

type CreateValues = z.input<typeof memberCreateRequestSchema>;
const requestFields = ['name', 'id', 'nickname', 'school_no', 'email', 'grade'] as const satisfies readonly (keyof CreateValues)[];
const initialValues: CreateValues = { name: '', id: '', nickname: '', school_no: '', email: '', grade: null };
/** Members added here are students of grades 1–4. */
const CREATE_GRADES = [1, 2, 3, 4] as const;

export interface CreatedMember {
  label: string;
  password: string;
}

/** POST /v1/member (decision 122): the admin adds a member, approved at once, with the shared schema's rules. */
export function MemberCreateDialog({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (created: CreatedMember) => void }) {
  const create = useCreateMember();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CreateValues>({ initialValues, validate: zodResolver(memberCreateRequestSchema), validateInputOnBlur: true });

  const close = () => {
    form.reset();
    setFormError(null);
    create.reset();
    onClose();
  };

  const submit = form.onSubmit((values) => {
    setFormError(null);
    create.mutate(memberCreateRequestSchema.parse(values), {
      onSuccess: (data) => {
        // The password goes to the one modal that shows it; the mutation forgets it at once.
        onCreated({ label: memberLabel(data.member), password: data.one_time_password });
        create.reset();
        form.reset();
        onClose();
      },
      onError: (error) => {
        if (!applyFieldErrors(error, requestFields, form.setErrors)) setFormError(errorMessage(error, m.failed));
      },
    });
  });

  const textProps = { maxLength: SIGNUP_FIELD_MAX, spellCheck: false, autoComplete: 'off' } as const;

  return (
    <Modal opened={opened} onClose={close} title={m.title} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="gray.7">
            {m.intro}
          </Text>
          <FormError message={formError} />
          <TextInput label={m.name} withAsterisk {...textProps} {...form.getInputProps('name')} />
          <TextInput label={m.id} withAsterisk autoCapitalize="none" {...textProps} {...form.getInputProps('id')} />
          <TextInput label={m.nickname} withAsterisk {...textProps} {...form.getInputProps('nickname')} />
          <TextInput label={m.schoolNo} withAsterisk {...textProps} {...form.getInputProps('school_no')} />
          <TextInput label={m.email} withAsterisk type="email" maxLength={254} autoComplete="off" {...form.getInputProps('email')} />
          <NativeSelect
            label={m.grade}
            data={[{ value: '', label: m.gradeNone }, ...CREATE_GRADES.map((g) => ({ value: String(g), label: messages.members.grade(g) }))]}
            value={form.values.grade == null ? '' : String(form.values.grade)}
            onChange={(e) => form.setFieldValue('grade', e.currentTarget.value ? Number(e.currentTarget.value) : null)}
            error={form.errors.grade}
          />
          <Group justify="flex-end" gap="xs" mt="xs">
            <Button variant="default" onClick={close}>
              {messages.members.cancel}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {m.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The one-time password, shown once: closing the modal drops it for good. */
export function OneTimePasswordModal({ created, onClose }: { created: CreatedMember | null; onClose: () => void }) {
  return (
    <Modal opened={created !== null} onClose={onClose} title={m.passwordTitle} centered closeOnClickOutside={false}>
      {created && (
        <Stack gap="sm">
          <Text>{m.passwordFor(created.label)}</Text>
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {m.passwordLabel}
            </Text>
            <Code block fz="xl" data-testid="one-time-password" style={{ letterSpacing: '0.08em', userSelect: 'all' }}>
              {created.password}
            </Code>
          </Stack>
          <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} c="dark.9">
            {m.passwordOnce}
          </Alert>
          <Group justify="space-between" gap="xs">
            <CopyButton value={created.password} timeout={2000}>
              {({ copied, copy }) => (
                <Button variant="default" leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />} onClick={copy}>
                  {copied ? m.copied : m.copy}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>{m.done}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
