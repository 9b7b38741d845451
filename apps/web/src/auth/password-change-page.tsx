import { Alert, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { validationMessages } from '@qbank/shared/messages';
import { passwordChangeFormSchema, type PasswordChangeForm } from '@qbank/shared/password-change';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { errorMessage, isApiRequestError } from '../lib/api-client';
import { useLoginSession } from '../lib/login-session';
import { zodResolver } from '../lib/zod-resolver';
import { messages } from './messages';
import { usePasswordChangeRequest } from './password-change-api';
import { NewPasswordInputs } from './new-password-inputs';

const m = messages.passwordChange;

/** The password banners stay for 5 s. */
export const PASSWORD_BANNER_MS = 5000;

type Banner = { kind: 'success' | 'error'; text: string };

const FORM_FIELDS = ['email', 'old_password', 'new_password'] as const;

/**
 * /dashboard/settings/password: checks the form with the shared schema, then asks
 * the server to mail a confirmation link. The new password applies only when that link is opened.
 */
export function PasswordChangePage() {
  useDocumentTitle(messages.app.pageTitle(messages.titles.settingsPassword));
  const session = useLoginSession();
  const user = session.user;
  const request = usePasswordChangeRequest();
  const [banner, setBanner] = useState<Banner | null>(null);

  const form = useForm<PasswordChangeForm>({
    initialValues: { email: user?.email ?? '', old_password: '', new_password: '', new_password_confirm: '' },
    // Checked on submit, not on blur: a message appearing as the confirmation field loses focus
    // would move the submit button away from under the pointer, and the click would be lost.
    validate: zodResolver(passwordChangeFormSchema),
  });

  useEffect(() => {
    if (!banner) return;
    const timer = window.setTimeout(() => setBanner(null), PASSWORD_BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [banner]);

  const onSubmit = form.onSubmit((values) => {
    if (!user) {
      setBanner({ kind: 'error', text: validationMessages.passwordChangeUserMissing });
      return;
    }
    setBanner(null);
    request.mutate(
      { id: user.id, email: values.email, old_password: values.old_password, new_password: values.new_password },
      {
        onSuccess: () => {
          form.setValues({ old_password: '', new_password: '', new_password_confirm: '' });
          form.resetDirty();
          setBanner({ kind: 'success', text: m.sent });
        },
        onError: (error) => {
          setBanner({ kind: 'error', text: errorMessage(error, m.failed) });
          const fields = isApiRequestError(error) ? error.fields : undefined;
          if (!fields) return;
          const errors: Record<string, string> = {};
          for (const name of FORM_FIELDS) {
            const text = fields[name];
            if (text) errors[name] = text;
          }
          form.setErrors(errors);
        },
      },
    );
  });

  return (
    <Stack gap="md" maw={520}>
      <Title order={1}>{messages.titles.settingsPassword}</Title>
      <Text c="gray.7">{m.intro}</Text>
      {banner && (
        <Alert
          color={banner.kind === 'success' ? 'teal' : 'red'}
          variant="light"
          icon={banner.kind === 'success' ? <IconMailCheck aria-hidden /> : <IconAlertCircle aria-hidden />}
          role={banner.kind === 'success' ? 'status' : 'alert'}
          withCloseButton
          closeButtonLabel={messages.common.close}
          onClose={() => setBanner(null)}
        >
          {banner.text}
        </Alert>
      )}
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <TextInput
              label={m.email}
              description={m.emailHint}
              type="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              {...form.getInputProps('email')}
            />
            <PasswordInput label={m.currentPassword} autoComplete="current-password" {...form.getInputProps('old_password')} />
            <NewPasswordInputs
              labels={{ password: m.newPassword, hint: m.hint, confirm: m.newPasswordConfirm }}
              password={form.getInputProps('new_password')}
              confirm={form.getInputProps('new_password_confirm')}
            />
            <Button type="submit" loading={request.isPending} w={{ base: '100%', sm: 'auto' }}>
              {m.submit}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
