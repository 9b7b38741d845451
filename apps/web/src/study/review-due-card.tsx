import { Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { isApproved, useLoginSession } from '../lib/login-session';
import { useReviewCount } from './review-api';
import { reviewMessages as m } from './review-messages';

/** "오늘 복습할 문제 N개" with the start button (/home and the dashboard); nothing for visitors. */
export function ReviewDueCard() {
  const login = useLoginSession();
  const approved = login.status === 'signed-in' && isApproved(login.user);
  const count = useReviewCount(approved);
  if (!approved || count.isPending) return null;
  const due = count.data ?? 0;

  return (
    <Paper component="section" aria-labelledby="review-due-title" withBorder radius="md" p="md" data-testid="review-due-card">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 16rem' }}>
          <ThemeIcon size="lg" radius="md" variant="light" color={due > 0 ? 'orange' : 'teal'} aria-hidden>
            <IconRepeat size={20} />
          </ThemeIcon>
          <Stack gap={2}>
            <Text component="h2" fw={700} fz="lg" m={0} id="review-due-title">
              {count.isError ? m.countFailed : due > 0 ? m.dueToday(due) : m.dueNone}
            </Text>
            <Text size="sm" c="gray.7">
              {due > 0 ? m.dueText : m.dueNoneText}
            </Text>
          </Stack>
        </Group>
        {due > 0 && (
          <Button component={Link} to={paths.studyReview.getHref()} size="md" style={{ minHeight: 44 }} fullWidth={false}>
            {m.start}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
