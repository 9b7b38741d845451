import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { validationMessages } from '@qbank/shared/messages';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../lib/api-client';
import { paths } from '../lib/paths';
import { messages } from './messages';
import { AuthCard } from './auth-card';
import { usePasswordChangeConfirm } from './password-change-api';

const m = messages.passwordConfirm;

/** After a successful change, /login follows in 3 s. */
export const REDIRECT_AFTER_CHANGE_MS = 3000;

function LoginButton() {
  return (
    <Button component={Link} to={paths.login.getHref()} variant="default">
      {m.toLogin}
    </Button>
  );
}

/**
 * /change-password?token=… — the link in the password-change mail: loading, then success (and
 * /login after 3 s) or the error text.
 */
export function ChangePasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const confirm = usePasswordChangeConfirm();
  const { mutate } = confirm;

  // The token is single-use: StrictMode runs this effect twice on the same component (and the
  // refs survive that), so the ref lets only the first run send it.
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    mutate(token);
  }, [token, mutate]);

  useEffect(() => {
    if (!confirm.isSuccess) return;
    const timer = window.setTimeout(() => void navigate(paths.login.getHref(), { replace: true }), REDIRECT_AFTER_CHANGE_MS);
    return () => window.clearTimeout(timer);
  }, [confirm.isSuccess, navigate]);

  let body;
  if (!token) {
    body = (
      <Stack gap="md" align="flex-start">
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert" w="100%">
          {validationMessages.passwordChangeTokenMissing}
        </Alert>
        <LoginButton />
      </Stack>
    );
  } else if (confirm.isSuccess) {
    body = (
      <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
        {m.success}
      </Alert>
    );
  } else if (confirm.isError) {
    body = (
      <Stack gap="md" align="flex-start">
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert" w="100%">
          {errorMessage(confirm.error, validationMessages.passwordChangeConfirmFailed)}
        </Alert>
        <LoginButton />
      </Stack>
    );
  } else {
    body = (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text>{m.checking}</Text>
      </Group>
    );
  }

  return <AuthCard title={messages.titles.changePassword}>{body}</AuthCard>;
}
