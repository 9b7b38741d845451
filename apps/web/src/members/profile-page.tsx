import { Alert, Button, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { useLoginSession } from '../lib/login-session';
import { messages } from './messages';

/** The profile is a demo form only; saving shows a note and sends nothing. */
export function ProfilePage() {
  const m = messages.profile;
  useDocumentTitle(messages.app.pageTitle(messages.titles.profile));
  const session = useLoginSession();
  const user = session.user;
  const form = useForm({
    initialValues: { name: user?.name ?? '', nickname: user?.nickname ?? '', email: user?.email ?? '' },
  });

  return (
    <Stack gap="md" maw={520}>
      <Title order={1}>{messages.titles.profile}</Title>
      <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
        {m.demoNotice}
      </Alert>
      <Paper withBorder p="lg">
        <form
          onSubmit={form.onSubmit(() => {
            notifications.show({ message: m.saved, autoClose: 3000 });
          })}
          noValidate
        >
          <Stack gap="md">
            <TextInput label={m.name} autoComplete="name" {...form.getInputProps('name')} />
            <TextInput label={m.nickname} autoComplete="nickname" {...form.getInputProps('nickname')} />
            <TextInput label={m.email} type="email" autoComplete="email" {...form.getInputProps('email')} />
            <Button type="submit" w="fit-content">
              {m.save}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
