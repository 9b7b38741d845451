import { Anchor, Breadcrumbs, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { messages } from './messages';

const m = messages.subjects;

/** Breadcrumb back to /subjects, then the page heading. */
export function SubjectPageHeader({ title, subjectName }: { title: string; subjectName: string | undefined }) {
  return (
    <Stack gap={6}>
      <Breadcrumbs component="nav" aria-label={m.breadcrumb} separator="›" separatorMargin={6}>
        <Anchor component={Link} to={paths.subjects.getHref()} size="sm">
          {messages.titles.subjects}
        </Anchor>
        {subjectName && (
          <Text span size="sm" c="gray.7">
            {subjectName}
          </Text>
        )}
      </Breadcrumbs>
      <Title order={1}>{title}</Title>
    </Stack>
  );
}

/** "과목을 찾을 수 없습니다." with a way back. */
export function SubjectNotFound() {
  return (
    <Stack gap="md" align="flex-start">
      <Title order={1}>{m.notFound}</Title>
      <Group>
        <Button component={Link} to={paths.subjects.getHref()} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
          {m.backToSubjects}
        </Button>
      </Group>
    </Stack>
  );
}
