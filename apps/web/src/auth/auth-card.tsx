import { Paper, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { messages } from './messages';

/** The narrow card that frames the login and signup forms. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(messages.app.pageTitle(title));
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} maw={440} mx="auto" my="xl">
      <Title order={1} size="h2" mb="lg">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
