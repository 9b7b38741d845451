import { loginFormSchema } from '@qbank/shared/auth';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { errorMessage, isApiRequestError } from '../lib/api-client';
import { sanitizeNextPath } from '../lib/next-path';
import { paths } from '../lib/paths';
import { useLoginSession } from '../lib/login-session';
import { zodResolver } from '../lib/zod-resolver';
import { messages } from './messages';
import { useLoginMutation } from './api';
import { AuthCard } from './auth-card';

export function LoginPage() {
  const m = messages.login;
  const session = useLoginSession();
  const [searchParams] = useSearchParams();
  const rawNext = searchParams.get('next');
  const next = sanitizeNextPath(rawNext);
  const login = useLoginMutation();
  const form = useForm({
    initialValues: { identifier: '', password: '' },
    validate: zodResolver(loginFormSchema),
    validateInputOnBlur: true,
  });

  // Signed in already, or just now: the session query holds the member, so go on to `next`.
  if (session.status === 'signed-in') return <Navigate to={next} replace />;
  if (session.status === 'checking') return <PageLoader />;

  const onSubmit = form.onSubmit((values) => {
    login.mutate(values, {
      onError: (error) => {
        const fields = isApiRequestError(error) ? error.fields : undefined;
        if (!fields) return;
        const identifierError = fields.id ?? fields.email;
        form.setErrors({
          ...(identifierError ? { identifier: identifierError } : {}),
          ...(fields.password ? { password: fields.password } : {}),
        });
      },
    });
  });

  return (
    <AuthCard title={m.title}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {login.isError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
              {errorMessage(login.error, m.failed)}
            </Alert>
          )}
          <TextInput label={m.identifier} autoComplete="username" autoCapitalize="none" spellCheck={false} {...form.getInputProps('identifier')} />
          <PasswordInput label={m.password} autoComplete="current-password" {...form.getInputProps('password')} />
          <Button type="submit" fullWidth loading={login.isPending}>
            {m.submit}
          </Button>
          <Text size="sm" ta="center">
            {m.noAccount}{' '}
            <Anchor component={Link} to={paths.signup.getHref(rawNext ? next : null)} fw={600}>
              {m.signupLink}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
